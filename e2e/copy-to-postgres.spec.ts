/**
 * A self-hoster moves a site that started on SQLite to PostgreSQL, as docs/deployment.md
 * ("Moving a site from SQLite to PostgreSQL") says: stop the server, `npm run copy-to-postgres`
 * into a new database, start the server with DATABASE_URL. The built server and the built
 * command, a real PostgreSQL server, a real browser: the owner is still signed in, and the
 * config app shows the visitor's page view and submission from before the move. Then back to
 * SQLite with `npm run copy-to-sqlite`, with the same result.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { expect, runtimeReady, test } from './fixtures';
import { OWNER } from './global-setup';
import { startBuiltServer, type ServerProcess } from './server-process';
import { COPY_ORDER } from '../server/src/storage/copy';
// @ts-expect-error: a plain ES module of the scripts folder, without declarations
import { startPostgres } from '../scripts/postgres.mjs';

/** The copy's last line: every table of this version, each counted. */
const COPIED = new RegExp(`\\nCopied [\\d,]+ rows in ${COPY_ORDER.length} tables in \\d+\\.\\d s\\.\\n`);

const SETTINGS = { OWNER_EMAIL: OWNER.email, OWNER_PASSWORD: OWNER.password };

let postgres: { url: string; databaseUrl(name: string): string; stop(): void } | undefined;
let server: ServerProcess | undefined;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  postgres = (await startPostgres()) as NonNullable<typeof postgres>;
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query('CREATE DATABASE site');
  await admin.end();
  dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-move-'));
});

test.afterAll(async () => {
  await server?.kill().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
  postgres?.stop();
});

const copyToPostgres = (databaseUrl: string) =>
  spawnSync(process.execPath, ['dist/server/copy-to-postgres.js', databaseUrl], { env: { ...process.env, ...SETTINGS, DATA_DIR: dataDir }, encoding: 'utf8' });

