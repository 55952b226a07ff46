import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const CRUMB_COOKIE = 'crumb';
export const CRUMB_HEADER = 'x-csrf-token';

/** The crumb cookie is read by the runtime (so not HttpOnly) and sent back as a parameter. */
export function setCrumbCookie(reply: FastifyReply, crumb: string): void {
  void reply.setCookie(CRUMB_COOKIE, crumb, { path: '/', sameSite: 'lax', httpOnly: false });
}

/** Makes sure the visitor holds a valid crumb; answers it. */
export function ensureCrumb(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): string {
  const current = request.cookies[CRUMB_COOKIE];
  if (app.crumbs.valid(current)) return current;
  const crumb = app.crumbs.issue();
  setCrumbCookie(reply, crumb);
  return crumb;
}

/**
 * Every /api/ call must carry the crumb (query `crumb`, or the crumb header) matching the
 * crumb cookie, signed by this server. Otherwise: 403 {crumbFail: true, crumb: <new>}.
 */
export function registerCrumbCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    if (request.routeOptions.config?.crumb === false) return;
    const query = request.query as Record<string, unknown> | undefined;
    const sent = query?.crumb ?? request.headers[CRUMB_HEADER];
    const cookie = request.cookies[CRUMB_COOKIE];
    if (app.crumbs.valid(sent) && sent === cookie) return;
    const crumb = app.crumbs.issue();
    setCrumbCookie(reply, crumb);
    return reply.code(403).send({ crumbFail: true, crumb });
  });
}
