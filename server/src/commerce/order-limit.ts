/**
 * Orders per client address. A checkout is a form anyone may post (a donation or a gift card
 * needs no cart), so a script could fill the orders table, each order with its review
 * requests. Each address may place FORM_ADDRESS_RATE_LIMIT orders within 10 minutes, as it may
 * submit each form that often; counted in the database, so every instance counts alike.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FORM_RATE_WINDOW_MS, retryAfterSeconds, takeFromWindows } from '../security/limits';

/** Takes one order from the address's window; when it is full, sets Retry-After and answers true. */
export async function orderRefused(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  const app = request.server;
  const refused = await takeFromWindows(app.storage, [{ key: `orders:address:${request.ip}`, limit: app.settings.formAddressRateLimit }], FORM_RATE_WINDOW_MS);
  if (refused) void reply.header('Retry-After', retryAfterSeconds(refused));
  return refused !== null;
}
