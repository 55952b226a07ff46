/**
 * Performance records rolled up by day, path and metric as histograms of values kept to three
 * significant digits (ingest/performance-rollups.ts), so that the performance dashboard reads a
 * date range's rollups instead of every record, and keeps its history past RETENTION_DAYS.
 * Records already stored are rolled up here, a few thousand at a time, by the live rollup code:
 * should its rounding ever change, a new migration must rebuild these tables.
 */
import type { Kysely, Migration } from 'kysely';
import { PerformanceTally } from '../ingest/performance-rollups';
import type { Tables } from '../storage/tables';

const CHUNK = 2000;

export const performanceRollups: Migration = {
  async up(schemaDb: Kysely<unknown>): Promise<void> {
    await schemaDb.schema
      .createTable('performance_daily')
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('metric', 'text', (c) => c.notNull())
      .addColumn('value', 'double precision', (c) => c.notNull())
      .addColumn('samples', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('performance_daily_pk', ['day', 'path', 'metric', 'value'])
      .execute();
    await schemaDb.schema
      .createTable('performance_daily_loads')
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('loads', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('performance_daily_loads_pk', ['day', 'path'])
      .execute();

    const db = schemaDb as unknown as Kysely<Tables>;
    const tally = new PerformanceTally();
    for (let after = ''; ; ) {
      const records = await db
        .selectFrom('performance_records')
        .select(['page_load_id', 'path', 'metrics_json', 'created_at'])
        .where('page_load_id', '>', after)
        .orderBy('page_load_id')
        .limit(CHUNK)
        .execute();
      for (const record of records) tally.add(record, 1, true);
      if (records.length < CHUNK) break;
      after = records[records.length - 1]!.page_load_id;
    }
    await tally.applyTo(db);
  },
};
