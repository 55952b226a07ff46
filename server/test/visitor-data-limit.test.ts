/**
 * VISITOR_DATA_PER_MINUTE: one client address may send so many visitor-data requests (census,
 * analytics, errors, performance) a minute; past that they are answered 429 and nothing is
 * stored, while pages and other addresses go on as before.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RECORD_HIT_PATH, TRACK_PATH } from '../../contract/api/paths';
import { VISITOR_DATA_REFUSED } from '../src/plugins/visitor-data-limit';
import { countRows, rows, startLoggedTestServer, startTestServer, visitor, type LogLine, type TestServer } from './helper';

const LIMIT = 3;
const hit = (url: string) => [{ event: 'pageView', data: JSON.stringify({ url }), ss_cvr: 'v1|1|1|1|1' }];

let server: TestServer;
let lines: LogLine[];
let client: Awaited<ReturnType<typeof visitor>>;
beforeAll(async () => {
  ({ server, lines } = await startLoggedTestServer({ visitorDataPerMinute: LIMIT }));
  client = await visitor(server.app);
});
afterAll(async () => server.close());
afterEach(() => vi.useRealTimers());

const sendHit = (address: string, url: string, headers: Record<string, string> = {}) =>
  client.inject({ method: 'POST', url: RECORD_HIT_PATH, payload: hit(url), headers, remoteAddress: address } as never);
const stored = (url: string) => countRows(server, `census_hits WHERE path = '${url}'`);
const refusals = (address: string) => lines.filter((line) => line.level === 40 && line.msg.startsWith(`Visitor data from ${address} passed VISITOR_DATA_PER_MINUTE (${LIMIT})`));

/** Early in the next clock minute, held there: the server counts by clock minute, and a test that crossed into the next would find its count gone. */
const holdEarlyInAMinute = () => vi.useFakeTimers({ toFake: ['Date'], now: Math.ceil(Date.now() / 60_000) * 60_000 + 1_000 });

