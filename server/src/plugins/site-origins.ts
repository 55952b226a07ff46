/**
 * Sites on other hosts (SITE_ORIGINS): a theme's page on its own host, with the runtime's
 * `data-api-base` pointing here. Their calls get CORS answers with credentials (@fastify/cors,
 * preflight included, for the crumb and cart headers); a call to the API from any other site
 * (its Origin, or for a pixel its Referer) is refused before it stores anything.
 */
import cors from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CRUMB_HEADER } from '../../../contract/crumb';
import { CART_TOKEN_HEADER } from '../../../contract/commerce/routes';
import { isHttpOrigin } from '../config';

export const FOREIGN_ORIGIN = 'This site is not served by this server (SITE_ORIGINS).';

/** How many refused sites the log names, each once: past that, made-up Origins would fill it. */
export const REFUSED_SITES_LOGGED = 20;
export const refusedSiteMessage = (origin: string) =>
  `Refused API calls from ${origin}: that site is not in SITE_ORIGINS. If its pages are yours, add it (SITE_ORIGINS=${origin}, comma-separated with any others) and restart; until then its forms, analytics and error reports are refused.`;
export const MORE_REFUSED_SITES = `API calls from more sites were refused; past the first ${REFUSED_SITES_LOGGED}, they are not named in the log.`;

/** The origin a request comes from, when the browser says: its Origin, else its Referer's. */
export function originOf(request: FastifyRequest): string | null {
  const origin = request.headers.origin;
  if (origin && origin !== 'null') return origin;
  const referer = request.headers.referer;
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

/**
 * A host as `name[:port]`, lower case, without port 80 or 443: a proxy may pass the Host header
 * with the port it listens on (nginx's `$host:$server_port`), which a browser's Origin never has.
 */
export const withoutDefaultPort = (host: string): string => host.toLowerCase().replace(/:(80|443)$/, '');

/** The server's own pages: compared by host, since a TLS proxy in front changes the scheme. */
function ownOrigin(request: FastifyRequest, origin: string): boolean {
  const host = request.headers.host;
  if (!host) return false;
  try {
    return withoutDefaultPort(new URL(origin).host) === withoutDefaultPort(host);
  } catch {
    return false;
  }
}

/** Whether the request comes from a listed site on another host (not from the server's own pages). */
export function fromListedSite(request: FastifyRequest, listed: ReadonlySet<string>): boolean {
  const origin = originOf(request);
  return origin !== null && !ownOrigin(request, origin) && listed.has(origin);
}

/**
 * The CORS headers a listed site's call gets, for an answer no hook runs for (an address Fastify
 * cannot route): without them the page sees a network error instead of the 400.
 */
export function corsHeadersFor(request: FastifyRequest): Record<string, string> {
  const origin = request.headers.origin;
  if (!origin || !request.server.settings.siteOrigins.includes(origin)) return {};
  return { 'Access-Control-Allow-Origin': origin, 'Access-Control-Allow-Credentials': 'true', Vary: 'Origin' };
}

export async function registerSiteOrigins(app: FastifyInstance): Promise<void> {
  const listed = new Set(app.settings.siteOrigins);
  await app.register(cors, {
    // Not listed: no CORS headers at all (the runtime's files send their own `*`).
    origin: (origin, callback) => callback(null, origin !== undefined && listed.has(origin)),
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['Content-Type', 'Accept', CRUMB_HEADER, CART_TOKEN_HEADER],
    exposedHeaders: ['Retry-After'],
    maxAge: 600,
  });
  // A theme author whose site is missing from the list sees only CORS errors in the browser:
  // the log names each refused site once, with the setting that lets it in.
  const named = new Set<string>();
  const nameRefused = (request: FastifyRequest, origin: string) => {
    if (named.has(origin) || named.size > REFUSED_SITES_LOGGED) return;
    named.add(origin);
    if (named.size > REFUSED_SITES_LOGGED) request.log.warn(MORE_REFUSED_SITES);
    else if (isHttpOrigin(origin)) request.log.warn({ origin }, refusedSiteMessage(origin));
    else request.log.warn({ origin: origin.slice(0, 200) }, 'Refused API calls from a page whose Origin is not an http(s) origin.');
  };
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/') || request.method === 'OPTIONS') return;
    const origin = originOf(request);
    if (origin === null || ownOrigin(request, origin) || listed.has(origin)) return;
    nameRefused(request, origin);
    return reply.code(403).send({ error: FOREIGN_ORIGIN });
  });
}
