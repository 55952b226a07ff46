/**
 * Several instances on one PostgreSQL (issue 40 §3): a real PostgreSQL server started for this
 * file and two built servers on two ports, sharing the database and nothing else (each its own
 * DATA_DIR, as on two machines). What one instance is told, the other knows; a limit counts over
 * both; an image uploaded to one is processed once and both serve it and its widths; and
 * when one instance is killed (SIGKILL) in a stream of writes to both, the other keeps answering
 * and every acknowledged record is stored exactly once.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import pg from 'pg';
import sharp from 'sharp';
import { expect, runtimeReady, test } from './fixtures';
import { OWNER } from './global-setup';
import { startBuiltServer, type ServerProcess } from './server-process';
import { RECORD_HIT_PATH } from '../contract/api/paths';
// @ts-expect-error: a plain ES module of the scripts folder, without declarations
import { startPostgres } from '../scripts/postgres.mjs';

test.describe.configure({ mode: 'serial' });

let postgres: { url: string; databaseUrl(name: string): string; stop(): void };
let database: pg.Client;
let first: ServerProcess;
let second: ServerProcess;
let dataDirs: string[];

const METRICS_TOKEN = 'e2e-metrics-token-0123456789';
const { version: VERSION } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
const SETTINGS = { OWNER_EMAIL: OWNER.email, OWNER_PASSWORD: OWNER.password, FORM_RATE_LIMIT: '1000000', FORM_ADDRESS_RATE_LIMIT: '1000000', FORM_KEY_RATE_LIMIT: '1000000', METRICS_TOKEN };

test.beforeAll(async () => {
  test.setTimeout(120_000);
  postgres = (await startPostgres()) as typeof postgres;
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query('CREATE DATABASE site');
  await admin.end();
  const databaseUrl = postgres.databaseUrl('site');
  dataDirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), 'tessera-instances-')));
  // One after the other: the first creates the tables, the second finds them.
  first = await startBuiltServer({ ...SETTINGS, DATABASE_URL: databaseUrl }, dataDirs[0]!);
  second = await startBuiltServer({ ...SETTINGS, DATABASE_URL: databaseUrl }, dataDirs[1]!);
  database = new pg.Client({ connectionString: databaseUrl });
  await database.connect();
});

test.afterAll(async () => {
  await database?.end();
  await first?.kill().catch(() => undefined);
  await second?.kill().catch(() => undefined);
  for (const dir of dataDirs ?? []) rmSync(dir, { recursive: true, force: true });
  postgres?.stop();
});

/** A client of one instance with its crumb (cookies are per host, so both instances see them). */
async function client(api: APIRequestContext, server: ServerProcess) {
  await api.get(`${server.baseUrl}/plain`);
  const crumb = encodeURIComponent((await api.storageState()).cookies.find((cookie) => cookie.name === 'crumb')!.value);
  const url = (pathname: string) => `${server.baseUrl}${pathname}${pathname.includes('?') ? '&' : '?'}crumb=${crumb}`;
  return {
    get: (pathname: string) => api.get(url(pathname)),
    post: (pathname: string, data?: unknown) => api.post(url(pathname), { data }),
    put: (pathname: string, data: Buffer) => api.put(url(pathname), { data, headers: { 'content-type': 'application/octet-stream' } }),
    async submit(message: string) {
      const key = ((await (await api.post(url('/api/form/FormSubmissionKey'))).json()) as { key: string }).key;
      return api.post(url('/api/form/SaveFormSubmission'), {
        data: { url: `${server.baseUrl}/contact`, title: 'Contact', referrer: '', key, formId: 'contact', isOverlayForm: false, form: JSON.stringify({ name: ['Ada', 'L'], email: 'ada@example.com', message }) },
      });
    },
  };
}

