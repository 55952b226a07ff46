/**
 * A request as its log line (LOG_REQUESTS) shows it: Fastify's fields, with the query values
 * that act for someone written as ***. A `token` opens a new-password, review or unsubscribe
 * page; a `crumb` is the visitor's guard against forged posts; a `cartToken` is a visitor's
 * cart. Logs are kept and shipped; those must not be usable from them.
 */
import type { FastifyRequest } from 'fastify';

const SECRET_QUERY_VALUE = /([?&](?:token|crumb|cartToken)=)[^&#]*/gi;

export const urlForLog = (url: string): string => url.replace(SECRET_QUERY_VALUE, '$1***');

export const requestForLog = (request: FastifyRequest) => ({
  method: request.method,
  url: urlForLog(request.url),
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});
