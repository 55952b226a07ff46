import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fromListedSite } from './site-origins';
import { CRUMB_PATH } from '../../../contract/api/paths';

import { CRUMB_COOKIE, CRUMB_HEADER } from '../../../contract/crumb';

export { CRUMB_COOKIE, CRUMB_HEADER };

/** The crumb cookie is read by the runtime (so not HttpOnly) and sent back as a parameter. */
export function setCrumbCookie(reply: FastifyReply, crumb: string): void {
  void reply.setCookie(CRUMB_COOKIE, crumb, { path: '/', sameSite: 'lax', httpOnly: false });
}

/** The crumb issued to a request that came without one: the page and its forms must carry the same. */
const issued = new WeakMap<FastifyRequest, string>();

/** Makes sure the visitor holds a valid crumb; answers it (the same one however often a request asks). */
export function ensureCrumb(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): string {
  const current = request.cookies[CRUMB_COOKIE];
  if (app.crumbs.valid(current)) return current;
  const already = issued.get(request);
  if (already) return already;
  const crumb = app.crumbs.renew(current);
  issued.set(request, crumb);
  setCrumbCookie(reply, crumb);
  return crumb;
}

/**
 * Every /api/ call must carry the crumb (query `crumb`, or the crumb header) matching the
 * crumb cookie, signed by this server. Otherwise: 403 {crumbFail: true, crumb: <the one to use>}.
 */
export function registerCrumbCheck(app: FastifyInstance): void {
  const listed = new Set(app.settings.siteOrigins);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/') || request.method === 'OPTIONS') return;
    if (request.routeOptions.config?.crumb === false) return;
    const query = request.query as Record<string, unknown> | undefined;
    const sent = query?.crumb ?? request.headers[CRUMB_HEADER];
    const cookie = request.cookies[CRUMB_COOKIE];
    // A listed site on another host cannot read this server's cookie: its Origin, checked by
    // the browser and by site-origins.ts, stands in for the double submit; the crumb it sends
    // must still be one this server signed.
    if (app.crumbs.valid(sent) && (sent === cookie || fromListedSite(request, listed))) return;
    // The visitor's cookie, when it is ours (another call may have just set it); else the one
    // crumb every call carrying that stale cookie gets.
    if (app.crumbs.valid(cookie)) return reply.code(403).send({ crumbFail: true, crumb: cookie });
    const crumb = app.crumbs.renew(cookie);
    setCrumbCookie(reply, crumb);
    return reply.code(403).send({ crumbFail: true, crumb });
  });
}

/**
 * `GET /api/1/crumb` answers a crumb (and sets the cookie): the runtime on a site on another
 * host asks for one before its first beacon, which cannot take the crumbFail answer's.
 */
export function registerCrumbRoute(app: FastifyInstance): void {
  app.get(CRUMB_PATH, { config: { crumb: false } }, async (request, reply) => ({ crumb: ensureCrumb(app, request, reply) }));
}
