/**
 * Opens the site's database: SQLite in DATA_DIR (WAL, foreign keys, a busy timeout) unless
 * DATABASE_URL names a PostgreSQL server; then brings the schema up to date with the Kysely
 * migrator, refusing a database that a newer server migrated further.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { MIGRATION_NAMES, migrationProvider } from '../migrations/index';
import type { Engine } from './engine';
import type { Tables } from './tables';
import { NulFreeText } from './text-values';
import { SqliteDialectKeepingErrors } from './sqlite-dialect';

/** PostgreSQL's bigint (our millisecond times, counts) as a JavaScript number: every value we store is below 2^53. */
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

export interface Storage {
  db: Kysely<Tables>;
  engine: Engine;
  /** The SQLite connection itself (for its online backup and the code not yet on Kysely); null on PostgreSQL. */
  sqlite: Database.Database | null;
  close(): Promise<void>;
}

export interface StorageOptions {
  dataDir: string;
  /** `postgres://…`: PostgreSQL; absent: SQLite in dataDir. */
  databaseUrl?: string | null;
  /** Connections in the PostgreSQL pool. */
  poolSize?: number;
  /** How long a PostgreSQL statement waits for another session's lock (POSTGRES_LOCK_TIMEOUT_MS unless a test makes it short). */
  lockTimeoutMs?: number;
  /**
   * An idle PostgreSQL connection that broke (the database restarted, a failover, a network cut).
   * The pool drops it and opens another when next asked; this only says so. Without a listener
   * the error would end the process.
   */
  onIdleConnectionError?: (error: Error) => void;
}

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

/** The SQLite database's file in DATA_DIR. */
export const sqliteFile = (dataDir: string) => path.join(dataDir, 'site.sqlite');

function openSqlite(dataDir: string): Database.Database {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new Database(sqliteFile(dataDir));
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  return db;
}

/** The names of the migrations the database has had (none on a new one). */
export async function appliedMigrations(db: Kysely<Tables>): Promise<string[]> {
  const rows = await sql<{ name: string }>`SELECT name FROM ${sql.table(MIGRATION_TABLE)} ORDER BY name`.execute(db).catch(() => ({ rows: [] as Array<{ name: string }> }));
  return rows.rows.map((row) => row.name);
}

export async function migrateToLatest(db: Kysely<Tables>, engine: Engine): Promise<void> {
  const unknown = (await appliedMigrations(db)).filter((name) => !MIGRATION_NAMES.includes(name));
  if (unknown.length) throw new NewerSchemaError(unknown, MIGRATION_NAMES.length);
  const { error } = await new Migrator({ db, provider: migrationProvider(engine), migrationTableName: MIGRATION_TABLE }).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

/**
 * PostgreSQL's counterpart of SQLite's busy timeout: a statement that waits this long for a
 * lock another session holds fails (55P03), and the request answers 503 instead of hanging
 * with a pooled connection until the whole pool waits.
 */
export const POSTGRES_LOCK_TIMEOUT_MS = 10_000;
/** A session that leaves a transaction open this long without a statement (an instance frozen mid-request) is ended by PostgreSQL, and its locks with it. */
export const POSTGRES_IDLE_IN_TRANSACTION_MS = 60_000;
/** A database host that does not answer fails a request in 10 s rather than when TCP gives up. */
const CONNECT_TIMEOUT_MS = 10_000;

/** Runs the migrations on a connection of its own, without the lock timeout: an instance that starts while another migrates a large table waits for it. */
async function migratePostgres(databaseUrl: string): Promise<void> {
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 1, connectionTimeoutMillis: CONNECT_TIMEOUT_MS }) }), plugins: [new NulFreeText()] });
  try {
    await migrateToLatest(db, 'postgres');
  } finally {
    await db.destroy();
  }
}

export async function openStorage(options: StorageOptions): Promise<Storage> {
  if (options.databaseUrl) {
    await migratePostgres(options.databaseUrl);
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      lock_timeout: options.lockTimeoutMs ?? POSTGRES_LOCK_TIMEOUT_MS,
      idle_in_transaction_session_timeout: POSTGRES_IDLE_IN_TRANSACTION_MS,
    });
    pool.on('error', (error) => options.onIdleConnectionError?.(error));
    const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }), plugins: [new NulFreeText()] });
    return { db, engine: 'postgres', sqlite: null, close: () => db.destroy() };
  }
  const sqlite = openSqlite(options.dataDir);
  const db = new Kysely<Tables>({ dialect: new SqliteDialectKeepingErrors(sqlite), plugins: [new NulFreeText()] });
  const storage: Storage = { db, engine: 'sqlite', sqlite, close: () => db.destroy() };
  try {
    await migrateToLatest(storage.db, storage.engine);
  } catch (error) {
    await storage.close();
    throw error;
  }
  return storage;
}

/** For /readyz: the database answers, and how many of this server's migrations it has had. */
export async function readiness(store: Storage): Promise<{ applied: number; known: number }> {
  await sql`SELECT 1`.execute(store.db);
  return { applied: (await appliedMigrations(store.db)).filter((name) => MIGRATION_NAMES.includes(name)).length, known: MIGRATION_NAMES.length };
}
