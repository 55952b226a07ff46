/**
 * Transactions that read and then write (limit counters, stock, single-use keys) must not
 * interleave with another instance's. SQLite: `BEGIN IMMEDIATE` takes the write lock before the
 * first read. PostgreSQL: a transaction-scoped advisory lock per key (sorted, so that two
 * transactions never wait on each other in a circle), held until commit; rows that do not exist
 * yet are covered too, which row locks would not do.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Storage } from './open';
import type { Tables } from './tables';

export type Executor = Kysely<Tables> | Transaction<Tables>;

export async function lockedTransaction<T>(storage: Storage, keys: string[], work: (trx: Executor) => Promise<T>): Promise<T> {
  if (storage.engine === 'postgres') {
    return storage.db.transaction().execute(async (trx) => {
      for (const key of [...new Set(keys)].sort()) await sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
      return work(trx);
    });
  }
  return storage.db.connection().execute(async (connection) => {
    await sql`BEGIN IMMEDIATE`.execute(connection);
    try {
      const result = await work(connection);
      await sql`COMMIT`.execute(connection);
      return result;
    } catch (error) {
      // SQLite has rolled back by itself after some errors (a full disk): the cause is what counts.
      if (storage.sqlite?.inTransaction !== false) await sql`ROLLBACK`.execute(connection).catch(() => undefined);
      throw error;
    }
  });
}
