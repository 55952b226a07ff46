import type { FastifyError, FastifyInstance } from 'fastify';
import { BufferClosedError } from '../ingest/buffer';
import { sendNotFoundPage } from '../site-page';

export const SERVER_STOPPING = 'The server is stopping. Please try again.';
/** What a page that is not there gets when even the not-found page cannot be made (the database down). */
const BARE_NOT_FOUND = '<!doctype html><html lang="en"><meta charset="utf-8"><title>Not found</title><h1>Page not found</h1><p><a href="/">Go to the home page</a></p></html>';

/** Every error answers JSON with a status; bad input is a 4xx, never a crash. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A write that arrives while the server stops: the client may send it again elsewhere.
    if (error instanceof BufferClosedError) return void reply.code(503).header('Retry-After', '1').type('application/json').send({ error: SERVER_STOPPING });
    const status = error.validation ? 400 : error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error(error);
    const message = status >= 500 ? 'Internal server error.' : error.message;
    void reply.code(status).type('application/json').send({ error: message });
  });
  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api/')) return reply.code(404).send({ error: 'Not found.' });
    // A browser asking for a page gets the site's not-found page; a missing image or script, a line.
    const page = (request.method === 'GET' || request.method === 'HEAD') && /\btext\/html\b/.test(request.headers.accept ?? '');
    if (!page) return reply.code(404).type('text/plain; charset=utf-8').send('Not found.');
    try {
      return await sendNotFoundPage(app, request, reply);
    } catch (error) {
      request.log.error(error);
      return reply.code(404).type('text/html; charset=utf-8').send(BARE_NOT_FOUND);
    }
  });
}
