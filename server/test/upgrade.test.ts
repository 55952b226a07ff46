/**
 * A site that ran a server from before the daily rollups (its database at migration 003, with
 * page views, landings, error reports and performance records), upgraded: the migrations roll up what
 * was stored, so the owner's dashboards show the history they would have shown had the rollups
 * been there from the start.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { MIGRATION_NAMES, migrationProvider } from '../src/migrations/index';
import { MIGRATION_TABLE, appliedMigrations, sqliteFile } from '../src/storage/open';
import { freshPostgresDatabase } from './engines';
import { OWNER, TEST_ENGINE, startLoggedTestServer, visitor, type TestServer } from './helper';

const BEFORE_ROLLUPS = '003-image-jobs';
const [first, second] = [Date.UTC(2031, 2, 4, 10), Date.UTC(2031, 2, 5, 10)];

const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-upgrade-'));
let server: TestServer | undefined;
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The database as the older server left it: migrated up to `migration`, no further. */
async function databaseAt(migration: string, databaseUrl: string | null): Promise<Kysely<unknown>> {
  const db = new Kysely<unknown>({
    dialect: databaseUrl ? new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 1 }) }) : new SqliteDialect({ database: new Database(sqliteFile(dataDir)) }),
  });
  const { error } = await new Migrator({ db, provider: migrationProvider(TEST_ENGINE), migrationTableName: MIGRATION_TABLE }).migrateTo(migration);
  if (error) throw error;
  return db;
}

it('an older database with visitor data upgrades, and the dashboards show its history', async () => {
  const databaseUrl = TEST_ENGINE === 'postgres' ? await freshPostgresDatabase() : null;
  const old = await databaseAt(BEFORE_ROLLUPS, databaseUrl);
  expect(await appliedMigrations(old as unknown as Parameters<typeof appliedMigrations>[0])).toEqual(['001-baseline', '002-row-order', BEFORE_ROLLUPS]);
  const hit = (path: string, referrer: string | null, visitor: string, at: number, event = 'pageView') =>
    sql`INSERT INTO census_hits (event, path, referrer, website_id, visitor_id, data_json, created_at) VALUES (${event}, ${path}, ${referrer}, ${'site'}, ${visitor}, ${'{}'}, ${at})`.execute(old);
  await hit('/a', 'https://ref.test/', 'v1', first);
  await hit('/a', 'https://ref.test/', 'v1', first + 60_000);
  await hit('/b', null, 'v2', first);
  await hit('/a', '', 'v1', second);
  await hit('/a', null, 'v3', second, 'formRender'); // not a page view
  const error = (message: string, count: number, at: number) =>
    sql`INSERT INTO js_errors (message, source, count, data_json, created_at) VALUES (${message}, ${'app.js'}, ${count}, ${'{}'}, ${at})`.execute(old);
  await error('boom', 3, first);
  await error('boom', 2, second);
  await error('other', 1, second);
  const record = (id: string, path: string, metrics: Record<string, number>, at: number) =>
    sql`INSERT INTO performance_records (page_load_id, path, metrics_json, data_json, created_at) VALUES (${id}, ${path}, ${JSON.stringify(metrics)}, ${'{}'}, ${at})`.execute(old);
  await record('p1', '/a', { lcp: 1200, cls: 0.05 }, first);
  await record('p2', '/a', { lcp: 2400 }, second);
  await record('p3', '/b', { lcp: 800 }, second);
  const landing = (marketing: Record<string, string>, at: number) =>
    sql`INSERT INTO track_hits (landing, refer, lang, screen, marketing_json, created_at) VALUES (${'/offers'}, ${null}, ${'en'}, ${'1x1'}, ${JSON.stringify(marketing)}, ${at})`.execute(old);
  await landing({ source: 'newsletter', campaign: 'march' }, first);
  await landing({ source: 'newsletter', channel: 'email', campaign: 'march' }, first + 60_000);
  await landing({ campaign: 'lone' }, second);
  await landing({}, second);
  await old.destroy();

  const started = await startLoggedTestServer({ dataDir, databaseUrl });
  server = started.server;
  // The start log says what the upgrade brought.
  const brought = MIGRATION_NAMES.slice(3);
  expect(started.lines.filter((line) => line.migrations)).toEqual([
    expect.objectContaining({ level: 30, migrations: brought, msg: `Brought the database up to date: ${brought.length} migrations ${brought.join(', ')} (before it had 3 of ${MIGRATION_NAMES.length}).` }),
  ]);
  const owner = await visitor(server.app);
  await owner.inject({ method: 'POST', url: '/api/auth/Login', payload: OWNER });
  const read = async (what: string) => (await owner.inject({ method: 'GET', url: `/api/owner/${what}?from=2031-03-04&to=2031-03-05` })).json();

  const views = await read('pageviews');
  expect(views.perDay).toEqual(expect.arrayContaining([expect.objectContaining({ day: '2031-03-04', views: 3 }), expect.objectContaining({ day: '2031-03-05', views: 1 })]));
  expect(views.perPath).toEqual([{ path: '/a', views: 3 }, { path: '/b', views: 1 }]);
  // Stored before referrers were counted by site: the same answer, as the site.
  expect(views.referrers).toEqual([{ referrer: 'https://ref.test', views: 2 }]);
  expect(views.visitors).toBe(3); // daily unique visitors, summed: v1 and v2, then v1
  // Counted by source and campaign before channels were (migrations 015, then 017): no channel.
  expect(views.campaigns).toEqual([
    { source: 'newsletter', channel: '', campaign: 'march', landings: 2 },
    { source: '', channel: '', campaign: 'lone', landings: 1 },
  ]);

  const { errors } = await read('errors');
  const byMessage = (a: { message: string }, b: { message: string }) => a.message.localeCompare(b.message);
  expect(errors.map(({ message, count, reports }: { message: string; count: number; reports: number }) => ({ message, count, reports })).sort(byMessage)).toEqual([
    { message: 'boom', count: 5, reports: 2 },
    { message: 'other', count: 1, reports: 1 },
  ]);

  const performance = await read('performance');
  expect(performance.records).toBe(3);
  expect(performance.perPath).toEqual([
    { path: '/a', p75: { lcp: 2400, cls: 0.05 }, samples: 2 },
    { path: '/b', p75: { lcp: 800 }, samples: 1 },
  ]);
});