test('a submission to one instance is in the owner’s list on the other; a sign-in on one is valid on the other', async ({ playwright }) => {
  const visitor = await playwright.request.newContext();
  expect((await (await client(visitor, first)).submit('sent to the first')).status()).toBe(200);
  const owner = await playwright.request.newContext();
  expect((await (await client(owner, first)).post('/api/auth/Login', OWNER)).status()).toBe(200);
  const onSecond = await client(owner, second);
  const answer = await onSecond.get('/api/owner/submissions');
  expect(answer.status()).toBe(200);
  const { submissions } = (await answer.json()) as { submissions: Array<{ values: { message: string } }> };
  expect(submissions.map((submission) => submission.values.message)).toContain('sent to the first');
  await visitor.dispose();
  await owner.dispose();
});

/** One instance's /metrics, as Prometheus scrapes it: value by `name{labels}`. */
async function scrape(api: APIRequestContext, server: ServerProcess): Promise<Map<string, number>> {
  const answer = await api.get(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(answer.status()).toBe(200);
  return new Map([...(await answer.text()).matchAll(/^(\S+) (\S+)$/gm)].filter(([, name]) => !name!.startsWith('#')).map(([, name, value]) => [name!, Number(value)]));
}

test('each instance tells its own figures at /metrics: a visit to one is counted there, and both tell their PostgreSQL connections', async ({ browser, playwright }) => {
  const api = await playwright.request.newContext();
  const hits = `tessera_http_request_duration_seconds_count{method="POST",route="${RECORD_HIT_PATH}",status="200"}`;
  const before = await Promise.all([scrape(api, first), scrape(api, second)]);
  const context = await browser.newContext();
  // A visitor who accepted cookies: the census counts page views only then.
  await context.addCookies([{ name: 'ss_cookieAllowed', value: 'true', url: first.baseUrl }]);
  const page = await context.newPage();
  await page.goto(`${first.baseUrl}/`);
  await runtimeReady(page);
  await page.goto(`${first.baseUrl}/plain`); // pagehide sends the page view
  await expect.poll(async () => ((await scrape(api, first)).get(hits) ?? 0) - (before[0].get(hits) ?? 0)).toBeGreaterThanOrEqual(1);
  await context.close();
  const after = await Promise.all([scrape(api, first), scrape(api, second)]);
  expect(after[1].get(hits) ?? 0).toBe(before[1].get(hits) ?? 0);
  for (const figures of after) {
    expect(figures.get(`tessera_info{version="${VERSION}",engine="postgres"}`)).toBe(1);
    expect(figures.get('tessera_database_connections{state="open"}')).toBeGreaterThanOrEqual(1);
  }
  expect((await api.get(`${second.baseUrl}/metrics`)).status()).toBe(401);
  await api.dispose();
});

test('the sign-in limit counts failures spread over both instances', async ({ playwright }) => {
  const guesser = await playwright.request.newContext();
  const [a, b] = [await client(guesser, first), await client(guesser, second)];
  const statuses: number[] = [];
  // The account's five free tries, alternating instances: one count in the database, and the
  // fifth failure starts a wait (1 s).
  for (let i = 0; i < 5; i += 1) statuses.push((await (i % 2 ? b : a).post('/api/auth/Login', { email: 'someone@e2e.test', password: `wrong-${i}` })).status());
  expect(statuses).toEqual([401, 401, 401, 401, 401]);
  const key = 'sign-in:owner:someone@e2e.test';
  const counter = async () => (await database.query('SELECT count, locked_until FROM limit_counters WHERE key = $1', [key])).rows[0] as { count: number; locked_until: string };
  const counted = await counter();
  expect(counted.count).toBe(5);
  expect(Number(counted.locked_until)).toBeGreaterThan(0);
  // A loaded host can take longer than that second to send the next guess (each failure hashes
  // a password first): the wait is held for a minute, as later failures make it, and both
  // instances keep to it without counting more.
  await database.query('UPDATE limit_counters SET locked_until = $1 WHERE key = $2', [Date.now() + 60_000, key]);
  expect((await b.post('/api/auth/Login', { email: 'someone@e2e.test', password: 'wrong-again' })).status()).toBe(429);
  expect((await a.post('/api/auth/Login', { email: 'someone@e2e.test', password: 'wrong-again' })).status()).toBe(429);
  expect((await counter()).count).toBe(5);
  await guesser.dispose();
});

test('an image uploaded on one instance is processed once, and both serve it and its widths from their own DATA_DIR', async ({ playwright }) => {
  const owner = await playwright.request.newContext();
  const onFirst = await client(owner, first);
  expect((await onFirst.post('/api/auth/Login', OWNER)).status()).toBe(200);
  const onSecond = await client(owner, second);
  const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#446688' } }).png().toBuffer();
  const upload = await onFirst.put('/api/owner/files/shared.png', png);
  expect(upload.status()).toBe(200);
  const { jobId } = (await upload.json()) as { jobId: string };
  await expect
    .poll(async () => ((await (await onSecond.get(`/api/owner/jobs/${jobId}`)).json()) as { status: string }).status, { timeout: 30_000 })
    .toBe('complete');
  const job = (await database.query('SELECT attempts, worker FROM image_jobs WHERE id = $1', [jobId])).rows[0] as { attempts: number; worker: string };
  expect(job.attempts).toBe(1);
  for (const server of [first, second]) {
    const whole = await owner.get(`${server.baseUrl}/s/shared.png`);
    expect((await whole.body()).equals(png)).toBe(true);
    const small = await owner.get(`${server.baseUrl}/s/shared.png?format=500w`);
    expect(small.status()).toBe(200);
    expect((await sharp(await small.body()).metadata()).width).toBe(500);
  }
  await owner.dispose();
});

/**
 * A build of the next version, as `npm run build` would make it beside this one: the
 * accordion's chunk changed (new content, so a new hashed name, and the old one gone), and
 * site.js names the new one. The rest of the root links to this checkout.
 */
function nextBuild(): { root: string; oldChunk: string; newChunk: string } {
  const root = mkdtempSync(path.join(tmpdir(), 'tessera-next-build-'));
  for (const dir of ['contract', 'server', 'node_modules', 'examples']) symlinkSync(path.resolve(dir), path.join(root, dir));
  mkdirSync(path.join(root, 'dist'));
  for (const dir of ['server', 'preview']) symlinkSync(path.resolve('dist', dir), path.join(root, 'dist', dir));
  const runtime = path.join(root, 'dist', 'runtime');
  cpSync(path.resolve('dist', 'runtime'), runtime, { recursive: true });
  const oldChunk = readdirSync(path.join(runtime, 'chunks')).find((name) => /^accordion-[\w-]{6}\.js$/.test(name))!;
  const newChunk = 'accordion-Nxt2bd.js';
  const source = readFileSync(path.join(runtime, 'chunks', oldChunk), 'utf8');
  writeFileSync(path.join(runtime, 'chunks', newChunk), `${source}\nglobalThis.accordionBuild = 'next';\n`);
  for (const suffix of ['', '.br', '.gz', '.map']) rmSync(path.join(runtime, 'chunks', oldChunk + suffix), { force: true });
  writeFileSync(path.join(runtime, 'site.js'), readFileSync(path.join(runtime, 'site.js'), 'utf8').replaceAll(oldChunk, newChunk));
  for (const suffix of ['.br', '.gz']) rmSync(path.join(runtime, `site.js${suffix}`));
  return { root, oldChunk, newChunk };
}

test('a rolling upgrade: a page from either build mounts its blocks when its chunks come from an instance of the other', async ({ browser }) => {
  test.setTimeout(60_000);
  const next = nextBuild();
  const upgraded = await startBuiltServer({ ...SETTINGS, DATABASE_URL: postgres.databaseUrl('site'), ROOT_DIR: next.root });
  try {
    // The load balancer sends the page and site.js to one instance, and the chunks to the other.
    const visit = async (pages: ServerProcess, chunks: ServerProcess) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      const statuses: number[] = [];
      await page.route('**/runtime/chunks/**', async (route) => {
        const response = await route.fetch({ url: chunks.baseUrl + new URL(route.request().url()).pathname });
        statuses.push(response.status());
        await route.fulfill({ response });
      });
      await page.goto(`${pages.baseUrl}/faq`);
      await runtimeReady(page);
      const accordion = page.locator('#block-faq-multi');
      await expect(accordion).toHaveAttribute('data-block-status', 'mounted');
      const build = await page.evaluate(() => (globalThis as { accordionBuild?: string }).accordionBuild ?? 'this');
      // Chunks asked for after `ready` (the header's cart count) are answered before the page goes.
      await page.waitForLoadState('networkidle');
      await context.close();
      return { build, statuses };
    };
    const fromUpgraded = await visit(upgraded, first);
    expect(fromUpgraded.build).toBe('next');
    expect(fromUpgraded.statuses.length).toBeGreaterThan(0);
    expect(fromUpgraded.statuses.filter((status) => status !== 200)).toEqual([]);
    const fromOlder = await visit(second, upgraded);
    expect(fromOlder.build).toBe('this');
    expect(fromOlder.statuses.filter((status) => status !== 200)).toEqual([]);
    const keys = [next.oldChunk, next.newChunk].map((file) => `runtime/chunks/${file}`).sort();
    const stored = (await database.query('SELECT name FROM runtime_chunks WHERE name = ANY($1)', [keys])).rows as Array<{ name: string }>;
    expect(stored.map((row) => row.name).sort()).toEqual(keys);
  } finally {
    await upgraded.stop();
    rmSync(next.root, { recursive: true, force: true });
  }
});

