/**
 * Brings a database's schema up to date with the Kysely migrator, on either engine, refusing a
 * database that a newer server migrated further.
 */
import { Migrator, sql, type Kysely } from 'kysely';
import { MIGRATION_NAMES, migrationProvider } from '../migrations/index';
import type { Engine } from './engine';
import type { Tables } from './tables';

/** Where a self-hoster reads how to restore a backup: every message that says to points there. */
export const BACKUPS_DOC = 'docs/deployment.md, "Backups"';

/** A database written by a newer server: this one would misread it, so it does not start. */
export class NewerSchemaError extends Error {
  constructor(unknown: string[], known: number) {
    super(`The database has migrations this server does not know (${unknown.join(', ')}; it knows ${known}). Run the newer server, or restore a backup made with this version (${BACKUPS_DOC}).`);
    this.name = 'NewerSchemaError';
  }
}

export const MIGRATION_TABLE = 'kysely_migration';

/** The names of the migrations the database has had (none on a new one). */
export async function appliedMigrations(db: Kysely<Tables>): Promise<string[]> {
  const rows = await sql<{ name: string }>`SELECT name FROM ${sql.table(MIGRATION_TABLE)} ORDER BY name`.execute(db).catch(() => ({ rows: [] as Array<{ name: string }> }));
  return rows.rows.map((row) => row.name);
}

/** Whether the migrations' table is there, asked without an error (which would end a PostgreSQL transaction). */
async function hasMigrationTable(db: Kysely<Tables>, engine: Engine): Promise<boolean> {
  const found =
    engine === 'sqlite'
      ? await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name = ${MIGRATION_TABLE}`.execute(db)
      : await sql<{ name: string }>`SELECT to_regclass(${MIGRATION_TABLE})::text AS name`.execute(db);
  return !!found.rows[0]?.name;
}

/**
 * `inTransaction`: the caller has opened the transaction on the only connection `db` has, and
 * holds the lock that makes instances take turns (storage/postgres.ts). Answers the names of the
 * migrations this call applied (none when another instance, or an earlier start, did).
 */
export async function migrateToLatest(db: Kysely<Tables>, engine: Engine, { inTransaction = false } = {}): Promise<string[]> {
  const applied = (await hasMigrationTable(db, engine)) ? (await sql<{ name: string }>`SELECT name FROM ${sql.table(MIGRATION_TABLE)}`.execute(db)).rows.map((row) => row.name) : [];
  const unknown = applied.filter((name) => !MIGRATION_NAMES.includes(name)).sort();
  if (unknown.length) throw new NewerSchemaError(unknown, MIGRATION_NAMES.length);
  const { error, results = [] } = await new Migrator({ db, provider: migrationProvider(engine), migrationTableName: MIGRATION_TABLE, disableTransactions: inTransaction }).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

/** The start log's line for the migrations a start applied: a new database, or an upgrade and what it brought. */
export function migratedMessage(names: readonly string[]): string {
  if (names.length === MIGRATION_NAMES.length) return `Set up a new database (${names.length} migrations).`;
  return `Brought the database up to date: ${names.length === 1 ? 'migration' : `${names.length} migrations`} ${names.join(', ')} (before it had ${MIGRATION_NAMES.length - names.length} of ${MIGRATION_NAMES.length}).`;
}
