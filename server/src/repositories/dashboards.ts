/**
 * What the owner's dashboards read, each for a range of UTC days, from the daily rollups:
 * page views, errors, and performance (value histograms, see ingest/performance-rollups.ts).
 */
import { sql } from 'kysely';
import type { Storage } from '../storage/open';
import { bySite } from '../ingest/referring-sites';
import { isJsonObject, parseVisitorJson } from '../security/json-depth';
import { previousRange } from '../ingest/day-range';

export interface DayRange {
  from: string;
  to: string;
}

/** Referrer rows read to sum by site: rows from before referrers were stored as sites hold whole addresses, several to a site. */
const REFERRER_ROWS_READ = 2_000;

/** Page views over the range: in all, per day, per path, and per referring site (none of `siteHosts`, the site's own); landings per campaign. */
export async function trafficIn(store: Storage, { from, to }: DayRange, siteHosts: ReadonlySet<string>, top = { paths: 100, referrers: 50, campaigns: 50, days: 366 }) {
  const before = previousRange({ from, to });
  const totalsOf = (range: DayRange) =>
    store.db.selectFrom('census_daily').where('day', '>=', range.from).where('day', '<=', range.to).select((eb) => [eb.fn.sum<number>('views').as('views'), eb.fn.sum<number>('visitors').as('visitors')]).executeTakeFirst();
  const [totals, perDay, perPath, referrers, campaigns, previous] = await Promise.all([
    totalsOf({ from, to }),
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
      .limit(REFERRER_ROWS_READ)
      .execute(),
    store.db
      .selectFrom('track_daily_landings')
      .where('day', '>=', from)
      .where('day', '<=', to)
      .select((eb) => ['source', 'channel', 'campaign', eb.fn.sum<number>('landings').as('landings')])
      .groupBy(['source', 'channel', 'campaign'])
      .orderBy('landings', 'desc')
      .orderBy('source')
      .orderBy('channel')
      .orderBy('campaign')
      .limit(top.campaigns)
      .execute(),
    totalsOf(before),
  ]);
  return {
    total: Number(totals?.views ?? 0),
    // Daily unique visitors, summed over the range.
    visitors: Number(totals?.visitors ?? 0),
    perDay: perDay.map((row) => ({ day: row.day, views: Number(row.views) })),
    perPath: perPath.map((row) => ({ path: row.path, views: Number(row.views) })),
    referrers: bySite(referrers.map((row) => ({ referrer: row.referrer, views: Number(row.views) })), siteHosts, top.referrers),
    campaigns: campaigns.map((row) => ({ source: row.source, channel: row.channel, campaign: row.campaign, landings: Number(row.landings) })),
    previous: { ...before, total: Number(previous?.views ?? 0), visitors: Number(previous?.visitors ?? 0) },
  };
}

/** Errors by message over the range, the most recently seen first. */
export async function errorsIn(store: Storage, { from, to }: DayRange, limit = 100) {
  const rows = await store.db
    .selectFrom('js_error_daily')
    .where('day', '>=', from)
    .where('day', '<=', to)
    .select((eb) => [
      'message',
      eb.fn.sum<number>('count').as('count'),
      eb.fn.sum<number>('reports').as('reports'),
      eb.fn.max<number>('last_seen').as('lastSeen'),
      // One step down js_errors_message_latest (message, id) per message.
      eb.selectFrom('js_errors').select('js_errors.id').whereRef('js_errors.message', '=', 'js_error_daily.message').orderBy('js_errors.id', 'desc').limit(1).as('latestReport'),
    ])
    .groupBy('message')
    .orderBy(sql`max(last_seen)`, 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    message: row.message,
    count: Number(row.count),
    reports: Number(row.reports),
    lastSeen: isoSeconds(Number(row.lastSeen)),
    latestReport: row.latestReport === null || row.latestReport === undefined ? null : Number(row.latestReport),
  }));
}

const isoSeconds = (at: number) => new Date(at).toISOString().replace(/\.\d{3}Z$/, 'Z');
const textOr = (value: unknown) => (typeof value === 'string' ? value : null);
const countOr = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null);

/** One error report as the owner reads it, or null once it is no longer kept. */
export async function errorReport(store: Storage, id: number) {
  const row = await store.db.selectFrom('js_errors').select(['id', 'message', 'count', 'data_json', 'page', 'browser', 'created_at']).where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  // Stored as the browser sent it, checked to be a JSON object: a row written otherwise shows its message only.
  const parsed = parseVisitorJson(row.data_json);
  const sent = isJsonObject(parsed) ? parsed : {};
  return {
    id: Number(row.id),
    message: row.message,
    at: isoSeconds(Number(row.created_at)),
    count: Number(row.count),
    source: textOr(sent.source),
    line: countOr(sent.line),
    column: countOr(sent.column),
    stack: textOr(sent.stack),
    page: row.page,
    browser: row.browser,
  };
}

type P75s = Record<string, number>;
interface P75Row {
  subject: string;
  metric: string;
  p75: number | string;
  samples: number | string;
}

/**
 * p75 per metric over the range from the rollups' histograms, by nearest rank: the smallest
 * value whose running count reaches three quarters of the samples. Grouped by path, by day, or
 * not at all; `samples` is the largest sample count among a group's metrics.
 */
async function p75sBy(store: Storage, { from, to }: DayRange, by: 'path' | 'day' | null): Promise<Map<string, { p75: P75s; samples: number }>> {
  const subject = by ? sql.ref(by) : sql.lit('');
  const { rows } = await sql<P75Row>`
    WITH histogram AS (
      SELECT ${subject} AS subject, metric, value, SUM(samples) AS n FROM performance_daily
      WHERE day >= ${from} AND day <= ${to}
      GROUP BY 1, 2, 3 HAVING SUM(samples) > 0
    ), running AS (
      SELECT subject, metric, value,
        SUM(n) OVER (PARTITION BY subject, metric ORDER BY value) AS reached,
        SUM(n) OVER (PARTITION BY subject, metric) AS total
      FROM histogram
    )
    SELECT subject, metric, MIN(value) AS p75, MAX(total) AS samples FROM running
    WHERE reached * 4 >= total * 3 GROUP BY subject, metric`.execute(store.db);
  const groups = new Map<string, { p75: P75s; samples: number }>();
  for (const row of rows) {
    const group = groups.get(row.subject) ?? { p75: {}, samples: 0 };
    group.p75[row.metric] = Number(row.p75);
    group.samples = Math.max(group.samples, Number(row.samples));
    groups.set(row.subject, group);
  }
  return groups;
}

/** The performance dashboard for a range of days: page loads measured and p75 per metric overall, per path (the most measured first) and per day (the latest first). */
export async function performanceIn(store: Storage, range: DayRange, top = { paths: 100 }) {
  const [loads, overall, perPath, perDay] = await Promise.all([
    store.db.selectFrom('performance_daily_loads').where('day', '>=', range.from).where('day', '<=', range.to).select((eb) => eb.fn.sum<number>('loads').as('loads')).executeTakeFirst(),
    p75sBy(store, range, null),
    p75sBy(store, range, 'path'),
    p75sBy(store, range, 'day'),
  ]);
  return {
    records: Number(loads?.loads ?? 0),
    overall: overall.get('')?.p75 ?? {},
    perPath: [...perPath]
      .map(([path, group]) => ({ path, ...group }))
      .sort((a, b) => b.samples - a.samples || (a.path < b.path ? -1 : 1))
      .slice(0, top.paths),
    perDay: [...perDay].map(([day, group]) => ({ day, ...group })).sort((a, b) => (a.day < b.day ? 1 : -1)),
  };
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
