/**
 * A site's SQLite database copied into an empty PostgreSQL database, for a site that outgrows
 * one machine (`npm run copy-to-postgres`). The target gets this server's migrations first, so
 * its schema is exactly what a server would make; then every table's rows go over in one
 * transaction, read from one snapshot of the source, and the auto-numbered keys continue after
 * the copied ones. Nothing is merged: a target that holds data is refused, and a copy that fails
 * leaves it empty. Rows go through the same query builder, and so the same text rules
 * (storage/text-values.ts), as the server's own writes.
 */
import fs from 'node:fs';
import Database from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { MIGRATION_NAMES } from '../migrations/index';
import { MIGRATION_TABLE, openStorage, sqliteFile } from './open';
import type { Tables } from './tables';

export type Table = keyof Tables;

/** Every table, each after those its foreign keys point at. */
export const COPY_ORDER = [
  'settings',
  'accounts',
  'sessions',
  'account_password_resets',
  'form_keys',
  'form_submissions',
  'newsletter_subscribers',
  'census_form_renders',
  'census_overlays',
  'census_hits',
  'track_hits',
  'analytics_events',
  'census_buttons',
  'js_errors',
  'trace_events',
  'performance_records',
  'legacy_events',
  'site_users',
  'site_user_sessions',
  'member_password_resets',
  'carts',
  'cart_entries',
  'orders',
  'review_requests',
  'reviews',
  'datasets',
  'mailing_lists',
  'newsletter_connections',
  'files',
  'file_contents',
  'runtime_chunks',
  'page_settings',
  'block_overrides',
  'taxonomy',
  'limit_counters',
  'image_jobs',
  'mail_outbox',
  'census_daily',
  'census_daily_paths',
  'census_daily_referrers',
  'census_visitor_days',
  'track_daily_campaigns',
  'track_daily_landings',
  'site_pages',
  'js_error_daily',
  'performance_daily',
  'performance_daily_loads',
] as const satisfies readonly Table[];

// A table added to Tables and not to the list above fails to compile here.
const everyTable: Exclude<Table, (typeof COPY_ORDER)[number]> extends never ? true : never = true;
void everyTable;

/** Rows per INSERT: within PostgreSQL's 65,535 parameters for the widest table. */
export const ROWS_PER_INSERT = 500;

/** Rows read and written at a time: a file's bytes may be 20 MB, so a few of them at once; a runtime chunk's tens of KB. */
export const rowsPerBatch = (table: Table): number => (table === 'file_contents' ? 4 : table === 'runtime_chunks' ? 50 : ROWS_PER_INSERT);

export interface CopyResult {
  tables: Array<{ table: Table; rows: number }>;
  rows: number;
}

export class CopyRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CopyRefused';
  }
}

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

/**
 * The source's migrations (null: it has no migration table) must be exactly this server's:
 * the target gets those.
 */
export function checkSourceSchema(applied: string[] | null, name: string): void {
  if (!applied) throw new CopyRefused(`${name} is not a Tessera site's database (it has no ${MIGRATION_TABLE} table).`);
  const unknown = applied.filter((migration) => !MIGRATION_NAMES.includes(migration));
  if (unknown.length) throw new CopyRefused(`${name} was written by a newer server (${unknown.join(', ')}): copy it with that version.`);
  if (applied.length < MIGRATION_NAMES.length) {
    throw new CopyRefused(`${name} has ${applied.length} of this version's ${MIGRATION_NAMES.length} migrations: start this version's server on it once (it brings the database up to date as it starts), stop it, then copy.`);
  }
}

function sqliteMigrations(source: Database.Database): string[] | null {
  try {
    return (source.prepare(`SELECT name FROM ${MIGRATION_TABLE} ORDER BY name`).all() as Array<{ name: string }>).map((row) => row.name);
  } catch {
    return null;
  }
}

