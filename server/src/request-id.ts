/**
 * Every request's id: in each of its log lines (`reqId`), in the `X-Request-Id` answer header
 * and on the server error page, so that a visitor's "it broke" leads to the log line. Behind a
 * trusted proxy that sends its own `X-Request-Id` (nginx's `$request_id`), that one, so that the
 * proxy's log and this one agree; from anyone else a header is ignored. A random UUID otherwise:
 * Fastify's own counter starts again at each start and repeats across instances.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { TrustProxy } from './config';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What an id from a proxy may be: short, and nothing a log or a page would have to escape. */
const FORWARDED_ID = /^[\w.:@=+/-]{1,128}$/;

/** Whether the peer that sent this request is a proxy the settings trust. */
function fromTrustedProxy(trust: TrustProxy): (request: IncomingMessage) => boolean {
  if (trust === false || trust === 0) return () => false;
  if (trust === true || typeof trust === 'number') return () => true;
  const trusted = proxyAddr.compile(trust);
  return (request) => trusted(request.socket.remoteAddress ?? '', 0);
}

export function requestIdGenerator(trust: TrustProxy): (request: IncomingMessage) => string {
  const trustedPeer = fromTrustedProxy(trust);
  return (request) => {
    const given = request.headers[REQUEST_ID_HEADER];
    return typeof given === 'string' && FORWARDED_ID.test(given) && trustedPeer(request) ? given : randomUUID();
  };
}
