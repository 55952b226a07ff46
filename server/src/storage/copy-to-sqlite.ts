/**
 * The way back: a site's PostgreSQL database copied into a new SQLite database in DATA_DIR
 * (`npm run copy-to-sqlite`), for a site that goes back to one machine, or an owner who wants
 * the live site on a laptop. The same rules as the copy the other way (storage/copy.ts): the
 * target gets this server's migrations, every table's rows go over in one transaction read
 * from one snapshot of the source (a read-only repeatable-read transaction, so the servers may
 * keep running). It makes DATA_DIR/site.sqlite, refusing a folder that has one, and a copy that
 * fails takes the new file away again.
 */
import fs from 'node:fs';
import pg from 'pg';
import { CopyRefused, rowsPerBatch, checkSourceSchema, copyEveryTable, type CopyResult, type Table } from './copy';
import { MIGRATION_TABLE, openStorage, sqliteFile } from './open';

export interface CopyToSqliteOptions {
  /** The PostgreSQL database to read. */
  databaseUrl: string;
  /** DATA_DIR: the new database is its site.sqlite. */
  dataDir: string;
  /** Called as each table is done, for progress; the copy waits for what it returns. */
  onTable?: (table: Table, rows: number) => void | Promise<void>;
  /** How the source is named in messages (the URL without its password). */
  sourceName?: string;
}

async function postgresMigrations(client: pg.Client): Promise<string[] | null> {
  const found = await client.query(`SELECT to_regclass('${MIGRATION_TABLE}') AS name`);
  if (!found.rows[0]?.name) return null;
  return (await client.query<{ name: string }>(`SELECT name FROM ${MIGRATION_TABLE} ORDER BY name`)).rows.map((row) => row.name);
}

/**
 * A table's rows a batch at a time in the order they are stored (PostgreSQL's row address, as
 * SQLite's rowid in the copy the other way), inside the caller's snapshot.
 */
async function* postgresBatches(client: pg.Client, table: Table): AsyncGenerator<Array<Record<string, unknown>>> {
  const batch = rowsPerBatch(table);
  for (let after = '(0,0)'; ; ) {
    const { rows } = await client.query<Record<string, unknown>>(`SELECT ctid AS copy_ctid__, * FROM "${table}" WHERE ctid > $1::tid ORDER BY ctid LIMIT ${batch}`, [after]);
    if (!rows.length) return;
    after = String(rows[rows.length - 1]!.copy_ctid__);
    yield rows.map(({ copy_ctid__: _ctid, ...row }) => row);
    if (rows.length < batch) return;
  }
}

export async function copyPostgresToSqlite(options: CopyToSqliteOptions): Promise<CopyResult> {
  const file = sqliteFile(options.dataDir);
  // A database there is somebody's site (a server started on the folder makes and fills one).
  if (fs.existsSync(file)) throw new CopyRefused(`${file} exists. The copy makes a new database and overwrites nothing: move that file away, or give DATA_DIR a new folder, and copy again.`);
  const source = new pg.Client({ connectionString: options.databaseUrl, connectionTimeoutMillis: 10_000 });
  await source.connect();
  try {
    // One snapshot for every table; read only, so it holds nothing up on the live database.
    await source.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    checkSourceSchema(await postgresMigrations(source), options.sourceName ?? 'The PostgreSQL database');
    const target = await openStorage({ dataDir: options.dataDir });
    let copied: CopyResult;
    try {
      copied = await target.db.transaction().execute((trx) => copyEveryTable(trx, (table) => postgresBatches(source, table), { onTable: options.onTable }));
    } catch (error) {
      await target.close();
      // The file this copy made and could not fill goes again: DATA_DIR is left as it was.
      for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
      throw error;
    }
    await target.close();
    return copied;
  } finally {
    await source.query('COMMIT').catch(() => undefined);
    await source.end();
  }
}