async function refuseUnlessEmpty(db: Kysely<Tables>, where: string): Promise<void> {
  const holding: string[] = [];
  for (const table of COPY_ORDER) {
    const { rows } = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM ${sql.table(table)}`.execute(db);
    const n = Number(rows[0]!.n);
    if (n) holding.push(`${table}: ${plural(n, 'row')}`);
  }
  if (holding.length) {
    throw new CopyRefused(
      `${where} already holds data (${holding.slice(0, 4).join(', ')}${holding.length > 4 ? ', …' : ''}). The copy goes into an empty database only, so that nothing is merged or lost: create a new one (createdb) and copy into that. A server started on it fills it; copy before starting one.`,
    );
  }
}

type Rows = Array<Record<string, unknown>>;

/**
 * Every table in COPY_ORDER, a batch at a time from `batchesOf`, into the target's transaction;
 * `afterTable` runs once a table's rows are in. A row the target refuses names the table and
 * the rows. Both directions copy with this.
 */
export async function copyEveryTable(
  trx: Kysely<Tables>,
  batchesOf: (table: Table) => Iterable<Rows> | AsyncIterable<Rows>,
  { onTable, afterTable }: { onTable?: CopyOptions['onTable']; afterTable?: (table: Table, rows: number) => Promise<void> },
): Promise<CopyResult> {
  const tables: CopyResult['tables'] = [];
  for (const table of COPY_ORDER) {
    let rows = 0;
    for await (const batch of batchesOf(table)) {
      await trx
        .insertInto(table)
        .values(batch as never)
        .execute()
        .catch((error: unknown) => {
          const reason = error instanceof Error ? error.message : String(error);
          throw new Error(`Could not copy ${table} (rows ${rows + 1}–${rows + batch.length}): ${reason}. Nothing was copied.`);
        });
      rows += batch.length;
    }
    await afterTable?.(table, rows);
    tables.push({ table, rows });
    await onTable?.(table, rows);
  }
  return { tables, rows: tables.reduce((sum, entry) => sum + entry.rows, 0) };
}

/** The source's rows of a table, a batch at a time in the order they were stored. */
function* sourceBatches(source: Database.Database, table: Table): Generator<Rows> {
  const batch = rowsPerBatch(table);
  const select = source.prepare(`SELECT rowid AS copy_rowid__, * FROM "${table}" WHERE rowid > ? ORDER BY rowid LIMIT ${batch}`);
  for (let after = -Infinity; ; ) {
    const rows = select.all(after) as Array<Record<string, unknown>>;
    if (!rows.length) return;
    after = rows[rows.length - 1]!.copy_rowid__ as number;
    yield rows.map(({ copy_rowid__: _rowid, ...row }) => row);
    if (rows.length < batch) return;
  }
}

export interface CopyOptions {
  /** DATA_DIR: the SQLite database is its site.sqlite. */
  dataDir: string;
  /** The PostgreSQL database to fill: empty, or made by this version's migrations alone. */
  databaseUrl: string;
  /** Called as each table is done, for progress; the copy waits for what it returns. */
  onTable?: (table: Table, rows: number) => void | Promise<void>;
  /** How the target is named in messages (the URL without its password). */
  targetName?: string;
}

export async function copySqliteToPostgres(options: CopyOptions): Promise<CopyResult> {
  const file = sqliteFile(options.dataDir);
  if (!fs.existsSync(file)) throw new CopyRefused(`No database at ${file}: is DATA_DIR right?`);
  const source = new Database(file, { readonly: true, fileMustExist: true });
  try {
    checkSourceSchema(sqliteMigrations(source), file);
    const target = await openStorage({ dataDir: options.dataDir, databaseUrl: options.databaseUrl, poolSize: 2 });
    try {
      // One read transaction: every table is read as the database stood when the copy began.
      source.exec('BEGIN');
      try {
        return await target.db.transaction().execute(async (trx) => {
          // Nothing else writes to the target until the copy commits (a server started on it
          // meanwhile waits; reads go on), so the target found empty is the one copied into.
          await sql`LOCK TABLE ${sql.join(COPY_ORDER.map((table) => sql.table(table)))} IN EXCLUSIVE MODE`.execute(trx);
          await refuseUnlessEmpty(trx, options.targetName ?? 'The PostgreSQL database');
          // The tables whose `id` PostgreSQL numbers itself: it numbers on after the copied ids.
          const numbered = await sql<{ table_name: string }>`SELECT table_name FROM information_schema.columns WHERE table_schema = current_schema() AND column_name = 'id' AND is_identity = 'YES'`.execute(trx);
          const renumber = new Set(numbered.rows.map((row) => row.table_name));
          return copyEveryTable(trx, (table) => sourceBatches(source, table), {
            onTable: options.onTable,
            afterTable: async (table, rows) => {
              if (renumber.has(table) && rows) await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), (SELECT MAX(id) FROM ${sql.table(table)}))`.execute(trx);
            },
          });
        });
      } finally {
        source.exec('COMMIT');
      }
    } finally {
      await target.close();
    }
  } finally {
    source.close();
  }
}
