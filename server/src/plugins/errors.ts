import type { FastifyError, FastifyInstance } from 'fastify';

/** Every error answers JSON with a status; bad input is a 4xx, never a crash. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.validation ? 400 : error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error(error);
    const message = status >= 500 ? 'Internal server error.' : error.message;
    void reply.code(status).type('application/json').send({ error: message });
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/')) {
      void reply.code(404).send({ error: 'Not found.' });
      return;
    }
    void reply
      .code(404)
      .type('text/html; charset=utf-8')
      .send('<!doctype html><html lang="en"><meta charset="utf-8"><title>Not found</title><h1>Page not found</h1><p><a href="/">Go to the home page</a></p></html>');
  });
}
