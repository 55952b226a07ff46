/**
 * Storage at scale (issue 40 §4), per engine: a site with N page views stored (1,000,000 by
 * default; raw hits spread over 90 days and 200 paths, their daily rollups as the server keeps
 * them), then
 * - the owner's traffic panel for the last 90 days: the median and p95 of 20 calls;
 * - the performance panel for the same days, with one performance record per ten page views
 *   rolled up (four timing metrics and CLS each): the median and p95 of 20 calls;
 * - census ingest p99 (autocannon, 10 connections) with and without the panel being read back to
 *   back from another thread at the same time, interleaved (without, with, without, with), as a
 *   ratio of medians;
 * - on PostgreSQL, census ingest per second against one instance, then two sharing the database.
 * The hits are seeded with SQL on the database directly (the server's own ingest is what the
 * autocannon runs measure).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import pg from 'pg';
import { startBuiltServer, type ServerProcess } from '../e2e/server-process';
// @ts-expect-error: a plain ES module of the scripts folder, without declarations
import { startPostgres } from '../scripts/postgres.mjs';

export interface StorageResult {
  engine: 'sqlite' | 'postgres';
  pageViews: number;
  seedSeconds: number;
  panelMedianMs: number;
  panelP95Ms: number;
  performancePanelMedianMs: number;
  performancePanelP95Ms: number;
  ingestP99QuietMs: number;
  ingestP99DuringReadsMs: number;
  /** Census hits per second: one instance, and (PostgreSQL) two on one database. */
  hitsPerSecondOne: number;
  hitsPerSecondTwo: number | null;
}

const OWNER = { email: 'owner@bench.test', password: 'owner-bench-password' };
const SETTINGS = { OWNER_EMAIL: OWNER.email, OWNER_PASSWORD: OWNER.password };
const DAY_MS = 86_400_000;
const PATHS = 200;
const VISITORS = 50_000;

const concat = (a: string, b: string) => `${a} || ${b}`;

/** The seeding SQL for either engine, on a new site's empty tables: `series` numbers 0 … N-1. */
function seedStatements(engine: 'sqlite' | 'postgres', pageViews: number, now: number): string[] {
  const seriesOf = (count: number) =>
    engine === 'postgres' ? `generate_series(0, ${count - 1}) AS s(n)` : `(WITH RECURSIVE seq(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM seq WHERE n < ${count - 1}) SELECT n FROM seq) AS s`;
  const series = seriesOf(pageViews);
  // Performance records as the rollups hold them: values already to three significant digits.
  const loads = `(SELECT ${concat("'/page-'", `(n % ${PATHS})`)} AS path, ${now} - CAST(n % 90 AS BIGINT) * ${DAY_MS} AS created_at, n FROM ${seriesOf(Math.max(1, Math.floor(pageViews / 10)))}) AS l`;
  const metrics = `(SELECT 'lcp' AS metric, 10 AS scale, 40 AS base UNION ALL SELECT 'fcp', 10, 20 UNION ALL SELECT 'ttfb', 1, 100 UNION ALL SELECT 'inp', 1, 50 UNION ALL SELECT 'cls', 0.001, 0) AS m`;
  const day = engine === 'postgres' ? `to_char(to_timestamp(created_at / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM-DD')` : `date(created_at / 1000, 'unixepoch')`;
  return [
    `INSERT INTO census_hits (event, path, referrer, website_id, visitor_id, data_json, created_at)
     SELECT 'pageView', ${concat("'/page-'", `(n % ${PATHS})`)}, CASE WHEN n % 7 = 0 THEN 'https://search.example/' ELSE NULL END, 'bench', ${concat("'v'", `(n % ${VISITORS})`)}, '{}', ${now} - CAST(n % 90 AS BIGINT) * ${DAY_MS} - (n % 1000)
     FROM ${series}`,
    `INSERT INTO census_daily_paths (day, path, views) SELECT ${day}, path, COUNT(*) FROM census_hits WHERE event = 'pageView' GROUP BY 1, 2`,
    `INSERT INTO census_daily_referrers (day, referrer, views) SELECT ${day}, referrer, COUNT(*) FROM census_hits WHERE event = 'pageView' AND referrer IS NOT NULL GROUP BY 1, 2`,
    `INSERT INTO census_visitor_days (day, visitor_id) SELECT DISTINCT ${day}, visitor_id FROM census_hits WHERE event = 'pageView' AND visitor_id IS NOT NULL`,
    `INSERT INTO census_daily (day, views, visitors)
     SELECT d.day, d.views, (SELECT COUNT(*) FROM census_visitor_days v WHERE v.day = d.day) FROM (SELECT day, SUM(views) AS views FROM census_daily_paths GROUP BY day) d`,
    `INSERT INTO performance_daily (day, path, metric, value, samples)
     SELECT ${day}, path, metric, (base + (n * 37) % 300) * scale, COUNT(*) FROM ${loads} CROSS JOIN ${metrics} GROUP BY 1, 2, 3, 4`,
    `INSERT INTO performance_daily_loads (day, path, loads) SELECT ${day}, path, COUNT(*) FROM ${loads} GROUP BY 1, 2`,
  ];
}

