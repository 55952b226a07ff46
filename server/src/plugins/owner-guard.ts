import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAdmin } from '../accounts';

/** Every route under this path is owner data, for a signed-in ADMIN only. */
export const OWNER_API_PREFIX = '/api/owner/';

/** Owner data is for a signed-in ADMIN only: 401 for visitors, 403 for other roles. */
export async function requireAdmin(request: FastifyRequest, reply: FastifyReply) {
  if (!request.account) return reply.code(401).send({ error: 'Sign in to see this.' });
  if (!isAdmin(request.account)) return reply.code(403).send({ error: 'Only the site owner can see this.' });
}

/**
 * Checks the role on every owner route as the request arrives, before its body is parsed or
 * validated: a visitor learns nothing about a route's schema, and no owner route can forget it.
 */
export function registerOwnerGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.url?.startsWith(OWNER_API_PREFIX)) return requireAdmin(request, reply);
  });
}
