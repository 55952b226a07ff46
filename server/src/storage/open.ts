/**
 * Opens the site's database: SQLite in DATA_DIR (WAL, foreign keys, a busy timeout) unless
 * DATABASE_URL names a PostgreSQL server; then brings the schema up to date with the Kysely
 * migrator, refusing a database that a newer server migrated further.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { MIGRATION_NAMES } from '../migrations/index';
import type { Engine } from './engine';
import { appliedMigrations, migrateToLatest } from './migrate';
import { migratePostgres, postgresPool } from './postgres';
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
  /** The PostgreSQL pool's connections now (for /metrics); null on SQLite. */
  connections(): PoolConnections | null;
  close(): Promise<void>;
}

export interface PoolConnections {
  /** Open, busy or idle. */
  open: number;
  idle: number;
  /** Queries waiting for a connection: the pool is too small, or the database slow. */
  waiting: number;
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
  /** The migrations this start applied, when it applied any (the start log says which). */
  onMigrated?: (names: string[]) => void;
}

export { appliedMigrations, BACKUPS_DOC, migratedMessage, migrateToLatest, MIGRATION_TABLE, NewerSchemaError } from './migrate';
export { POSTGRES_IDLE_IN_TRANSACTION_MS, POSTGRES_LOCK_TIMEOUT_MS } from './postgres';

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

export async function openStorage(options: StorageOptions): Promise<Storage> {
  if (options.databaseUrl) {
    const migrated = await migratePostgres(options.databaseUrl);
    if (migrated.length) options.onMigrated?.(migrated);
    const pool = postgresPool(options.databaseUrl, options);
    const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }), plugins: [new NulFreeText()] });
    const connections = () => ({ open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    return { db, engine: 'postgres', sqlite: null, connections, close: () => db.destroy() };
  }
  const sqlite = openSqlite(options.dataDir);
  const db = new Kysely<Tables>({ dialect: new SqliteDialectKeepingErrors(sqlite), plugins: [new NulFreeText()] });
  const storage: Storage = { db, engine: 'sqlite', sqlite, connections: () => null, close: () => db.destroy() };
  try {
    const migrated = await migrateToLatest(storage.db, storage.engine);
    if (migrated.length) options.onMigrated?.(migrated);
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
