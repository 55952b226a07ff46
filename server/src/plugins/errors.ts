import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BufferClosedError } from '../ingest/buffer';
import { createOutageLog } from './outage-log';
import { REQUEST_ID_HEADER } from '../request-id';
import { errorPage, type ErrorPageKind } from '../error-pages';
import { ERROR_PAGE_WORDS } from '../page-text';
import { sendNotFoundPage } from '../site-page';
import { APP_POLICY, REFERRER_POLICY } from './security-headers';
import { corsHeadersFor } from './site-origins';
import { BACKUPS_DOC } from '../storage/open';
import { isDamagedDatabase, isDatabaseDiskFull, isDatabaseUnavailable, noteDamage } from '../storage/unavailable';

export const SERVER_STOPPING = 'The server is stopping. Please try again.';
export const BRIEFLY_UNAVAILABLE = ERROR_PAGE_WORDS.unavailable;
const RETRY_AFTER_S = '30';
const SERVER_ERROR = 'Internal server error.';
const INVALID_ADDRESS = 'This address is not valid.';

/** A browser asking for a page (not an image, a script or an API call). */
const wantsPage = (request: FastifyRequest) => (request.method === 'GET' || request.method === 'HEAD') && /\btext\/html\b/.test(request.headers.accept ?? '');

/**
 * Fastify's `frameworkErrors`: an address it cannot even route (broken %-encoding, a parameter
 * past its length). Without it the browser gets Fastify's own JSON, which names its internals.
 */
export function answerUnroutable(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  request.log.info({ code: error.code }, 'An address that cannot be routed: answered 400.');
  // No hook runs for it, so the headers every answer carries (and a listed site's CORS) are set here.
  void reply.code(400).headers({ ...corsHeadersFor(request), 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': REFERRER_POLICY, 'Content-Security-Policy': APP_POLICY, [REQUEST_ID_HEADER]: request.id });
  void send(request, reply, 'badRequest', INVALID_ADDRESS);
}

/** A browser asking for a page gets the short page of that kind; anything else, `{ error: message }`. */
async function send(request: FastifyRequest, reply: FastifyReply, kind: ErrorPageKind, message: string): Promise<FastifyReply> {
  if (!wantsPage(request)) return reply.type('application/json').send({ error: message });
  return reply.type('text/html; charset=utf-8').send(await errorPage(request.server, kind, request.id));
}

/** What a self-hoster reads when the database's disk is full: pages are still served, nothing is stored. */
const databaseDiskFull = (app: FastifyInstance) =>
  `The database's disk is full: answered 503. Pages are still served, but nothing visitors or the owner send is stored until space is freed ${
    app.storage.engine === 'sqlite' ? `on the disk that holds DATA_DIR (${app.settings.dataDir})` : "where PostgreSQL keeps its data"
  }.`;

/** Every error answers JSON with a status (a browser asking for a page gets a page); bad input is a 4xx, never a crash. */
export function registerErrorHandling(app: FastifyInstance): void {
  const outages = createOutageLog(app.log, app.settings.outageLogWindowMs);
  app.addHook('onClose', async () => outages.close());
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    // A write that arrives while the server stops: the client may send it again elsewhere.
    if (error instanceof BufferClosedError) return reply.code(503).header('Retry-After', '1').type('application/json').send({ error: SERVER_STOPPING });
    // The database is down, restarting or out of disk: nothing is wrong with the request.
    if (isDatabaseUnavailable(error)) {
      app.metrics.databaseRefused(isDatabaseDiskFull(error) ? 'disk_full' : 'unavailable');
      outages.tell(request, isDatabaseDiskFull(error) ? databaseDiskFull(app) : 'The database is unavailable: answered 503 (see /readyz).', { code: (error as { code?: string }).code, reason: error.message });
      return send(request, reply.code(503).header('Retry-After', RETRY_AFTER_S), 'unavailable', BRIEFLY_UNAVAILABLE);
    }
    // A damaged SQLite file: waiting does not mend it, so a 500, and a line that says what to do.
    if (isDamagedDatabase(error)) {
      noteDamage(app.storage, error);
      app.metrics.databaseRefused('damaged');
      request.log.error({ code: (error as { code?: string }).code, reason: error.message }, `The database file is damaged: answered 500. Stop the server and restore a backup (${BACKUPS_DOC}).`);
      return send(request, reply.code(500), 'serverError', SERVER_ERROR);
    }
    const status = error.validation ? 400 : error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status < 500) return reply.code(status).type('application/json').send({ error: error.message });
    request.log.error(error);
    return send(request, reply.code(status), 'serverError', SERVER_ERROR);
  });
  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api/')) return reply.code(404).send({ error: 'Not found.' });
    // A browser asking for a page gets the site's not-found page; a missing image or script, a line.
    if (!wantsPage(request)) return reply.code(404).type('text/plain; charset=utf-8').send('Not found.');
    try {
      return await sendNotFoundPage(app, request, reply);
    } catch (error) {
      request.log.error(error);
      return reply.code(404).type('text/html; charset=utf-8').send(await errorPage(app, 'notFound', request.id));
    }
  });
}
