/**
 * `/metrics` for a self-hoster's monitoring: off without METRICS_TOKEN, answered only with it,
 * in Prometheus's text format, with the figures a 3 a.m. page needs: requests by route and
 * status, visitors refused past VISITOR_DATA_PER_MINUTE, requests refused for the database,
 * the database's connections (PostgreSQL) or disk (SQLite), and the process's own.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_HIT_PATH } from '../../contract/api/paths';
import { ConfigError, effectiveSettings, loadConfig } from '../src/config';
import { METRICS_TOKEN_NEEDED, withoutEmptyLagFigures } from '../src/plugins/metrics';
import { SERVER_VERSION } from '../src/version';
import { TEST_ENGINE, startTestServer, visitor, type TestServer } from './helper';

const TOKEN = 'test-metrics-token-0123456789';
const LIMIT = 2;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ metricsToken: TOKEN, visitorDataPerMinute: LIMIT });
});
afterAll(async () => server.close());

/** A scrape with this Authorization header (null: none). */
const scrape = (authorization: string | null = `Bearer ${TOKEN}`, app = server.app) =>
  app.inject({ method: 'GET', url: '/metrics', headers: authorization === null ? {} : { authorization } });

/** `name{labels} value` lines → value by `name{labels}` as the text writes it. */
async function figures(app = server.app): Promise<Map<string, number>> {
  const answer = await scrape(`Bearer ${TOKEN}`, app);
  expect(answer.statusCode).toBe(200);
  const values = new Map<string, number>();
  for (const line of answer.body.split('\n')) {
    const match = /^([a-z_:][\w:]*(?:\{[^}]*\})?) (\S+)$/i.exec(line);
    if (match) values.set(match[1]!, Number(match[2]));
  }
  return values;
}