test('a site moved from SQLite with npm run copy-to-postgres keeps its owner signed in, its visitors, its submissions and its uploads', async ({ browser }) => {
  test.setTimeout(120_000);
  const databaseUrl = postgres!.databaseUrl('site');
  server = await startBuiltServer(SETTINGS, dataDir);
  const marker = `moved-${Date.now()}`;

  // A visitor who accepted cookies reads the FAQ (the runtime counts the view) and writes in.
  const visitor = await browser.newContext();
  await visitor.addCookies([{ name: 'ss_cookieAllowed', value: 'true', url: server.baseUrl }]);
  const page = await visitor.newPage();
  await page.goto(`${server.baseUrl}/faq`);
  await runtimeReady(page);
  const crumb = async () => encodeURIComponent((await visitor.cookies()).find((cookie) => cookie.name === 'crumb')!.value);
  const key = ((await (await page.request.post(`${server.baseUrl}/api/form/FormSubmissionKey?crumb=${await crumb()}`)).json()) as { key: string }).key;
  const form = { name: ['Ada', 'L'], email: 'ada@example.com', message: marker };
  const saved = await page.request.post(`${server.baseUrl}/api/form/SaveFormSubmission?crumb=${await crumb()}`, {
    data: { url: `${server.baseUrl}/contact`, title: 'Contact', referrer: '', key, formId: 'contact', isOverlayForm: false, form: JSON.stringify(form) },
  });
  expect(saved.status()).toBe(200);
  const stored = (sql: string) => {
    const db = new Database(path.join(dataDir, 'site.sqlite'), { readonly: true });
    try {
      return (db.prepare(sql).get() as { n: number }).n;
    } finally {
      db.close();
    }
  };
  await expect.poll(() => stored("SELECT COUNT(*) AS n FROM census_hits WHERE path = '/faq'")).toBe(1);
  await visitor.close();

  // The owner signs in on the SQLite server.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await owner.goto(`${server.baseUrl}/plain`);
  const ownerCrumb = encodeURIComponent((await ownerContext.cookies()).find((cookie) => cookie.name === 'crumb')!.value);
  expect((await owner.request.post(`${server.baseUrl}/api/auth/Login?crumb=${ownerCrumb}`, { data: OWNER })).status()).toBe(200);
  // And uploads a file, which goes along with the database both ways (no DATA_DIR/files to carry).
  const upload = Buffer.from(`%PDF-1.4 ${marker}`);
  expect((await owner.request.put(`${server.baseUrl}/api/owner/files/price-list.pdf?crumb=${ownerCrumb}`, { data: upload, headers: { 'content-type': 'application/octet-stream' } })).status()).toBe(200);
  const served = async () => (await owner.request.get(`${server!.baseUrl}/s/price-list.pdf`)).body();

  await server.stop({ keepData: true });
  const copy = copyToPostgres(databaseUrl);
  expect(copy.status, copy.stderr).toBe(0);
  expect(copy.stdout).toContain(`Copying ${dataDir}/site.sqlite to ${databaseUrl}. Stop the server first: what it writes from now on is not copied.\n`);
  expect(copy.stdout).toContain('\n  form_submissions: 1\n');
  expect(copy.stdout).toContain('\n  census_hits: 1\n');
  expect(copy.stdout).toMatch(COPIED);
  expect(copy.stdout).toContain(`Next: start the servers with DATABASE_URL=${databaseUrl}. Uploaded files came along: they are in the database.\n`);

  // On PostgreSQL (the SQLite file moved away: nothing can come from it), the owner is still
  // signed in and the config app shows the view and the submission.
  spawnSync('mv', [path.join(dataDir, 'site.sqlite'), path.join(dataDir, 'site.sqlite.moved')]);
  server = await startBuiltServer({ ...SETTINGS, DATABASE_URL: databaseUrl }, dataDir);
  await owner.goto(`${server.baseUrl}/config/?frameUrl=%2Fplain`);
  const panel = owner.locator('#config-panel');
  await expect(panel.locator('.config-submissions')).toContainText(marker);
  await expect(panel.getByRole('table', { name: 'Top paths' })).toContainText('/faq');
  expect((await served()).equals(upload)).toBe(true);

  // And back (docs/deployment.md, "Moving a site back to SQLite"): into a new DATA_DIR, while
  // the PostgreSQL server still runs; a server there without DATABASE_URL shows the same.
  const back = mkdtempSync(path.join(tmpdir(), 'tessera-back-'));
  try {
    const copyBack = () => spawnSync(process.execPath, ['dist/server/copy-to-sqlite.js'], { env: { ...process.env, ...SETTINGS, DATA_DIR: back, DATABASE_URL: databaseUrl }, encoding: 'utf8' });
    const returned = copyBack();
    expect(returned.status, returned.stderr).toBe(0);
    expect(returned.stdout).toContain(`Copying ${databaseUrl} to ${back}/site.sqlite. The copy is the database as it stands now: what the servers write from now on is not copied.\n`);
    expect(returned.stdout).toContain('\n  form_submissions: 1\n');
    expect(returned.stdout).toMatch(COPIED);
    await server.stop({ keepData: true });
    server = await startBuiltServer(SETTINGS, back);
    await owner.goto(`${server.baseUrl}/config/?frameUrl=%2Fplain`);
    await expect(panel.locator('.config-submissions')).toContainText(marker);
    await expect(panel.getByRole('table', { name: 'Top paths' })).toContainText('/faq');
    expect((await served()).equals(upload)).toBe(true);
    await server.stop({ keepData: true });
    const twice = copyBack();
    expect([twice.status, twice.stderr]).toEqual([1, `Copy failed: ${back}/site.sqlite exists. The copy makes a new database and overwrites nothing: move that file away, or give DATA_DIR a new folder, and copy again.\n`]);
  } finally {
    rmSync(back, { recursive: true, force: true });
  }
  await ownerContext.close();

  // Run again, it refuses the database it filled, and says why.
  spawnSync('mv', [path.join(dataDir, 'site.sqlite.moved'), path.join(dataDir, 'site.sqlite')]);
  const again = copyToPostgres(databaseUrl);
  expect(again.status).toBe(1);
  expect(again.stderr).toMatch(/^Copy failed: postgres:\/\/tessera@127\.0\.0\.1:\d+\/site already holds data \(settings: \d+ rows, accounts: 2 rows, .*\)\. The copy goes into an empty database only/);
  // A database not created yet is said as the server says it at start.
  const missing = copyToPostgres(postgres!.databaseUrl('nosuch'));
  expect([missing.status, missing.stderr]).toEqual([1, expect.stringMatching(/^Copy failed: PostgreSQL at 127\.0\.0\.1:\d+ has no database "nosuch" \(3D000\)\. Create it once \(createdb -O tessera nosuch\) or correct DATABASE_URL\.\n$/)]);
});