test('one instance killed in a stream of hits and submissions to both: the other answers, and every acknowledged record is stored once', async ({ playwright }) => {
  test.setTimeout(90_000);
  const api = await playwright.request.newContext();
  const clients = [await client(api, first), await client(api, second)];
  const acknowledged = { hits: [] as string[], submissions: [] as string[] };
  let killed = false;
  let afterKill = 0;

  const stream = async (index: number) => {
    for (let n = 0; n < 100_000 && !(killed && afterKill >= 60); n += 1) {
      const target = clients[(n + index) % 2]!;
      const marker = `stream-${index}-${n}`;
      try {
        const hit = await target.post('/api/census/RecordHit', [{ event: 'pageView', data: JSON.stringify({ url: `/${marker}` }) }]);
        if (hit.status() === 200) acknowledged.hits.push(marker);
        const saved = await target.submit(marker);
        if (saved.status() === 200) acknowledged.submissions.push(marker);
        if (killed) afterKill += 1;
      } catch {
        // The killed instance's connection died: the next write goes to the other.
      }
    }
  };
  const streams = [0, 1, 2, 3].map(stream);
  await expect.poll(() => acknowledged.submissions.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(60);
  await first.kill();
  killed = true;
  await Promise.all(streams);
  const survivorsAnswers = afterKill;
  expect(survivorsAnswers).toBeGreaterThanOrEqual(60);
  expect((await api.get(`${second.baseUrl}/healthz`)).status()).toBe(200);

  const count = async (sqlText: string, markers: string[]) => {
    const rows = (await database.query(sqlText, [markers])).rows as Array<{ marker: string; n: string }>;
    return new Map(rows.map((row) => [row.marker, Number(row.n)]));
  };
  const hits = await count("SELECT substr(path, 2) AS marker, COUNT(*) AS n FROM census_hits WHERE substr(path, 2) = ANY($1) GROUP BY path", acknowledged.hits);
  const submissions = await count(
    "SELECT values_json::json->>'message' AS marker, COUNT(*) AS n FROM form_submissions WHERE values_json::json->>'message' = ANY($1) GROUP BY 1",
    acknowledged.submissions,
  );
  expect(acknowledged.hits.filter((marker) => hits.get(marker) !== 1)).toEqual([]);
  expect(acknowledged.submissions.filter((marker) => submissions.get(marker) !== 1)).toEqual([]);
  await api.dispose();
});
