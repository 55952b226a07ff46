/**
 * Daily rollups of page views for the owner's dashboards, kept current as hits are written
 * (ingest/rollups.ts), so that a dashboard reads a few hundred rows for a date range instead of
 * every hit, and raw hits can be dropped after RETENTION_DAYS without losing the history.
 * Hits already stored are rolled up here.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import { dayOf } from '../storage/dialect';
import type { Engine } from '../storage/engine';

export function dailyRollups(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('census_daily')
        .addColumn('day', 'text', (c) => c.primaryKey())
        .addColumn('views', 'bigint', (c) => c.notNull())
        .addColumn('visitors', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('census_daily_paths')
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('views', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('census_daily_paths_pk', ['day', 'path'])
        .execute();
      await db.schema
        .createTable('census_daily_referrers')
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('referrer', 'text', (c) => c.notNull())
        .addColumn('views', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('census_daily_referrers_pk', ['day', 'referrer'])
        .execute();
      // Who was seen on a day, so that a visitor counts once per day however many hits.
      await db.schema
        .createTable('census_visitor_days')
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('visitor_id', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('census_visitor_days_pk', ['day', 'visitor_id'])
        .execute();
      await db.schema.createIndex('census_hits_created').on('census_hits').column('created_at').execute();

      const day = dayOf(engine, 'created_at');
      const views = sql`event = 'pageView'`;
      await sql`INSERT INTO census_daily_paths (day, path, views) SELECT ${day}, path, COUNT(*) FROM census_hits WHERE ${views} GROUP BY 1, 2`.execute(db);
      await sql`INSERT INTO census_daily_referrers (day, referrer, views) SELECT ${day}, referrer, COUNT(*) FROM census_hits WHERE ${views} AND referrer IS NOT NULL AND referrer <> '' GROUP BY 1, 2`.execute(db);
      await sql`INSERT INTO census_visitor_days (day, visitor_id) SELECT DISTINCT ${day}, visitor_id FROM census_hits WHERE ${views} AND visitor_id IS NOT NULL`.execute(db);
      await sql`INSERT INTO census_daily (day, views, visitors)
        SELECT d.day, d.views, (SELECT COUNT(*) FROM census_visitor_days v WHERE v.day = d.day)
        FROM (SELECT day, SUM(views) AS views FROM census_daily_paths GROUP BY day) d`.execute(db);
    },
  };
}
