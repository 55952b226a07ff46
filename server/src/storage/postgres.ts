/**
 * PostgreSQL connections, made to work directly and through a pooler in transaction mode
 * (PgBouncer, the poolers of managed databases), where consecutive statements outside a
 * transaction may run on different server connections: nothing here relies on a session.
 */
import { Kysely, PostgresAdapter, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrateToLatest } from './migrate';
import type { Tables } from './tables';
import { NulFreeText } from './text-values';

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
/** The advisory lock that makes instances starting at once migrate one after the other. */
const MIGRATION_LOCK = 7_341_095_212;

export interface PoolOptions {
  poolSize?: number;
  lockTimeoutMs?: number;
  onIdleConnectionError?: (error: Error) => void;
}

/**
 * The server's pool. The timeouts are set with SET as each connection opens, not as startup
 * parameters: PgBouncer refuses a connection that carries parameters it does not know.
 */
export function postgresPool(databaseUrl: string, options: PoolOptions): pg.Pool {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: options.poolSize ?? 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  const settings = `SET lock_timeout = ${Math.trunc(options.lockTimeoutMs ?? POSTGRES_LOCK_TIMEOUT_MS)}; SET idle_in_transaction_session_timeout = ${POSTGRES_IDLE_IN_TRANSACTION_MS}`;
  // pg sends a client's queries in order: this one goes before any the client is given for. A
  // connection that breaks here fails the query it was given for, which reports it.
  pool.on('connect', (client) => void client.query(settings).catch(() => undefined));
  pool.on('error', (error) => options.onIdleConnectionError?.(error));
  return pool;
}

/** Kysely's own migration lock is a session's: taken on one server connection, released on another behind a pooler. */
class TransactionLockedAdapter extends PostgresAdapter {
  override async acquireMigrationLock(): Promise<void> {}
  override async releaseMigrationLock(): Promise<void> {}
}

/** Every query on the one client, in the transaction migratePostgres holds open. */
class OneClientDialect extends PostgresDialect {
  constructor(client: pg.Client) {
    const pooled = Object.assign(client, { release: () => undefined });
    super({ pool: { connect: async () => pooled, end: async () => undefined } as unknown as pg.Pool });
  }
  override createAdapter(): PostgresAdapter {
    return new TransactionLockedAdapter();
  }
}

/**
 * Runs the migrations in one transaction that first takes a transaction-scoped advisory lock,
 * on a connection of its own without the lock timeout: instances that start at once take
 * turns (one that starts while another migrates a large table waits for it), through a pooler
 * as well, and a migration that fails leaves nothing half done.
 */
export async function migratePostgres(databaseUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  await client.connect();
  const db = new Kysely<Tables>({ dialect: new OneClientDialect(client), plugins: [new NulFreeText()] });
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    const migrated = await migrateToLatest(db, 'postgres', { inTransaction: true });
    await client.query('COMMIT');
    return migrated;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await db.destroy();
    await client.end().catch(() => undefined);
  }
}
