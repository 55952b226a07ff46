/**
 * The way back: `npm run copy-to-sqlite` copies a site's PostgreSQL database into a new
 * DATA_DIR/site.sqlite. Every table's rows arrive as they were, numbering continues after the
 * copied rows, a server on the copy carries on (the owner's session, the search index), the
 * copy is one snapshot while the servers keep writing, and a folder that has a database, a
 * source of another version or a row SQLite refuses leave everything as it was. Runs in the
 * `server` project only (it uses both engines).
 */
import fs, { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COPY_ORDER, CopyRefused } from '../src/storage/copy';
import { copyPostgresToSqlite } from '../src/storage/copy-to-sqlite';
import { openStorage } from '../src/storage/open';
import type { Tables } from '../src/storage/tables';
import { freshPostgresDatabase } from './engines';
import { expectCopyCarriesOn, fillSite, type SignedInOwner } from './copy-fixtures';
import { startTestServer } from './helper';

let sourceUrl: string;
let owner: SignedInOwner;
const folders: string[] = [];
const newDataDir = () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'tessera-back-'));
  folders.push(folder);
  return folder;
};

/** Every row of a table, in a stable order, as JSON text. */
async function tableRows(db: Kysely<Tables>, table: string): Promise<string[]> {
  const { rows } = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)}`.execute(db);
  return rows.map((row) => JSON.stringify(row)).sort();
}

async function onPostgres(url: string, statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  sourceUrl = await freshPostgresDatabase();
  const site = await startTestServer({ databaseUrl: sourceUrl });
  owner = await fillSite(site.app);
  await site.close();
  // More rows than one INSERT carries, and updated rows, which PostgreSQL stores anew elsewhere.
  await onPostgres(sourceUrl, [
    "INSERT INTO census_hits (event, path, data_json, created_at) SELECT 'heartbeat', '/p' || n, '{}', n FROM generate_series(1, 1234) AS n",
    "UPDATE census_hits SET data_json = '{\"moved\":true}' WHERE id % 100 = 0",
  ]);
});
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('copying a PostgreSQL site into SQLite', () => {
  it('copies every table as it was, and a server on the copy carries on', async () => {
    const dataDir = newDataDir();
    const done: string[] = [];
    const result = await copyPostgresToSqlite({ databaseUrl: sourceUrl, dataDir, onTable: (table) => void done.push(table) });
    expect(done).toEqual([...COPY_ORDER]);

    const postgres = await openStorage({ dataDir, databaseUrl: sourceUrl });
    const sqlite = await openStorage({ dataDir });
    try {
      let total = 0;
      for (const table of COPY_ORDER) {
        const expected = await tableRows(postgres.db, table);
        expect({ table, rows: await tableRows(sqlite.db, table) }).toEqual({ table, rows: expected });
        expect(result.tables.find((entry) => entry.table === table)?.rows).toBe(expected.length);
        total += expected.length;
      }
      expect(result.rows).toBe(total);
      for (const table of ['form_submissions', 'census_hits', 'census_daily_paths', 'performance_daily', 'accounts', 'sessions', 'cart_entries', 'site_pages', 'settings']) {
        expect({ table, copied: result.tables.find((entry) => entry.table === table)!.rows > 0 }).toEqual({ table, copied: true });
      }
      expect(result.tables.find((entry) => entry.table === 'census_hits')?.rows).toBe(1_237);
    } finally {
      await sqlite.close();
      await postgres.close();
    }

    // A server on the copy carries on.
    const copy = await startTestServer({ dataDir, databaseUrl: null });
    try {
      await expectCopyCarriesOn(copy, owner, 1_237);
    } finally {
      await copy.close();
    }
  });

  it('copies the database as it stood when it began, while a server goes on writing', async () => {
    const dataDir = newDataDir();
    const writer = await openStorage({ dataDir: newDataDir(), databaseUrl: sourceUrl });
    try {
      await copyPostgresToSqlite({
        databaseUrl: sourceUrl,
        dataDir,
        onTable: async (table) => {
          if (table === 'settings') await writer.db.insertInto('census_hits').values({ event: 'heartbeat', path: '/meanwhile', data_json: '{}', created_at: 1 }).execute();
        },
      });
    } finally {
      await writer.db.deleteFrom('census_hits').where('path', '=', '/meanwhile').execute();
      await writer.close();
    }
    const copy = await openStorage({ dataDir });
    try {
      expect(await copy.db.selectFrom('census_hits').select('id').where('path', '=', '/meanwhile').execute()).toEqual([]);
      expect(Number((await copy.db.selectFrom('census_hits').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(1_237);
    } finally {
      await copy.close();
    }
  });

  it('refuses a DATA_DIR that has a database, and changes nothing in it', async () => {
    const dataDir = newDataDir();
    const file = path.join(dataDir, 'site.sqlite');
    fs.writeFileSync(file, 'somebody’s site');
    await expect(copyPostgresToSqlite({ databaseUrl: sourceUrl, dataDir })).rejects.toThrow(
      `${file} exists. The copy makes a new database and overwrites nothing: move that file away, or give DATA_DIR a new folder, and copy again.`,
    );
    expect(fs.readFileSync(file, 'utf8')).toBe('somebody’s site');
  });

  it('refuses a source of another version, or none, and makes no file', async () => {
    const none = await freshPostgresDatabase();
    const dataDir = newDataDir();
    await expect(copyPostgresToSqlite({ databaseUrl: none, dataDir, sourceName: 'postgres://x/none' })).rejects.toThrow("postgres://x/none is not a Tessera site's database (it has no kysely_migration table).");
    await onPostgres(none, ["CREATE TABLE kysely_migration (name TEXT PRIMARY KEY, timestamp TEXT)", "INSERT INTO kysely_migration VALUES ('001-baseline', '')"]);
    await expect(copyPostgresToSqlite({ databaseUrl: none, dataDir })).rejects.toThrow(/has 1 of this version's \d+ migrations: start this version's server on it once/);
    await onPostgres(none, ["INSERT INTO kysely_migration VALUES ('999-from-the-future', '')"]);
    await expect(copyPostgresToSqlite({ databaseUrl: none, dataDir })).rejects.toThrow(CopyRefused);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it('takes its new file away when SQLite refuses a row, and names the table', async () => {
    const broken = await freshPostgresDatabase();
    await (await startTestServer({ databaseUrl: broken })).close();
    // A row PostgreSQL holds (its check taken away) and SQLite's own check refuses.
    await onPostgres(broken, [
      "INSERT INTO carts (token, created_at) VALUES ('cart-1', 0)",
      'ALTER TABLE cart_entries DROP CONSTRAINT cart_entries_quantity_check',
      "INSERT INTO cart_entries (cart_token, sku, product_id, quantity) VALUES ('cart-1', 'sku-1', 'mug', 0)",
    ]);
    const dataDir = newDataDir();
    await expect(copyPostgresToSqlite({ databaseUrl: broken, dataDir })).rejects.toThrow(/^Could not copy cart_entries \(rows 1–1\): CHECK constraint failed: quantity > 0\. Nothing was copied\.$/);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });
});
