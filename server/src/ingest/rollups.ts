/**
 * Keeps the daily page-view rollups current: written in the same transaction as the hits
 * themselves (the write buffer's flush), so a dashboard never counts a hit twice or misses one.
 * Days are UTC.
 */
import { sql, type Insertable } from 'kysely';
import type { Executor } from '../storage/locked';
import type { Tables } from '../storage/tables';

export const utcDay = (millis: number) => new Date(millis).toISOString().slice(0, 10);

const tally = <K>(items: K[], key: (item: K) => string | null) => {
  const counts = new Map<string, number>();
  for (const item of items) {
    const name = key(item);
    if (name !== null) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return counts;
};
const SEPARATOR = '\u0000';
/**
 * A tally's entries in key order: rollup rows are written sorted, so that two instances adding
 * to the same rows lock them in the same order and never wait on each other in a circle.
 */
export const inKeyOrder = <V>(counts: Map<string, V>): Array<[string, V]> => [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

export async function rollUpHits(trx: Executor, hits: Array<Insertable<Tables['census_hits']>>): Promise<void> {
  const views = hits.filter((hit) => hit.event === 'pageView');
  if (views.length === 0) return;
  const day = (hit: Insertable<Tables['census_hits']>) => utcDay(Number(hit.created_at));

  const paths = tally(views, (hit) => `${day(hit)}${SEPARATOR}${hit.path}`);
  await trx
    .insertInto('census_daily_paths')
    .values(inKeyOrder(paths).map(([key, count]) => ({ day: key.split(SEPARATOR)[0]!, path: key.split(SEPARATOR)[1]!, views: count })))
    .onConflict((conflict) => conflict.columns(['day', 'path']).doUpdateSet((eb) => ({ views: eb('census_daily_paths.views', '+', eb.ref('excluded.views')) })))
    .execute();

  const referrers = tally(views, (hit) => (hit.referrer ? `${day(hit)}${SEPARATOR}${hit.referrer}` : null));
  if (referrers.size) {
    await trx
      .insertInto('census_daily_referrers')
      .values(inKeyOrder(referrers).map(([key, count]) => ({ day: key.split(SEPARATOR)[0]!, referrer: key.split(SEPARATOR).slice(1).join(SEPARATOR), views: count })))
      .onConflict((conflict) => conflict.columns(['day', 'referrer']).doUpdateSet((eb) => ({ views: eb('census_daily_referrers.views', '+', eb.ref('excluded.views')) })))
      .execute();
  }

  // A visitor counts once a day: only the (day, visitor) pairs new to the table add one.
  const seen = [...new Set(views.filter((hit) => hit.visitor_id).map((hit) => `${day(hit)}${SEPARATOR}${hit.visitor_id}`))].sort();
  const added = seen.length
    ? await trx
        .insertInto('census_visitor_days')
        .values(seen.map((key) => ({ day: key.split(SEPARATOR)[0]!, visitor_id: key.split(SEPARATOR)[1]! })))
        .onConflict((conflict) => conflict.doNothing())
        .returning('day')
        .execute()
    : [];
  const newVisitors = tally(added, (row) => row.day);
  const days = tally(views, day);
  await trx
    .insertInto('census_daily')
    .values(inKeyOrder(days).map(([name, count]) => ({ day: name, views: count, visitors: newVisitors.get(name) ?? 0 })))
    .onConflict((conflict) =>
      conflict.column('day').doUpdateSet((eb) => ({ views: eb('census_daily.views', '+', eb.ref('excluded.views')), visitors: eb('census_daily.visitors', '+', eb.ref('excluded.visitors')) })),
    )
    .execute();
}

/** Error reports by day and message: how many, in how many reports, seen last when. */
export async function rollUpErrors(trx: Executor, reports: Array<Insertable<Tables['js_errors']>>): Promise<void> {
  const groups = new Map<string, { day: string; message: string; count: number; reports: number; last_seen: number }>();
  for (const report of reports) {
    const day = utcDay(Number(report.created_at));
    const key = `${day}${SEPARATOR}${report.message}`;
    const group = groups.get(key) ?? { day, message: report.message, count: 0, reports: 0, last_seen: 0 };
    group.count += Number(report.count);
    group.reports += 1;
    group.last_seen = Math.max(group.last_seen, Number(report.created_at));
    groups.set(key, group);
  }
  if (groups.size === 0) return;
  await trx
    .insertInto('js_error_daily')
    .values(inKeyOrder(groups).map(([, group]) => group))
    .onConflict((conflict) =>
      conflict.columns(['day', 'message']).doUpdateSet((eb) => ({
        count: eb('js_error_daily.count', '+', eb.ref('excluded.count')),
        reports: eb('js_error_daily.reports', '+', eb.ref('excluded.reports')),
        last_seen: sql<number>`CASE WHEN js_error_daily.last_seen > excluded.last_seen THEN js_error_daily.last_seen ELSE excluded.last_seen END`,
      })),
    )
    .execute();
}
