import fastifyRateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createSharedCounts } from '../security/shared-counts';

/** The window VISITOR_DATA_PER_MINUTE counts in. */
export const VISITOR_DATA_WINDOW_MS = 60_000;
export const VISITOR_DATA_REFUSED = 'Too much visitor data from this address. Please try again in a minute.';
/** Addresses counted at once; past this the least recent is forgotten (a forgotten one starts afresh). */
const ADDRESSES_KEPT = 20_000;

/** The machine itself: a test, a benchmark, or a proxy on the same machine whose visitors TRUST_PROXY would tell apart. */
const isLoopback = (address: string) => address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');

const refusedLine = (request: FastifyRequest, limit: number) => {
  const trust = request.server.settings.trustProxy;
  const untrustedProxy = (trust === false || trust === 0) && request.headers['x-forwarded-for'] !== undefined;
  return `Visitor data from ${request.ip} passed VISITOR_DATA_PER_MINUTE (${limit}): answered 429 until its minute is over; nothing it sends is stored meanwhile.${
    untrustedProxy ? ' It came through a proxy while TRUST_PROXY is off, so every visitor counts as that address: set TRUST_PROXY (docs/deployment.md, "Behind a proxy").' : ''
  }`;
};

/**
 * Census hits, analytics events, error reports, performance records and carts are stored as
 * they come, and a script in a loop (or a bot) can send thousands a second until the disk is
 * full. Each client address (an IPv6 /64) may send VISITOR_DATA_PER_MINUTE such requests a
 * clock minute, whichever instances they reach; past that it is answered 429 with Retry-After,
 * which the runtime drops without a retry. @fastify/rate-limit asks; the counts are
 * security/shared-counts.ts (in memory, shared through the database every second, never a
 * database round trip per request). Routes opt in with `config: { visitorData: true }`.
 */
export async function registerVisitorDataLimit(app: FastifyInstance, perMinute: number): Promise<void> {
  if (perMinute === 0) return;
  const counts = createSharedCounts(app.storage, VISITOR_DATA_WINDOW_MS, ADDRESSES_KEPT, (error) =>
    app.log.warn({ err: error }, 'Could not add this instance\'s visitor-data counts to the database\'s; it counts VISITOR_DATA_PER_MINUTE on its own until it can again.'),
  );
  // Before the database closes (onClose), so that no share starts against a closed pool.
  app.addHook('preClose', (done) => {
    counts.stop();
    done();
  });
  await app.register(fastifyRateLimit, {
    global: false,
    // The plugin makes its store with `new`; a constructor that returns an object gives that object.
    store: function SharedVisitorCounts() {
      return counts as FastifyRateLimitStore;
    } as unknown as FastifyRateLimitStoreCtor,
    // Only Retry-After: the limit's figures would tell a flood how to pace itself, and nothing else reads them.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    addHeaders: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false, 'retry-after': true },
  });
  // One line per counted address (an IPv6 /64 is one) per window, however many requests it sends meanwhile.
  const told = new Map<string, number>();
  const tell = (request: FastifyRequest, key: string) => {
    app.metrics.visitorDataRefused();
    const now = Date.now();
    if (now - (told.get(key) ?? 0) < VISITOR_DATA_WINDOW_MS) return;
    if (told.size >= ADDRESSES_KEPT) told.clear();
    told.set(key, now);
    request.log.warn(refusedLine(request, perMinute));
  };
  // One store for every visitor-data route: the limit is the address's, not each route's.
  const limit = app.rateLimit({
    max: perMinute,
    timeWindow: VISITOR_DATA_WINDOW_MS,
    allowList: (request) => isLoopback(request.ip),
    onExceeded: tell,
    errorResponseBuilder: () => Object.assign(new Error(VISITOR_DATA_REFUSED), { statusCode: 429 }),
  });
  app.addHook('onRoute', (route) => {
    if (!route.config?.visitorData) return;
    const hooks = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    route.onRequest = [...hooks, limit];
  });
}
