/**
 * RETENTION_DAYS: raw visitor rows older than that many days are dropped, a few thousand per
 * statement so that no sweep holds the database for long. The daily rollups stay, so the
 * owner's dashboards keep their history.
 */
import type { Storage } from '../storage/open';

export const RAW_TABLES = ['census_hits', 'track_hits', 'analytics_events', 'js_errors', 'trace_events', 'census_buttons', 'census_overlays', 'census_form_renders', 'legacy_events'] as const;
const CHUNK = 5000;
const DAY_MS = 86_400_000;

/**
 * Deletes what is past retention; answers how many rows went. Rows are written in time order,
 * so each table is read from its oldest id (its primary key) and the sweep stops at the first
 * row it keeps: a minute's sweep costs a few rows, not a scan of tables that have no index on
 * their time. A row written out of order (another instance's clock a little behind) waits
 * until the rows before it go.
 */
export async function dropExpiredVisitorData(store: Storage, retentionDays: number, now = Date.now(), chunk = CHUNK): Promise<number> {
  const cutoff = now - retentionDays * DAY_MS;
  let dropped = 0;
  for (const table of RAW_TABLES) {
    const oldestRows = (limit: number) => store.db.selectFrom(table).select(['id', 'created_at']).orderBy('id').limit(limit).execute();
    for (;;) {
      // Most minutes the oldest row is kept: one row read, and on to the next table.
      const [first] = await oldestRows(1);
      if (!first || Number(first.created_at) >= cutoff) break;
      const oldest = await oldestRows(chunk);
      const kept = oldest.findIndex((row) => Number(row.created_at) >= cutoff);
      const count = kept === -1 ? oldest.length : kept;
      await store.db.deleteFrom(table).where('id', '<=', oldest[count - 1]!.id).where('created_at', '<', cutoff).execute();
      dropped += count;
      if (count < chunk) break;
    }
  }
  const performance = await store.db.deleteFrom('performance_records').where('created_at', '<', cutoff).executeTakeFirst();
  const visitorDays = await store.db.deleteFrom('census_visitor_days').where('day', '<', new Date(cutoff).toISOString().slice(0, 10)).executeTakeFirst();
  return dropped + Number(performance.numDeletedRows) + Number(visitorDays.numDeletedRows);
}