describe('/metrics', () => {
  it('has no made-up event-loop figures: none on the first scrape after a start, none in a scrape that comes before a sample', async () => {
    // Before the fix the first scrape read a minimum of 9.2e9 s and a mean of NaN: an alert at every start.
    for (let index = 0; index < 3; index += 1) {
      const answer = await scrape();
      expect(answer.body).not.toMatch(/ nan$/im);
      const values = await figures();
      expect(values.get('nodejs_eventloop_lag_min_seconds') ?? 0).toBeLessThan(1);
    }
    const empty = ['# TYPE nodejs_eventloop_lag_seconds gauge', 'nodejs_eventloop_lag_seconds 0', '# TYPE nodejs_eventloop_lag_min_seconds gauge', 'nodejs_eventloop_lag_min_seconds 9223372036.854776', 'nodejs_eventloop_lag_mean_seconds Nan', 'nodejs_eventloop_lag_p99_seconds 5.11e-7', 'process_heap_bytes 5', ''].join('\n');
    expect(withoutEmptyLagFigures(empty)).toBe(['# TYPE nodejs_eventloop_lag_seconds gauge', 'nodejs_eventloop_lag_seconds 0', '# TYPE nodejs_eventloop_lag_min_seconds gauge', 'nodejs_eventloop_lag_p99_seconds 5.11e-7', 'process_heap_bytes 5', ''].join('\n'));
    const sampled = empty.replace('9223372036.854776', '0.009').replace('Nan', '0.01');
    expect(withoutEmptyLagFigures(sampled)).toBe(sampled);
  });

  it('is not there without METRICS_TOKEN', async () => {
    const plain = await startTestServer();
    try {
      const answer = await plain.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(answer.statusCode).toBe(404);
      expect(answer.body).not.toContain('tessera_');
    } finally {
      await plain.close();
    }
  });

  it('answers only with the bearer token, in constant time, and never to be cached', async () => {
    for (const authorization of [null, 'Bearer', `Bearer ${TOKEN}x`, `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`, TOKEN]) {
      const refused = await scrape(authorization);
      expect([refused.statusCode, refused.headers['www-authenticate'], refused.json()], String(authorization)).toEqual([401, 'Bearer realm="metrics"', { error: METRICS_TOKEN_NEEDED }]);
    }
    const answer = await scrape();
    expect([answer.statusCode, answer.headers['content-type'], answer.headers['cache-control']]).toEqual([200, 'text/plain; version=0.0.4; charset=utf-8', 'no-store']);
  });

  it('says the version and engine, and the process figures ready-made Node.js dashboards read', async () => {
    const values = await figures();
    expect(values.get(`tessera_info{version="${SERVER_VERSION}",engine="${TEST_ENGINE}"}`)).toBe(1);
    expect(values.get('process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
    expect(values.get('nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(values.get('tessera_ingest_waiting_rows')).toBe(0);
  });

  it('counts requests by method, route pattern and status; made-up addresses share one label', async () => {
    const key = (method: string, route: string, status: number) => `tessera_http_request_duration_seconds_count{method="${method}",route="${route}",status="${status}"}`;
    const before = await figures();
    for (const url of ['/faq', '/gallery', '/healthz']) expect((await server.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    // No route takes a POST to a page's address: Fastify's not-found handler answers.
    for (const url of ['/made-up-1', '/made-up-2']) expect((await server.app.inject({ method: 'POST', url })).statusCode).toBe(404);
    const after = await figures();
    const added = (name: string) => (after.get(name) ?? 0) - (before.get(name) ?? 0);
    expect(added(key('GET', '/*', 200))).toBe(2);
    expect(added(key('GET', '/healthz', 200))).toBe(1);
    expect(added(key('POST', '(no route)', 404))).toBe(2);
    // Scrapes are not counted, and no label carries an address a visitor made up.
    expect([...after.keys()].filter((name) => name.includes('/metrics') || name.includes('made-up'))).toEqual([]);
    expect(after.get(`tessera_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/healthz",status="200"}`)).toBe(after.get(key('GET', '/healthz', 200)));
  });

  it('counts visitor data refused past VISITOR_DATA_PER_MINUTE', async () => {
    const client = await visitor(server.app);
    const hit = [{ event: 'pageView', data: JSON.stringify({ url: '/metrics-flood' }), ss_cvr: 'v1|1|1|1|1' }];
    const statuses = [];
    for (let i = 0; i < LIMIT + 3; i++) statuses.push((await client.inject({ method: 'POST', url: RECORD_HIT_PATH, payload: hit, remoteAddress: '203.0.113.77' } as never)).statusCode);
    expect(statuses).toEqual([200, 200, 429, 429, 429]);
    expect((await figures()).get('tessera_visitor_data_refused_requests_total')).toBe(3);
  });

  it.runIf(TEST_ENGINE === 'sqlite')('tells the space on the disk that holds DATA_DIR (SQLite)', async () => {
    const values = await figures();
    expect(values.get('tessera_disk_free_bytes')).toBeGreaterThan(0);
    expect(values.get('tessera_disk_size_bytes')).toBeGreaterThan(values.get('tessera_disk_free_bytes')!);
    expect([...values.keys()].some((name) => name.startsWith('tessera_database_connections'))).toBe(false);
  });

  it.runIf(TEST_ENGINE === 'postgres')("tells the pool's connections (PostgreSQL)", async () => {
    await server.app.inject({ method: 'GET', url: '/readyz' });
    const values = await figures();
    expect(values.get('tessera_database_connections{state="open"}')).toBeGreaterThanOrEqual(1);
    expect(values.get('tessera_database_connections{state="waiting"}')).toBe(0);
    expect(values.has('tessera_disk_free_bytes')).toBe(false);
  });
});

describe('requests refused for the database', () => {
  it('are counted by reason', async () => {
    const own = await startTestServer({ metricsToken: TOKEN });
    try {
      const client = await visitor(own.app);
      const hits = Array.from({ length: 100 }, (_, i) => ({ event: 'pageView', data: JSON.stringify({ url: `/full-${i}-${'x'.repeat(1000)}` }), ss_cvr: 'r1|1|1|1|1' }));
      let reason: string;
      if (TEST_ENGINE === 'sqlite') {
        // The file may not grow by a page: SQLite's own SQLITE_FULL.
        const sqlite = own.app.storage.sqlite!;
        sqlite.pragma(`max_page_count = ${sqlite.pragma('page_count', { simple: true }) as number}`);
        reason = 'disk_full';
      } else {
        const url = new URL(own.config.databaseUrl!);
        const database = url.pathname.slice(1);
        url.pathname = '/postgres';
        const operator = new pg.Client({ connectionString: url.href });
        await operator.connect();
        await operator.query(`DROP DATABASE ${database} WITH (FORCE)`).finally(() => operator.end());
        reason = 'unavailable';
      }
      for (let i = 0; i < 2; i++) expect((await client.inject({ method: 'POST', url: RECORD_HIT_PATH, payload: hits })).statusCode).toBe(503);
      expect((await figures(own.app)).get(`tessera_database_refused_requests_total{reason="${reason}"}`)).toBe(2);
    } finally {
      await own.close().catch(() => undefined);
    }
  });
});

describe('METRICS_TOKEN', () => {
  it('must be at least 16 characters without spaces, and is never printed', () => {
    for (const value of ['short', 'sixteen chars ok!']) {
      let problem: unknown;
      try {
        loadConfig({ METRICS_TOKEN: value });
      } catch (error) {
        problem = error;
      }
      expect(problem).toBeInstanceOf(ConfigError);
      expect((problem as ConfigError).problems).toEqual([`METRICS_TOKEN must be at least 16 characters, no spaces (a bearer token), not the ${value.length} characters given`]);
    }
    const settings = effectiveSettings(loadConfig({ METRICS_TOKEN: TOKEN }));
    expect(settings.METRICS).toBe('/metrics, with the bearer token in METRICS_TOKEN');
    expect(JSON.stringify(settings)).not.toContain(TOKEN);
    expect(effectiveSettings(loadConfig({})).METRICS).toBe('off (METRICS_TOKEN not set)');
  });
});
