/**
 * Landings by campaign and channel: the owner's Campaigns table adds each landing's `channel`
 * (the pixel's, else the address's `utm_medium`: email, social, cpc) to its `source` and
 * `campaign`. A new table rather than a new key on `track_daily_campaigns`, so that an
 * instance of the previous version, still writing that table's rows during an upgrade, meets
 * the key it knows; the rows counted before come over without a channel ('').
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const campaignChannels: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('track_daily_landings')
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('campaign', 'text', (c) => c.notNull())
      .addColumn('landings', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('track_daily_landings_pk', ['day', 'source', 'channel', 'campaign'])
      .execute();
    await sql`
      INSERT INTO track_daily_landings (day, source, channel, campaign, landings)
      SELECT day, source, '', campaign, landings FROM track_daily_campaigns`.execute(db);
  },
};
