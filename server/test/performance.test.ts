import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roundedForRollup, storePerformanceRecords } from '../src/ingest/performance-rollups';
import { dropExpiredVisitorData } from '../src/ingest/retention';
import { OWNER, rows, startTestServer, visitor, type TestServer } from './helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const record = (id: string, pathname: string, lcp: number) => ({ app: 'site', event: 'pageSpeed', pageLoadId: id, timestamp: Date.now(), data: { pathname, metrics: { lcp } } });

describe('performance endpoints', () => {
  it('settings give a page load id and the rollout, off on the configured paths', async () => {
    const client = await visitor(server.app);
    const on = (await client.inject({ method: 'GET', url: '/api/1/performance/settings?path=%2Ffaq' })).json();
    expect(on.pageLoadId).toMatch(/^[0-9a-f-]{36}$/);
    expect(on.rollout).toMatchObject({ rum: true, apps: ['site'], pageSpeed: true });
    const off = (await client.inject({ method: 'GET', url: '/api/1/performance/settings?path=%2Frobustness' })).json();
    expect(off.rollout.rum).toBe(false);
  });

  it("stores records (latest per page load wins) and refuses an empty batch with 'Data is empty'", async () => {
    const client = await visitor(server.app);
    expect((await client.inject({ method: 'POST', url: '/api/1/performance/records', payload: [] })).json()).toEqual({ error: 'Data is empty' });
    await client.inject({ method: 'POST', url: '/api/1/performance/records', payload: [record('a', '/faq', 100), record('b', '/faq', 200)] });
    await client.inject({ method: 'POST', url: '/api/1/performance/records', payload: [record('a', '/faq', 150), record('c', '/faq', 400), record('d', '/faq', 300)] });
    const owner = await visitor(server.app);
    await owner.inject({ method: 'POST', url: '/api/auth/Login', payload: OWNER });
    const stats = (await owner.inject({ method: 'GET', url: '/api/owner/performance' })).json();
    expect(stats.records).toBe(4);
    expect(stats.perPath).toEqual([{ path: '/faq', p75: { lcp: 300 }, samples: 4 }]);
  });

  it('a replaced record leaves the rollup as its successor enters it', async () => {
    const store = server.app.storage;
    const at = Date.UTC(2034, 0, 2, 12); // a day of its own, outside the other tests' ranges
    const stored = (id: string, lcp: number) => ({ page_load_id: id, path: '/replaced', metrics_json: JSON.stringify({ lcp }), data_json: '{}', created_at: at });
    await store.db.transaction().execute((trx) => storePerformanceRecords(trx, store.engine, [stored('replaced-a', 100), stored('replaced-b', 200)]));
    await store.db.transaction().execute((trx) => storePerformanceRecords(trx, store.engine, [stored('replaced-a', 150), stored('replaced-c', 400), stored('replaced-d', 300)]));
    const histogram = await rows(server, "SELECT value, samples FROM performance_daily WHERE path = '/replaced' AND metric = 'lcp' AND samples <> 0 ORDER BY value");
    expect(histogram.map((row) => [Number(row.value), Number(row.samples)])).toEqual([[150, 1], [200, 1], [300, 1], [400, 1]]);
  });

  it('keeps values to three significant digits', () => {
    expect([1234.5, 0.012345, 99.96, 0, 2500, 87].map(roundedForRollup)).toEqual([1230, 0.0123, 100, 0, 2500, 87]);
  });
});

describe('the performance dashboard over a range of days', () => {
  const DAY_MS = 86_400_000;
  const day1 = Date.UTC(2033, 4, 10, 12);
  const day2 = day1 + DAY_MS;
  const stored = (id: string, path: string, at: number, metrics: Record<string, number>) => ({ page_load_id: id, path, metrics_json: JSON.stringify(metrics), data_json: '{}', created_at: at });
  let owner: Awaited<ReturnType<typeof visitor>>;

  beforeAll(async () => {
    const store = server.app.storage;
    await store.db.transaction().execute((trx) =>
      storePerformanceRecords(trx, store.engine, [
        stored('r1', '/range-a', day1, { lcp: 100, cls: 0.01 }),
        stored('r2', '/range-a', day1, { lcp: 200, cls: 0.02 }),
        stored('r3', '/range-b', day1, { lcp: 300 }),
        stored('r4', '/range-b', day1, { lcp: 400 }),
        stored('r5', '/range-a', day2, { lcp: 1000 }),
        stored('r6', '/range-a', day2, { lcp: 2000.4, inp: Number.NaN }),
      ]),
    );
    owner = await visitor(server.app);
    await owner.inject({ method: 'POST', url: '/api/auth/Login', payload: OWNER });
  });
  const dashboard = async (query: string) => (await owner.inject({ method: 'GET', url: `/api/owner/performance?${query}` })).json();

  it('gives p75 by nearest rank over the whole range, per path and per day, from the rollups', async () => {
    const both = await dashboard('from=2033-05-10&to=2033-05-11');
    expect(both.records).toBe(6);
    // Six LCP values: the fifth smallest; not a mean of the days' p75s.
    expect(both.overall).toEqual({ lcp: 1000, cls: 0.02 });
    expect(both.perDay).toEqual([
      { day: '2033-05-11', p75: { lcp: 2000 }, samples: 2 },
      { day: '2033-05-10', p75: { lcp: 300, cls: 0.02 }, samples: 4 },
    ]);
    expect(both.perPath).toEqual([
      { path: '/range-a', p75: { lcp: 1000, cls: 0.02 }, samples: 4 },
      { path: '/range-b', p75: { lcp: 400 }, samples: 2 },
    ]);
    const first = await dashboard('from=2033-05-10&to=2033-05-10');
    expect(first).toMatchObject({ from: '2033-05-10', to: '2033-05-10', records: 4, overall: { lcp: 300, cls: 0.02 } });
  });

  it('keeps its history when the records are past RETENTION_DAYS', async () => {
    await dropExpiredVisitorData(server.app.storage, 30, day2 + 40 * DAY_MS);
    expect(await rows(server, "SELECT page_load_id FROM performance_records WHERE path LIKE '/range-%'")).toEqual([]);
    expect((await dashboard('from=2033-05-10&to=2033-05-11')).overall).toEqual({ lcp: 1000, cls: 0.02 });
  });
});
