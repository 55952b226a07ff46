import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BufferClosedError } from '../ingest/buffer';
import { REQUEST_ID_HEADER } from '../request-id';
import { sendNotFoundPage } from '../site-page';
import { APP_POLICY, REFERRER_POLICY } from './security-headers';
import { isDamagedDatabase, isDatabaseUnavailable } from '../storage/unavailable';

export const SERVER_STOPPING = 'The server is stopping. Please try again.';
/** What a page that is not there gets when even the not-found page cannot be made (the database down). */
const BARE_NOT_FOUND = '<!doctype html><html lang="en"><meta charset="utf-8"><title>Not found</title><h1>Page not found</h1><p><a href="/">Go to the home page</a></p></html>';

export const BRIEFLY_UNAVAILABLE = 'This site is briefly unavailable. Please try again in a minute.';
export const OUT_OF_DISK_SPACE = 'The server is out of disk space.';
/** What a visitor's browser shows while the database does not answer: a page, not a JSON line. */
const UNAVAILABLE_PAGE = `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Briefly unavailable</title><h1>Briefly unavailable</h1><p>${BRIEFLY_UNAVAILABLE}</p><p><a href="">Try again</a></p></html>`;
const RETRY_AFTER_S = '30';
const SERVER_ERROR = 'Internal server error.';
/**
 * What a browser shows for any other server error: a page with a way back, not a JSON line, and
 * the request's id for the site's owner to find the log line by (request-id.ts: nothing in it
 * needs escaping).
 */
const serverErrorPage = (requestId: string) =>
  `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Server error</title><h1>Server error</h1><p>This page could not be shown because of an error on the server. Please try again later.</p><p>If it keeps happening, tell the site's owner this reference: <code>${requestId}</code></p><p><a href="">Try again</a> · <a href="/">Go to the home page</a></p></html>`;

/** A browser asking for a page (not an image, a script or an API call). */
const wantsPage = (request: FastifyRequest) => (request.method === 'GET' || request.method === 'HEAD') && /\btext\/html\b/.test(request.headers.accept ?? '');

const INVALID_ADDRESS = 'This address is not valid.';
const INVALID_ADDRESS_PAGE = `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Bad request</title><h1>Bad request</h1><p>${INVALID_ADDRESS} Check the link, or go on from the home page.</p><p><a href="/">Go to the home page</a></p></html>`;

/**
 * Fastify's `frameworkErrors`: an address it cannot even route (broken %-encoding, a parameter
 * past its length). Without it the browser gets Fastify's own JSON, which names its internals.
 */
export function answerUnroutable(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  request.log.info({ code: error.code }, 'An address that cannot be routed: answered 400.');
  // No hook runs for it, so the headers every answer carries are set here.
  void reply.code(400).headers({ 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': REFERRER_POLICY, 'Content-Security-Policy': APP_POLICY, [REQUEST_ID_HEADER]: request.id });
  void (wantsPage(request) ? reply.type('text/html; charset=utf-8').send(INVALID_ADDRESS_PAGE) : reply.type('application/json').send({ error: INVALID_ADDRESS }));
}

function sendServerError(request: FastifyRequest, reply: FastifyReply, status = 500): void {
  void reply.code(status);
  void (wantsPage(request) ? reply.type('text/html; charset=utf-8').send(serverErrorPage(request.id)) : reply.type('application/json').send({ error: SERVER_ERROR }));
}

/** Every error answers JSON with a status (a browser asking for a page gets a page); bad input is a 4xx, never a crash. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A write that arrives while the server stops: the client may send it again elsewhere.
    if (error instanceof BufferClosedError) return void reply.code(503).header('Retry-After', '1').type('application/json').send({ error: SERVER_STOPPING });
    // The database is down, restarting or out of disk: nothing is wrong with the request.
    if (isDatabaseUnavailable(error)) {
      request.log.error({ code: (error as { code?: string }).code, reason: error.message }, 'The database is unavailable: answered 503 (see /readyz).');
      void reply.code(503).header('Retry-After', RETRY_AFTER_S);
      return void (wantsPage(request) ? reply.type('text/html; charset=utf-8').send(UNAVAILABLE_PAGE) : reply.type('application/json').send({ error: BRIEFLY_UNAVAILABLE }));
    }
    // A damaged SQLite file: waiting does not mend it, so a 500, and a line that says what to do.
    if (isDamagedDatabase(error)) {
      request.log.error({ code: (error as { code?: string }).code, reason: error.message }, 'The database file is damaged: answered 500. Stop the server and restore a backup (docs/deployment.md, "Backups").');
      return void sendServerError(request, reply);
    }
    // A file write on a full disk (an upload, an image width): 507, and a line that says so.
    if (error.code === 'ENOSPC' || error.code === 'EDQUOT') {
      request.log.error({ code: error.code, reason: error.message }, 'The disk is full: answered 507.');
      return void reply.code(507).type('application/json').send({ error: OUT_OF_DISK_SPACE });
    }
    const status = error.validation ? 400 : error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status < 500) return void reply.code(status).type('application/json').send({ error: error.message });
    request.log.error(error);
    sendServerError(request, reply, status);
  });
  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api/')) return reply.code(404).send({ error: 'Not found.' });
    // A browser asking for a page gets the site's not-found page; a missing image or script, a line.
    if (!wantsPage(request)) return reply.code(404).type('text/plain; charset=utf-8').send('Not found.');
    try {
      return await sendNotFoundPage(app, request, reply);
    } catch (error) {
      request.log.error(error);
      return reply.code(404).type('text/html; charset=utf-8').send(BARE_NOT_FOUND);
    }
  });
}
