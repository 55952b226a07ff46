/**
 * RETENTION_DAYS: raw visitor rows older than that many days are dropped (a few thousand per
 * statement, by the time index, so no sweep holds the database for long). The daily rollups
 * stay, so the owner's dashboards keep their history.
 */
import type { Storage } from '../storage/open';

export const RAW_TABLES = ['census_hits', 'track_hits', 'analytics_events', 'js_errors', 'trace_events', 'census_buttons', 'census_overlays', 'census_form_renders', 'legacy_events'] as const;
const CHUNK = 5000;
const DAY_MS = 86_400_000;

/** Deletes what is past retention; answers how many rows went. */
export async function dropExpiredVisitorData(store: Storage, retentionDays: number, now = Date.now()): Promise<number> {
  const cutoff = now - retentionDays * DAY_MS;
  let dropped = 0;
  for (const table of RAW_TABLES) {
    for (;;) {
      const result = await store.db
        .deleteFrom(table)
        .where('id', 'in', (eb) => eb.selectFrom(table).select('id').where('created_at', '<', cutoff).limit(CHUNK))
        .executeTakeFirst();
      const count = Number(result.numDeletedRows);
      dropped += count;
      if (count < CHUNK) break;
    }
  }
  const performance = await store.db.deleteFrom('performance_records').where('created_at', '<', cutoff).executeTakeFirst();
  const visitorDays = await store.db.deleteFrom('census_visitor_days').where('day', '<', new Date(cutoff).toISOString().slice(0, 10)).executeTakeFirst();
  return dropped + Number(performance.numDeletedRows) + Number(visitorDays.numDeletedRows);
}
