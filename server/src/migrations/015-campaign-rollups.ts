/**
 * Landings by campaign for the owner's Page views: each day's landing pixels (spec part 1 §7)
 * counted by their marketing `source` and `campaign` (ingest/rollups.ts keeps it current). The
 * landings already stored are counted here by the parameters the pixel carried.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import { dayOf } from '../storage/dialect';
import type { Engine } from '../storage/engine';

export function campaignRollups(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('track_daily_campaigns')
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('campaign', 'text', (c) => c.notNull())
        .addColumn('landings', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('track_daily_campaigns_pk', ['day', 'source', 'campaign'])
        .execute();
      // marketing_json is the server's own JSON.stringify of the pixel's parameters.
      const field = (name: string) => (engine === 'postgres' ? sql`COALESCE(marketing_json::json ->> ${name}, '')` : sql`COALESCE(json_extract(marketing_json, ${`$.${name}`}), '')`);
      await sql`
        INSERT INTO track_daily_campaigns (day, source, campaign, landings)
        SELECT day, source, campaign, COUNT(*) FROM (
          SELECT ${dayOf(engine, 'created_at')} AS day, ${field('source')} AS source, ${field('campaign')} AS campaign FROM track_hits
        ) AS landed
        WHERE source <> '' OR campaign <> ''
        GROUP BY day, source, campaign`.execute(db);
    },
  };
}