describe('visitor data per address and minute', () => {
  beforeEach(holdEarlyInAMinute);

  it('answers 429 with Retry-After past the limit, stores nothing more, and logs one line per address', async () => {
    const statuses = [];
    for (let i = 0; i < LIMIT + 2; i++) statuses.push((await sendHit('203.0.113.9', '/flood')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const refused = await sendHit('203.0.113.9', '/flood');
    expect(refused.json()).toEqual({ error: VISITOR_DATA_REFUSED });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.headers['x-ratelimit-limit']).toBeUndefined();
    expect(await stored('/flood')).toBe(LIMIT);
    expect(refusals('203.0.113.9')).toHaveLength(1);
    expect(refusals('203.0.113.9')[0]!.msg).not.toContain('TRUST_PROXY');
  });

  it('counts every visitor-data route of an address together, and nothing else', async () => {
    for (let i = 0; i < LIMIT; i++) expect((await sendHit('203.0.113.20', '/shared')).statusCode).toBe(200);
    const pixel = await server.app.inject({ method: 'GET', url: `${TRACK_PATH}?landing=/shared`, remoteAddress: '203.0.113.20' });
    expect(pixel.statusCode).toBe(429);
    // Pages, and the same data from another address, are answered as before.
    expect((await server.app.inject({ method: 'GET', url: '/', remoteAddress: '203.0.113.20' })).statusCode).toBe(200);
    expect((await sendHit('203.0.113.21', '/shared')).statusCode).toBe(200);
  });

  it('counts cart changes too (each without the cart cookie makes a cart)', async () => {
    const addToCart = () => server.app.inject({ method: 'POST', url: `/api/commerce/cart/entries?crumb=${encodeURIComponent(client.crumb)}`, remoteAddress: '203.0.113.25', headers: { cookie: `crumb=${client.jar.crumb}` }, payload: { productId: 'tote', sku: 'SQ1000005', quantity: 1 } });
    const carts = async () => countRows(server, 'carts');
    const before = await carts();
    const statuses = [];
    for (let i = 0; i <= LIMIT; i++) statuses.push((await addToCart()).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(await carts()).toBe(before + LIMIT);
  });

  it('counts an IPv6 /64 as one address, and logs it once', async () => {
    for (let i = 0; i < LIMIT; i++) expect((await sendHit(`2001:db8:1:2::${i + 1}`, '/six')).statusCode).toBe(200);
    expect((await sendHit('2001:db8:1:2::ff', '/six')).statusCode).toBe(429);
    expect((await sendHit('2001:db8:1:2::fe', '/six')).statusCode).toBe(429);
    expect((await sendHit('2001:db8:1:3::1', '/six')).statusCode).toBe(200);
    expect(lines.filter((line) => line.level === 40 && line.msg.startsWith('Visitor data from 2001:db8:1:2::'))).toHaveLength(1);
  });

  it('does not count the machine itself (tests, benchmarks, a proxy beside it)', async () => {
    for (let i = 0; i < LIMIT + 3; i++) expect((await sendHit('127.0.0.1', '/local')).statusCode).toBe(200);
    expect((await sendHit('::1', '/local')).statusCode).toBe(200);
    expect(await stored('/local')).toBe(LIMIT + 4);
  });

  it('takes the address again once its minute is over', async () => {
    for (let i = 0; i < LIMIT; i++) expect((await sendHit('203.0.113.30', '/later')).statusCode).toBe(200);
    expect((await sendHit('203.0.113.30', '/later')).statusCode).toBe(429);
    vi.setSystemTime(Date.now() + 61_000);
    expect((await sendHit('203.0.113.30', '/later')).statusCode).toBe(200);
  });

  it('names TRUST_PROXY in the line when the address is an untrusted proxy', async () => {
    for (let i = 0; i <= LIMIT; i++) await sendHit('203.0.113.40', '/proxied', { 'x-forwarded-for': '198.51.100.7' });
    expect(refusals('203.0.113.40')[0]!.msg).toContain('set TRUST_PROXY (docs/deployment.md, "Behind a proxy")');
  });
});

describe('several instances on one database', () => {
  it("count an address's visitor data together: once the other instance's count is shared, this one refuses too", async () => {
    holdEarlyInAMinute();
    const second = await startTestServer({ visitorDataPerMinute: LIMIT, databaseUrl: server.config.databaseUrl, dataDir: server.config.dataDir });
    try {
      const guest = await visitor(second.app);
      const sendTo = (app: 'first' | 'second') => (app === 'first' ? sendHit : (address: string, url: string) => guest.inject({ method: 'POST', url: RECORD_HIT_PATH, payload: hit(url), remoteAddress: address } as never))('203.0.113.60', '/both');
      const shared = async () => Number((await rows<{ count: number }>(server, "SELECT count FROM limit_counters WHERE key LIKE 'visitor-data:203.0.113.60:%'"))[0]?.count ?? 0);
      for (let i = 0; i < LIMIT - 1; i++) expect((await sendTo('first')).statusCode).toBe(200);
      await vi.waitFor(async () => expect(await shared()).toBe(LIMIT - 1), { timeout: 5_000, interval: 100 });
      // The second instance has not heard of the address yet: its own count says 1 of LIMIT.
      expect((await sendTo('second')).statusCode).toBe(200);
      await vi.waitFor(async () => expect(await shared()).toBe(LIMIT), { timeout: 5_000, interval: 100 });
      // Each alone has counted fewer than LIMIT; together they have LIMIT.
      expect((await sendTo('second')).statusCode).toBe(429);
      // The first last heard the sum when it shared its own count: one more passes there before its next share, and no more.
      expect((await sendTo('first')).statusCode).toBe(200);
      await vi.waitFor(async () => expect(await shared()).toBe(LIMIT + 2), { timeout: 5_000, interval: 100 });
      expect((await sendTo('first')).statusCode).toBe(429);
      expect(await stored('/both')).toBe(LIMIT + 1);
    } finally {
      await second.close();
    }
  });
});

describe('VISITOR_DATA_PER_MINUTE=0', () => {
  it('sets no limit', async () => {
    const unlimited = await startTestServer({ visitorDataPerMinute: 0 });
    try {
      const guest = await visitor(unlimited.app);
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await guest.inject({ method: 'POST', url: RECORD_HIT_PATH, payload: hit('/free'), remoteAddress: '203.0.113.50' } as never)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 200]);
    } finally {
      await unlimited.close();
    }
  });
});
