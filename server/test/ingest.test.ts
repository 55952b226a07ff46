/**
 * Ingest and analytics at scale (issue 40 §4), on the engine of the run: visitor data is
 * written in batches and acknowledged only once stored; the daily rollups follow every hit and
 * answer the owner's date ranges; raw rows past RETENTION_DAYS go while the rollups stay.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayRange } from '../src/ingest/day-range';
import { createWriteBuffer } from '../src/ingest/buffer';
import { dropExpiredVisitorData } from '../src/ingest/retention';
import { dayIn, rollUpHits, utcDay } from '../src/ingest/rollups';
import { siteDay } from '../src/site-day';
import { openStorage } from '../src/storage/open';
import { countRows, OWNER, rows, startTestServer, type TestServer, visitor } from './helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const DAY_MS = 86_400_000;
const hit = (path: string, visitorId: string | null, at: number, referrer: string | null = null) => ({
  event: 'pageView',
  path,
  referrer,
  website_id: null,
  visitor_id: visitorId,
  data_json: '{}',
  created_at: at,
});

describe('the write buffer', () => {
  it('batches concurrent writes into few transactions, answering each only once its rows are stored', async () => {
    const store = server.app.storage;
    let flushes = 0;
    const buffer = createWriteBuffer(store, { maxRows: 50, afterInsert: async () => void (flushes += 1) });
    const before = await countRows(server, 'legacy_events');
    // At each answer, that write's own row is there to read.
    const writes = Array.from({ length: 120 }, (_, n) =>
      buffer.write('legacy_events', [{ event: `batched-${n}`, data_json: '{}', created_at: Date.now() }]).then(() => rows(server, 'SELECT event FROM legacy_events WHERE event = ?', `batched-${n}`)),
    );
    expect((await Promise.all(writes)).map((found) => found.length)).toEqual(Array.from({ length: 120 }, () => 1));
    expect(await countRows(server, 'legacy_events')).toBe(before + 120);
    // 120 rows arriving together, at most 50 a flush: three flushes.
    expect(flushes).toBe(3);
    await buffer.drain();
    await expect(buffer.write('legacy_events', [{ event: 'late', data_json: '{}', created_at: 1 }])).rejects.toThrow('The server is stopping');
  });

  it("a write the database refuses fails alone: the others of its flush are stored and answered", async () => {
    const buffer = createWriteBuffer(server.app.storage, { afterInsert: (trx, table, rows, dayOf) => (table === 'census_hits' ? rollUpHits(trx, rows as never, dayOf) : Promise.resolve()) });
    const at = Date.now();
    const good = (n: number) => buffer.write('legacy_events', [{ event: `beside-refused-${n}`, data_json: '{}', created_at: at }]);
    // A NOT NULL column left empty: both engines refuse the statement.
    const refused = buffer.write('legacy_events', [{ event: 'refused', data_json: null as unknown as string, created_at: at }]);
    const outcomes = await Promise.allSettled([good(1), refused, good(2), buffer.write('census_hits', [hit('/beside-refused', null, at)])]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(await rows(server, "SELECT event FROM legacy_events WHERE event LIKE 'beside-refused-%' ORDER BY event")).toEqual([{ event: 'beside-refused-1' }, { event: 'beside-refused-2' }]);
    expect(await rows(server, "SELECT path FROM census_hits WHERE path = '/beside-refused'")).toHaveLength(1);
    // The flush of all four was rolled back whole, its rollups too: the hit counts once.
    expect(await rows(server, "SELECT views FROM census_daily_paths WHERE path = '/beside-refused'")).toEqual([{ views: 1 }]);
    await buffer.drain();
  });

  it("writes a flush's tables in one fixed order, whatever order their rows came in", async () => {
    const order: string[] = [];
    const buffer = createWriteBuffer(server.app.storage, { afterInsert: async (_trx, table) => void order.push(table) });
    const at = Date.now();
    await Promise.all([
      buffer.write('legacy_events', [{ event: 'order', data_json: '{}', created_at: at }]),
      buffer.write('trace_events', [{ type: 'order', page_url: '/x', data_json: 'null', created_at: at }]),
      buffer.write('census_hits', [hit('/order', null, at)]),
    ]);
    expect(order).toEqual(['census_hits', 'trace_events', 'legacy_events']);
    await buffer.drain();
  });

  it('drain stores what waits', async () => {
    const buffer = createWriteBuffer(server.app.storage, { maxRows: 1000 });
    const before = await countRows(server, 'trace_events');
    const pending = buffer.write('trace_events', [{ type: 'drain', page_url: '/x', data_json: 'null', created_at: Date.now() }]);
    await buffer.drain();
    await pending;
    expect(await countRows(server, 'trace_events')).toBe(before + 1);
  });
});

describe('daily rollups', () => {
  it('count views per day, path and referrer, and a visitor once a day', async () => {
    const day1 = Date.UTC(2031, 0, 10, 12);
    const day2 = day1 + DAY_MS;
    await server.app.storage.db.transaction().execute(async (trx) => {
      await rollUpHits(trx, [hit('/a', 'v1', day1, 'https://ref.test/'), hit('/a', 'v1', day1), hit('/b', 'v2', day1), { ...hit('/a', 'v3', day1), event: 'heartbeat' }]);
      // As hits stored whole referrers before they were stored as sites: summed by site, the site's own (the request's host) left out.
      await rollUpHits(trx, [hit('/b', 'v2', day2, 'https://ref.test/deep/page?q=words'), hit('/a', 'v2', day2, 'http://localhost/faq?from=menu')]);
      await rollUpHits(trx, [hit('/a', 'v1', day1 + 1000), hit('/b', 'v1', day2), hit('/b', null, day2)]);
    });
    const owner = await visitor(server.app);
    await owner.inject({ method: 'POST', url: '/api/auth/Login', payload: OWNER });
    const stats = (await owner.inject({ method: 'GET', url: `/api/owner/pageviews?from=${utcDay(day1)}&to=${utcDay(day2)}` })).json();
    expect(stats).toEqual({
      from: '2031-01-10',
      to: '2031-01-11',
      total: 8,
      visitors: 4, // v1 and v2 on the 10th, v1 and v2 again on the 11th
      perDay: [{ day: '2031-01-11', views: 4 }, { day: '2031-01-10', views: 4 }],
      perPath: [{ path: '/a', views: 4 }, { path: '/b', views: 4 }],
      referrers: [{ referrer: 'https://ref.test', views: 2 }],
      campaigns: [],
      // The two days before, to compare with: none.
      previous: { from: '2031-01-08', to: '2031-01-09', total: 0, visitors: 0 },
    });
    const oneDay = (await owner.inject({ method: 'GET', url: '/api/owner/pageviews?from=2031-01-11&to=2031-01-11' })).json();
    expect([oneDay.total, oneDay.visitors]).toEqual([4, 2]);
    // The day before it is the 10th.
    expect(oneDay.previous).toEqual({ from: '2031-01-10', to: '2031-01-10', total: 4, visitors: 2 });
    // Across a month's end and a leap day.
    expect((await owner.inject({ method: 'GET', url: '/api/owner/pageviews?from=2032-03-01&to=2032-03-03' })).json().previous).toMatchObject({ from: '2032-02-27', to: '2032-02-29' });
    expect((await owner.inject({ method: 'GET', url: '/api/owner/pageviews?from=2031-01-12&to=2031-01-10' })).json()).toEqual({ error: 'from must not be after to.' });
    expect((await owner.inject({ method: 'GET', url: '/api/owner/pageviews?from=2031-02-30' })).statusCode).toBe(400);
  });

  it('hits sent by visitors reach the rollups through the buffer', async () => {
    const client = await visitor(server.app);
    const today = (await siteDay(server.app))(Date.now());
    const [before] = await rows<{ views: number }>(server, "SELECT views FROM census_daily_paths WHERE day = ? AND path = '/rolled'", today);
    const sent = await client.inject({ method: 'POST', url: '/api/census/RecordHit', payload: [1, 2, 3].map(() => ({ event: 'pageView', data: JSON.stringify({ url: '/rolled' }), ss_cvr: 'r1|1|1|1|1' })) });
    expect(sent.statusCode).toBe(200);
    const [after] = await rows<{ views: number }>(server, "SELECT views FROM census_daily_paths WHERE day = ? AND path = '/rolled'", today);
    expect(Number(after!.views) - Number(before?.views ?? 0)).toBe(3);
  });

  it('ranges default to the last 30 days up to the site\'s today, take a number of days, and hold at most 366', () => {
    const today = '2031-06-30';
    expect(dayRange({}, today)).toEqual({ from: '2031-06-01', to: '2031-06-30' });
    expect(dayRange({ days: 7 }, today)).toEqual({ from: '2031-06-24', to: '2031-06-30' });
    expect(dayRange({ days: 1 }, today)).toEqual({ from: today, to: today });
    expect(dayRange({ from: '2030-01-01', to: '2031-01-01' }, today)).toEqual({ from: '2030-01-01', to: '2031-01-01' });
    expect(dayRange({ from: '2029-12-31', to: '2031-01-01' }, today)).toEqual({ error: 'A range has at most 366 days.' });
    expect(dayRange({ from: '2031-06-31' }, today)).toEqual({ error: 'from and to must be days (YYYY-MM-DD).' });
  });
});

describe("the site's days", () => {
  it('a moment falls on the day of the time zone, summer time and half hours included', () => {
    expect(dayIn('UTC')(Date.UTC(2026, 10, 25, 6))).toBe('2026-11-25');
    expect(dayIn('America/Los_Angeles')(Date.UTC(2026, 10, 25, 6))).toBe('2026-11-24'); // 22:00 the day before
    expect(dayIn('America/Los_Angeles')(Date.UTC(2026, 10, 25, 8))).toBe('2026-11-25'); // midnight
    expect(dayIn('Europe/London')(Date.UTC(2026, 6, 1, 23, 30))).toBe('2026-07-02'); // 00:30 in summer time
    expect(dayIn('Europe/London')(Date.UTC(2026, 11, 1, 23, 30))).toBe('2026-12-01'); // 23:30 in winter
    expect(dayIn('Asia/Kathmandu')(Date.UTC(2026, 10, 24, 18, 14))).toBe('2026-11-24'); // 23:59, at +5:45
    expect(dayIn('Asia/Kathmandu')(Date.UTC(2026, 10, 24, 18, 15))).toBe('2026-11-25');
  });

  it("visits and errors count on the site's day, the owner's ranges end on its today, and a new time zone counts from the next hit", async () => {
    // A zone whose day is not UTC's now (Honolulu is 10 hours behind, Kiritimati 14 ahead), so
    // that counting by UTC days would answer another day.
    const zone = new Date().getUTCHours() < 10 ? 'Pacific/Honolulu' : 'Pacific/Kiritimati';
    const zoneDay = dayIn(zone);
    expect(zoneDay(Date.now())).not.toBe(utcDay(Date.now()));
    const siteDir = mkdtempSync(path.join(tmpdir(), 'tessera-zone-'));
    cpSync(path.resolve(__dirname, '..', '..', 'examples'), siteDir, { recursive: true });
    const setZone = (timeZone: string) => {
      const site = JSON.parse(readFileSync(path.join(siteDir, 'site.json'), 'utf8')) as { websiteSettings: Record<string, unknown> };
      site.websiteSettings.timeZone = timeZone;
      writeFileSync(path.join(siteDir, 'site.json'), JSON.stringify(site));
    };
    setZone(zone);
    const zoned = await startTestServer({ siteDir });
    try {
      const client = await visitor(zoned.app);
      const hits = (url: string) => client.inject({ method: 'POST', url: '/api/census/RecordHit', payload: [{ event: 'pageView', data: JSON.stringify({ url }), ss_cvr: 'z1|1|1|1|1' }] });
      expect((await hits('/zoned')).statusCode).toBe(200);
      const error = { event: 'javascript_error', data: JSON.stringify({ message: 'zoned error', source: 'https://site/a.js', count: 1 }), timestamp: Date.now() };
      expect((await client.inject({ method: 'POST', url: '/api/events/RecordJavascriptErrors', payload: [error] })).statusCode).toBe(200);
      const load = { app: 'site', event: 'pageSpeed', pageLoadId: 'zoned-load', timestamp: Date.now(), data: { pathname: '/zoned', metrics: { lcp: 1200 } } };
      expect((await client.inject({ method: 'POST', url: '/api/1/performance/records', payload: [load] })).statusCode).toBeLessThan(300);
      const today = zoneDay(Date.now());
      expect(await rows(zoned, "SELECT day FROM census_daily_paths WHERE path = '/zoned'")).toEqual([{ day: today }]);
      expect(await rows(zoned, "SELECT day FROM performance_daily_loads WHERE path = '/zoned'")).toEqual([{ day: today }]);
      expect(await rows(zoned, "SELECT day FROM js_error_daily WHERE message = 'zoned error'")).toEqual([{ day: today }]);

      const owner = await visitor(zoned.app);
      await owner.inject({ method: 'POST', url: '/api/auth/Login', payload: OWNER });
      const views = (await owner.inject({ method: 'GET', url: '/api/owner/pageviews?days=1' })).json();
      expect(views).toMatchObject({ from: today, to: today, total: 1, perDay: [{ day: today, views: 1 }], perPath: [{ path: '/zoned', views: 1 }] });
      expect((await owner.inject({ method: 'GET', url: '/api/owner/pageviews?days=7' })).json()).toMatchObject({ from: utcDay(Date.parse(`${today}T00:00:00Z`) - 6 * DAY_MS), to: today });
      expect((await owner.inject({ method: 'GET', url: '/api/owner/pageviews?days=367' })).statusCode).toBe(400);
      expect((await owner.inject({ method: 'GET', url: '/api/owner/pageviews?days=0' })).statusCode).toBe(400);
      const { errors } = (await owner.inject({ method: 'GET', url: '/api/owner/errors?days=1' })).json();
      expect(errors.map((e: { message: string }) => e.message)).toContain('zoned error');

      // site.json is read live: the next hit counts on the new zone's day (UTC's here).
      setZone('UTC');
      expect((await hits('/zoned')).statusCode).toBe(200);
      expect(await rows(zoned, "SELECT day, views FROM census_daily_paths WHERE path = '/zoned' ORDER BY day")).toEqual(
        [{ day: today, views: 1 }, { day: utcDay(Date.now()), views: 1 }].sort((a, b) => a.day.localeCompare(b.day)),
      );
    } finally {
      await zoned.close();
      rmSync(siteDir, { recursive: true, force: true });
    }
  });
});

describe('retention', () => {
  it('reads each table from its oldest row, a chunk at a time, and stops at the first row it keeps', async () => {
    const store = server.app.storage;
    const now = Date.UTC(2040, 0, 1);
    // Earlier tests' rows are all far older than this `now`: they go first.
    const before = await store.db.selectFrom('track_hits').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
    const track = (landing: string, at: number) => ({ landing, refer: null, lang: null, screen: null, marketing_json: '{}', created_at: at });
    await store.db.insertInto('track_hits').values([1, 2, 3, 4, 5].map((n) => track(`/gone-${n}`, now - 40 * DAY_MS + n))).execute();
    await store.db.insertInto('track_hits').values([track('/kept-1', now - DAY_MS), track('/kept-2', now - DAY_MS + 1)]).execute();
    // Written out of order: older than the row before it, it waits for that one.
    await store.db.insertInto('track_hits').values(track('/late', now - 35 * DAY_MS)).execute();
    const dropped = await dropExpiredVisitorData(store, 30, now, 2);
    expect(dropped).toBeGreaterThanOrEqual(5 + Number(before.n));
    expect((await rows<{ landing: string }>(server, 'SELECT landing FROM track_hits ORDER BY id')).map((row) => row.landing)).toEqual(['/kept-1', '/kept-2', '/late']);
    // Once the rows before it go, so does the late one.
    await dropExpiredVisitorData(store, 30, now + 30 * DAY_MS, 2);
    expect(await rows(server, 'SELECT landing FROM track_hits')).toEqual([]);
  });

  it('drops raw rows older than RETENTION_DAYS and keeps the rollups', async () => {
    const store = server.app.storage;
    const now = Date.UTC(2032, 3, 1);
    const old = now - 40 * DAY_MS;
    await store.db.insertInto('census_hits').values([hit('/old', 'o1', old), hit('/new', 'o2', now - DAY_MS)]).execute();
    await store.db.transaction().execute((trx) => rollUpHits(trx, [hit('/old', 'o1', old)]));
    await store.db.insertInto('js_errors').values({ message: 'old error', source: null, count: 1, data_json: '{}', created_at: old }).execute();
    expect(await dropExpiredVisitorData(store, 30, now)).toBeGreaterThanOrEqual(2);
    expect(await rows(server, "SELECT path FROM census_hits WHERE path IN ('/old', '/new')")).toEqual([{ path: '/new' }]);
    expect(await rows(server, "SELECT message FROM js_errors WHERE message = 'old error'")).toEqual([]);
    expect(await rows(server, "SELECT path FROM census_daily_paths WHERE path = '/old'")).toEqual([{ path: '/old' }]);
  });
});

describe('closing the server (SIGTERM)', () => {
  it('drains what waits in the buffer before the database closes, and takes no new request', async () => {
    const closing = await startTestServer();
    const client = await visitor(closing.app);
    // Rows waiting for their flush when the close begins.
    const waiting = closing.app.ingest.write('census_hits', [1, 2, 3].map((n) => ({ event: 'pageView', path: `/closing-${n}`, referrer: null, website_id: null, visitor_id: null, data_json: '{}', created_at: Date.now() })));
    const closed = closing.app.close();
    const late = await client.inject({ method: 'POST', url: '/api/census/RecordHit', payload: [{ event: 'pageView', data: JSON.stringify({ url: '/closing-late' }) }] });
    await Promise.all([waiting, closed]);
    expect([late.statusCode, late.headers['retry-after'], late.json()]).toEqual([503, '1', { error: 'The server is stopping. Please try again.' }]);
    const reopened = await openStorage({ dataDir: closing.config.dataDir, databaseUrl: closing.config.databaseUrl });
    const stored = await reopened.db.selectFrom('census_hits').select('path').where('path', 'like', '/closing-%').orderBy('path').execute();
    await reopened.close();
    expect(stored).toEqual([{ path: '/closing-1' }, { path: '/closing-2' }, { path: '/closing-3' }]);
    await closing.close().catch(() => undefined);
  });
});
