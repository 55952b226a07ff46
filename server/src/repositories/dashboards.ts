/**
 * What the owner's dashboards read, each for a range of UTC days: page views and errors from
 * their daily rollups, performance from the records of those days (p75 needs the values).
 */
import { sql } from 'kysely';
import { dayOf } from '../storage/dialect';
import type { Storage } from '../storage/open';

export interface DayRange {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const startOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

export async function trafficIn(store: Storage, { from, to }: DayRange, top = { paths: 100, referrers: 50, days: 366 }) {
  const [totals, perDay, perPath, referrers] = await Promise.all([
    store.db.selectFrom('census_daily').where('day', '>=', from).where('day', '<=', to).select((eb) => [eb.fn.sum<number>('views').as('views'), eb.fn.sum<number>('visitors').as('visitors')]).executeTakeFirst(),
    store.db.selectFrom('census_daily').where('day', '>=', from).where('day', '<=', to).select(['day', 'views']).orderBy('day', 'desc').limit(top.days).execute(),
    store.db
      .selectFrom('census_daily_paths')
      .where('day', '>=', from)
      .where('day', '<=', to)
      .select((eb) => ['path', eb.fn.sum<number>('views').as('views')])
      .groupBy('path')
      .orderBy('views', 'desc')
      .orderBy('path')
      .limit(top.paths)
      .execute(),
    store.db
      .selectFrom('census_daily_referrers')
      .where('day', '>=', from)
      .where('day', '<=', to)
      .select((eb) => ['referrer', eb.fn.sum<number>('views').as('views')])
      .groupBy('referrer')
      .orderBy('views', 'desc')
      .orderBy('referrer')
      .limit(top.referrers)
      .execute(),
  ]);
  return {
    total: Number(totals?.views ?? 0),
    // Daily unique visitors, summed over the range.
    visitors: Number(totals?.visitors ?? 0),
    perDay: perDay.map((row) => ({ day: row.day, views: Number(row.views) })),
    perPath: perPath.map((row) => ({ path: row.path, views: Number(row.views) })),
    referrers: referrers.map((row) => ({ referrer: row.referrer, views: Number(row.views) })),
  };
}

/** Errors by message over the range, the most recently seen first. */
export async function errorsIn(store: Storage, { from, to }: DayRange, limit = 100) {
  const rows = await store.db
    .selectFrom('js_error_daily')
    .where('day', '>=', from)
    .where('day', '<=', to)
    .select((eb) => ['message', eb.fn.sum<number>('count').as('count'), eb.fn.sum<number>('reports').as('reports'), eb.fn.max<number>('last_seen').as('lastSeen')])
    .groupBy('message')
    .orderBy(sql`max(last_seen)`, 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ message: row.message, count: Number(row.count), reports: Number(row.reports), lastSeen: new Date(Number(row.lastSeen)).toISOString().replace(/\.\d{3}Z$/, 'Z') }));
}

/** Performance records of the range (the newest `limit`): path, metrics and day. */
export function performanceIn(store: Storage, { from, to }: DayRange, limit = 5000) {
  return store.db
    .selectFrom('performance_records')
    .where('created_at', '>=', startOf(from))
    .where('created_at', '<', startOf(to) + DAY_MS)
    .select(['path', 'metrics_json as metrics', dayOf(store.engine, 'created_at').as('day')])
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

export interface PerformanceRecordRow {
  page_load_id: string;
  path: string;
  metrics_json: string;
  data_json: string;
  created_at: number;
}

/** The latest record of each page load wins. */
export async function storePerformanceRecords(store: Storage, rows: PerformanceRecordRow[]): Promise<void> {
  await store.db
    .insertInto('performance_records')
    .values(rows)
    .onConflict((conflict) => conflict.column('page_load_id').doUpdateSet((eb) => ({ metrics_json: eb.ref('excluded.metrics_json'), data_json: eb.ref('excluded.data_json') })))
    .execute();
}

export async function latestReviews(store: Storage, limit = 500) {
  const rows = await store.db
    .selectFrom('reviews as r')
    .innerJoin('review_requests as q', 'q.token', 'r.request_token')
    .select(['r.id', 'r.product_id as productId', 'q.product_title as productTitle', 'r.rating', 'r.body', 'r.created_at as createdAt'])
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((review) => ({ ...review, createdAt: new Date(review.createdAt).toISOString() }));
}