/** Reads the traffic panel back to back, one call in flight at a time, until terminated. */
const PANEL_READER = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  parentPort.postMessage('reading');
  for (;;) await (await fetch(workerData.url, { headers: { cookie: workerData.cookie } })).json();
})();
`;

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => autocannon(options, (error, result) => (error ? reject(error) : resolve(result))));
}

async function crumbOf(base: string): Promise<string> {
  const response = await fetch(`${base}/plain`);
  return /(?:^|,\s*)crumb=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')![1]!;
}

/** A signed-in owner's cookie header and crumb. */
async function ownerSession(base: string): Promise<{ cookie: string; crumb: string }> {
  const crumb = await crumbOf(base);
  const login = await fetch(`${base}/api/auth/Login?crumb=${encodeURIComponent(crumb)}`, { method: 'POST', headers: { cookie: `crumb=${crumb}`, 'content-type': 'application/json' }, body: JSON.stringify(OWNER) });
  const session = /site_session=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1];
  if (!session) throw new Error(`the owner could not sign in (${login.status})`);
  return { cookie: `crumb=${crumb}; site_session=${session}`, crumb };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

async function censusRun(bases: string[], seconds: number): Promise<autocannon.Result[]> {
  return Promise.all(
    bases.map(async (base) => {
      const crumb = await crumbOf(base);
      const body = JSON.stringify({ event: 'pageView', data: JSON.stringify({ url: '/bench-ingest', websiteId: 'bench', referrer: '' }), ss_cvr: 'bench|1|1|1|1' });
      return run({ url: `${base}/api/census/RecordHit?crumb=${crumb}`, method: 'POST', headers: { cookie: `crumb=${crumb}`, 'content-type': 'application/json' }, body, connections: 10, duration: seconds });
    }),
  );
}

export async function measureStorage(engine: 'sqlite' | 'postgres', pageViews: number, seconds: number): Promise<StorageResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `tessera-bench-${engine}-`));
  interface Postgres {
    url: string;
    databaseUrl(name: string): string;
    stop(): void;
  }
  let postgres = null as Postgres | null;
  const servers: ServerProcess[] = [];
  try {
    let databaseUrl: string | null = null;
    if (engine === 'postgres') {
      const started = (await startPostgres()) as Postgres;
      postgres = started;
      const admin = new pg.Client({ connectionString: started.url });
      await admin.connect();
      await admin.query('CREATE DATABASE bench');
      await admin.end();
      databaseUrl = started.databaseUrl('bench');
    }
    const env = { ...SETTINGS, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
    servers.push(await startBuiltServer(env, dataDir));
    const base = servers[0]!.baseUrl;

    const seeded = Date.now();
    const statements = seedStatements(engine, pageViews, Date.now());
    if (databaseUrl) {
      const client = new pg.Client({ connectionString: databaseUrl });
      client.on('error', (error) => console.error('  seeding connection:', error.message));
      await client.connect();
      for (const statement of statements) await client.query(statement);
      await client.query('ANALYZE');
      await client.end();
    } else {
      const db = new Database(path.join(dataDir, 'site.sqlite'));
      db.pragma('busy_timeout = 30000');
      for (const statement of statements) db.exec(statement);
      db.exec('ANALYZE');
      db.close();
    }
    const seedSeconds = (Date.now() - seeded) / 1000;
    console.log(`  seeded ${pageViews} page views in ${seedSeconds.toFixed(1)} s`);

    const owner = await ownerSession(base);
    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 89 * DAY_MS).toISOString().slice(0, 10);
    const panelUrl = `${base}/api/owner/pageviews?from=${from}&to=${to}&crumb=${encodeURIComponent(owner.crumb)}`;
    const panel = async () => {
      const started = performance.now();
      const response = await fetch(panelUrl, { headers: { cookie: owner.cookie } });
      const answer = (await response.json()) as { total?: number };
      if (!response.ok || answer.total === undefined) throw new Error(`the traffic panel answered ${response.status}`);
      return performance.now() - started;
    };
    await panel(); // warm
    const panelTimes: number[] = [];
    for (let i = 0; i < 20; i += 1) panelTimes.push(await panel());

    console.log(`  traffic panel: median ${median(panelTimes).toFixed(1)} ms`);
    const performanceUrl = `${base}/api/owner/performance?from=${from}&to=${to}&crumb=${encodeURIComponent(owner.crumb)}`;
    const performancePanel = async () => {
      const started = performance.now();
      const response = await fetch(performanceUrl, { headers: { cookie: owner.cookie } });
      const answer = (await response.json()) as { records?: number };
      if (!response.ok || !answer.records) throw new Error(`the performance panel answered ${response.status} with ${answer.records} records`);
      return performance.now() - started;
    };
    await performancePanel(); // warm
    const performanceTimes: number[] = [];
    for (let i = 0; i < 20; i += 1) performanceTimes.push(await performancePanel());
    console.log(`  performance panel: median ${median(performanceTimes).toFixed(1)} ms`);
    const quiet: number[] = [];
    const duringReads: number[] = [];
    for (let round = 0; round < 2; round += 1) {
      quiet.push((await censusRun([base], seconds))[0]!.latency.p99);
      // The reads come from a thread of their own, so that their work does not delay autocannon's
      // own event loop (which would count as census latency): only the server is shared.
      const reader = new Worker(PANEL_READER, { eval: true, workerData: { url: panelUrl, cookie: owner.cookie } });
      await new Promise((resolve) => reader.once('message', resolve));
      duringReads.push((await censusRun([base], seconds))[0]!.latency.p99);
      await reader.terminate();
    }
    const one = (await censusRun([base], seconds))[0]!.requests.average;
    let two: number | null = null;
    if (engine === 'postgres') {
      servers.push(await startBuiltServer(env, dataDir));
      two = (await censusRun(servers.map((server) => server.baseUrl), seconds)).reduce((sum, result) => sum + result.requests.average, 0);
    }
    return {
      engine,
      pageViews,
      seedSeconds,
      panelMedianMs: median(panelTimes),
      panelP95Ms: percentile(panelTimes, 0.95),
      performancePanelMedianMs: median(performanceTimes),
      performancePanelP95Ms: percentile(performanceTimes, 0.95),
      ingestP99QuietMs: median(quiet),
      ingestP99DuringReadsMs: median(duringReads),
      hitsPerSecondOne: Math.round(one),
      hitsPerSecondTwo: two === null ? null : Math.round(two),
    };
  } finally {
    for (const server of servers) await server.kill();
    postgres?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
