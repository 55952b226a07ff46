/**
 * Error reports rolled up by day and message for the owner's errors dashboard (a date range
 * reads these, not every report); performance records found by time for theirs.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import { dayOf } from '../storage/dialect';
import type { Engine } from '../storage/engine';

export function errorRollups(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('js_error_daily')
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('count', 'bigint', (c) => c.notNull())
        .addColumn('reports', 'bigint', (c) => c.notNull())
        .addColumn('last_seen', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('js_error_daily_pk', ['day', 'message'])
        .execute();
      await db.schema.createIndex('performance_records_created').on('performance_records').column('created_at').execute();
      await sql`INSERT INTO js_error_daily (day, message, count, reports, last_seen)
        SELECT ${dayOf(engine, 'created_at')}, message, SUM(count), COUNT(*), MAX(created_at) FROM js_errors GROUP BY 1, 2`.execute(db);
    },
  };
}
