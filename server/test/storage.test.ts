/**
 * Storage (issue 40 §2): the migrations, written once, build the same tables on SQLite and on
 * a real PostgreSQL server; running them again changes nothing; a SQLite database made by the
 * hand-written migrations of earlier versions is adopted with its data.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { MIGRATION_NAMES } from '../src/migrations/index';
import { appliedMigrations, migrateToLatest, openStorage } from '../src/storage/open';
import { ENGINES, freshPlace, freshStorage } from './engines';
import { legacyMigrate } from './fixtures/legacy-schema';

const TABLES = [
  'account_password_resets', 'accounts', 'analytics_events', 'block_overrides', 'cart_entries', 'carts', 'census_buttons', 'census_daily', 'census_daily_paths', 'census_daily_referrers', 'census_form_renders', 'census_hits',
  'census_overlays', 'census_visitor_days', 'datasets', 'file_contents', 'files', 'form_keys', 'form_submissions', 'image_jobs', 'js_error_daily', 'js_errors', 'legacy_events', 'limit_counters', 'mail_outbox', 'mailing_lists', 'member_password_resets',
  'newsletter_connections', 'newsletter_subscribers', 'orders', 'page_settings', 'performance_daily', 'performance_daily_loads', 'performance_records', 'review_requests', 'reviews', 'runtime_chunks',
  'sessions', 'settings', 'site_pages', 'site_user_sessions', 'site_users', 'taxonomy', 'trace_events', 'track_daily_campaigns', 'track_daily_landings', 'track_hits',
];

describe.each(ENGINES)('storage on %s', (engine) => {
  it('has every table after its migrations, and migrating again changes nothing', async () => {
    const storage = await freshStorage(engine);
    try {
      // FTS5 keeps its index in shadow tables of its own (site_pages_data, …): not ours to list.
      const tables = (await storage.db.introspection.getTables()).map((table) => table.name).filter((name) => !name.startsWith('kysely_') && !/^site_pages_/.test(name)).sort();
      expect(tables).toEqual(TABLES);
      expect(await appliedMigrations(storage.db)).toEqual(MIGRATION_NAMES);
      await migrateToLatest(storage.db, storage.engine);
      expect(await appliedMigrations(storage.db)).toEqual(MIGRATION_NAMES);
    } finally {
      await storage.remove();
    }
  });

  it.runIf(engine === 'postgres')('several instances starting at once on a new database: each starts, the migrations run once', async () => {
    const place = await freshPlace(engine);
    const instances = await Promise.all([1, 2, 3].map(() => openStorage({ dataDir: place.dataDir, databaseUrl: place.databaseUrl })));
    try {
      for (const instance of instances) expect(await appliedMigrations(instance.db)).toEqual(MIGRATION_NAMES);
      const rows = await sql<{ n: number }>`SELECT COUNT(*)::int AS n FROM kysely_migration`.execute(instances[0]!.db);
      expect(rows.rows[0]!.n).toBe(MIGRATION_NAMES.length);
    } finally {
      for (const instance of instances) await instance.close();
      place.remove();
    }
  });

  it('numbers rows, reads times as numbers, and compares e-mail addresses without case', async () => {
    const storage = await freshStorage(engine);
    try {
      const at = 1_790_000_000_123;
      const ids = [];
      for (const path of ['/a', '/b']) {
        const row = await storage.db.insertInto('census_hits').values({ event: 'pageView', path, referrer: null, website_id: null, visitor_id: 'v', data_json: '{}', created_at: at }).returning('id').executeTakeFirstOrThrow();
        ids.push(row.id);
      }
      expect(ids[1]! - ids[0]!).toBe(1);
      const read = await storage.db.selectFrom('census_hits').select(['created_at', 'id']).orderBy('id').execute();
      expect(read.map((row) => row.created_at)).toEqual([at, at]);
      expect(typeof read[0]!.id).toBe('number');
      await storage.db.insertInto('site_users').values({ id: 'u1', email: 'Ada@Example.com', password_hash: 'x', created_at: at }).execute();
      await expect(storage.db.insertInto('site_users').values({ id: 'u2', email: 'ada@example.COM', password_hash: 'x', created_at: at }).execute()).rejects.toThrow();
      await expect(sql`INSERT INTO cart_entries (cart_token, sku, product_id, quantity) VALUES ('none', 's', 'p', 0)`.execute(storage.db)).rejects.toThrow();
    } finally {
      await storage.remove();
    }
  });
});

describe('a SQLite database from before Kysely', () => {
  it('is adopted as it is: its tables and rows stay, and the baseline is recorded', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-legacy-'));
    const legacy = new Database(path.join(dataDir, 'site.sqlite'));
    legacyMigrate(legacy);
    legacy.prepare("INSERT INTO census_hits (event, path, data_json, created_at) VALUES ('pageView', '/old', '{}', 1)").run();
    legacy.prepare("INSERT INTO accounts (id, email, password_hash, roles, created_at) VALUES ('a1', 'owner@old.test', 'h', '[]', 1)").run();
    legacy.prepare(`INSERT INTO performance_records (page_load_id, path, metrics_json, data_json, created_at) VALUES ('p1', '/old', '{"lcp":1234.5}', '{}', 1)`).run();
    legacy.close();
    const storage = await openStorage({ dataDir });
    try {
      expect(await appliedMigrations(storage.db)).toEqual(MIGRATION_NAMES);
      expect(await storage.db.selectFrom('census_hits').select('path').execute()).toEqual([{ path: '/old' }]);
      // Hits stored before the rollups existed are rolled up by their migration.
      expect(await storage.db.selectFrom('census_daily_paths').select(['day', 'path', 'views']).execute()).toEqual([{ day: '1970-01-01', path: '/old', views: 1 }]);
      // And so are performance records, values to three significant digits.
      expect(await storage.db.selectFrom('performance_daily').select(['day', 'path', 'metric', 'value', 'samples']).execute()).toEqual([{ day: '1970-01-01', path: '/old', metric: 'lcp', value: 1230, samples: 1 }]);
      expect(await storage.db.selectFrom('performance_daily_loads').select(['path', 'loads']).execute()).toEqual([{ path: '/old', loads: 1 }]);
      expect(await storage.db.selectFrom('accounts').select('email').where('email', '=', 'OWNER@old.test').execute()).toEqual([{ email: 'owner@old.test' }]);
    } finally {
      await storage.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
