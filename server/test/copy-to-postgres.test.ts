/**
 * A site outgrowing SQLite: `npm run copy-to-postgres` copies its database into an empty
 * PostgreSQL database. Every table's rows arrive as they were (U+0000 as U+FFFD), numbering
 * continues after the copied rows, a server on the copy carries on (the owner's session, the
 * search index), writers on the target wait for the copy, and a target holding data, a source
 * of another version or a row PostgreSQL refuses leaves the target as it was. Runs in the
 * `server` project only (it uses both engines).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COPY_ORDER, CopyRefused, copySqliteToPostgres } from '../src/storage/copy';
import { openStorage } from '../src/storage/open';
import type { Tables } from '../src/storage/tables';
import { freshPostgresDatabase } from './engines';
import { expectCopyCarriesOn, fillSite, type SignedInOwner } from './copy-fixtures';
import { startTestServer, type TestServer } from './helper';

let source: TestServer;
let owner: SignedInOwner;
const dataDir = () => source.config.dataDir;

/** Every row of a table, in a stable order, as JSON text (numbers as numbers on both engines). */
async function tableRows(db: Kysely<Tables>, table: string): Promise<string[]> {
  const { rows } = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)}`.execute(db);
  return rows.map((row) => JSON.stringify(Object.fromEntries(Object.entries(row).map(([name, value]) => [name, typeof value === 'bigint' ? Number(value) : value])))).sort();
}

beforeAll(async () => {
  source = await startTestServer();
  owner = await fillSite(source.app);
  await source.app.close();
  // A NUL stored before the server kept them out (PostgreSQL cannot hold one).
  const raw = new Database(path.join(dataDir(), 'site.sqlite'));
  raw.prepare('INSERT INTO settings (key, value) VALUES (?, ?)').run('from-before', 'a\u0000b');
  // More rows than one INSERT carries.
  const hit = raw.prepare("INSERT INTO census_hits (event, path, data_json, created_at) VALUES ('heartbeat', ?, '{}', ?)");
  raw.transaction(() => {
    for (let n = 0; n < 1_234; n++) hit.run(`/p${n}`, Date.now());
  })();
  raw.close();
});
afterAll(() => rmSync(dataDir(), { recursive: true, force: true }));

describe('copying a SQLite site into PostgreSQL', () => {
  it('copies every table as it was, and a server on the copy carries on', async () => {
    const databaseUrl = await freshPostgresDatabase();
    const done: string[] = [];
    const result = await copySqliteToPostgres({ dataDir: dataDir(), databaseUrl, onTable: (table) => void done.push(table) });
    expect(done).toEqual([...COPY_ORDER]);

    const sqlite = await openStorage({ dataDir: dataDir() });
    const postgres = await openStorage({ dataDir: dataDir(), databaseUrl });
    try {
      let total = 0;
      for (const table of COPY_ORDER) {
        const expected = (await tableRows(sqlite.db, table)).map((row) => row.replaceAll('\\u0000', '\uFFFD'));
        expect({ table, rows: await tableRows(postgres.db, table) }).toEqual({ table, rows: expected });
        expect(result.tables.find((entry) => entry.table === table)?.rows).toBe(expected.length);
        total += expected.length;
      }
      expect(result.rows).toBe(total);
      for (const table of ['form_submissions', 'census_hits', 'census_daily_paths', 'performance_daily', 'accounts', 'sessions', 'cart_entries', 'site_pages', 'settings']) {
        expect({ table, copied: result.tables.find((entry) => entry.table === table)!.rows > 0 }).toEqual({ table, copied: true });
      }
      expect(await postgres.db.selectFrom('settings').select('value').where('key', '=', 'from-before').execute()).toEqual([{ value: 'a\uFFFDb' }]);
      expect(result.tables.find((entry) => entry.table === 'census_hits')?.rows).toBe(1_237);
    } finally {
      await sqlite.close();
      await postgres.close();
    }

    // A server on the copy carries on.
    const copy = await startTestServer({ databaseUrl });
    try {
      // Every numbered table numbers on: the page views too (1,237 copied).
      await expectCopyCarriesOn(copy, owner, 1_237);
    } finally {
      await copy.app.close();
    }
  });

  it('lists every table of the schema', () => {
    const raw = new Database(path.join(dataDir(), 'site.sqlite'), { readonly: true });
    const tables = (raw.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'kysely_%' AND name NOT LIKE 'site_pages_%'").all() as Array<{ name: string }>).map((row) => row.name);
    raw.close();
    expect([...COPY_ORDER].sort()).toEqual(tables.sort());
  });

  it('refuses a database that holds data, and changes nothing in it', async () => {
    const databaseUrl = await freshPostgresDatabase();
    const started = await startTestServer({ databaseUrl });
    await started.app.close();
    const before = await openStorage({ dataDir: dataDir(), databaseUrl });
    const settings = await tableRows(before.db, 'settings');
    await before.close();
    await expect(copySqliteToPostgres({ dataDir: dataDir(), databaseUrl })).rejects.toThrow(CopyRefused);
    await expect(copySqliteToPostgres({ dataDir: dataDir(), databaseUrl, targetName: 'postgres://x/site' })).rejects.toThrow(
      /^postgres:\/\/x\/site already holds data \(settings: \d+ rows, accounts: 2 rows, .*\)\. The copy goes into an empty database only, so that nothing is merged or lost: create a new one \(createdb\) and copy into that\. A server started on it fills it; copy before starting one\.$/,
    );
    const postgres = await openStorage({ dataDir: dataDir(), databaseUrl });
    expect(await tableRows(postgres.db, 'settings')).toEqual(settings);
    expect(await tableRows(postgres.db, 'census_hits')).toEqual([]);
    await postgres.close();
  });

  it('refuses a source of another version, or none', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'tessera-copy-'));
    const databaseUrl = await freshPostgresDatabase();
    await expect(copySqliteToPostgres({ dataDir: empty, databaseUrl })).rejects.toThrow(`No database at ${path.join(empty, 'site.sqlite')}: is DATA_DIR right?`);
    const older = new Database(path.join(empty, 'site.sqlite'));
    older.exec("CREATE TABLE kysely_migration (name TEXT PRIMARY KEY, timestamp TEXT); INSERT INTO kysely_migration VALUES ('001-baseline', '')");
    older.close();
    await expect(copySqliteToPostgres({ dataDir: empty, databaseUrl })).rejects.toThrow(/has 1 of this version's \d+ migrations: start this version's server on it once/);
    rmSync(empty, { recursive: true, force: true });
  });

  it('holds off other writers until it has copied: a server started on the target meanwhile writes after it', async () => {
    const databaseUrl = await freshPostgresDatabase();
    const other = await openStorage({ dataDir: dataDir(), databaseUrl });
    const order: string[] = [];
    let write: Promise<unknown> | undefined;
    try {
      await copySqliteToPostgres({
        dataDir: dataDir(),
        databaseUrl,
        onTable: async (table) => {
          if (table === 'settings') write = other.db.insertInto('settings').values({ key: 'written-meanwhile', value: 'x' }).execute().then(() => order.push('write'));
          // The last table is copied but not committed: give the write time to get through if it could.
          if (table === COPY_ORDER[COPY_ORDER.length - 1]) {
            await Promise.race([write, new Promise((resolve) => setTimeout(resolve, 500))]);
            order.push('last table copied');
          }
        },
      });
      await write;
      expect(order).toEqual(['last table copied', 'write']);
      expect(await other.db.selectFrom('settings').select('value').where('key', '=', 'written-meanwhile').execute()).toEqual([{ value: 'x' }]);
    } finally {
      await other.close();
    }
  });

  it('leaves the target empty when PostgreSQL refuses a row, and names the table', async () => {
    const broken = mkdtempSync(path.join(tmpdir(), 'tessera-copy-'));
    const raw = new Database(path.join(dataDir(), 'site.sqlite'), { readonly: true });
    await raw.backup(path.join(broken, 'site.sqlite'));
    raw.close();
    // SQLite keeps text in an integer column; PostgreSQL does not.
    const copy = new Database(path.join(broken, 'site.sqlite'));
    copy.prepare("UPDATE cart_entries SET quantity = 'two'").run();
    copy.close();
    const databaseUrl = await freshPostgresDatabase();
    await expect(copySqliteToPostgres({ dataDir: broken, databaseUrl })).rejects.toThrow(/^Could not copy cart_entries \(rows 1–1\): invalid input syntax for type integer: "two"\. Nothing was copied\.$/);
    const postgres = await openStorage({ dataDir: broken, databaseUrl });
    for (const table of COPY_ORDER) expect({ table, rows: (await tableRows(postgres.db, table)).length }).toEqual({ table, rows: 0 });
    await postgres.close();
    rmSync(broken, { recursive: true, force: true });
  });
});
