/**
 * Keeps the daily page-view rollups current: written in the same transaction as the hits
 * themselves (the write buffer's flush), so a dashboard never counts a hit twice or misses one.
 * Days are the site's (`websiteSettings.timeZone`, UTC without one), as of the hit's writing.
 */
import { sql, type Insertable } from 'kysely';
import { inStatements } from '../storage/batches';
import type { Executor } from '../storage/locked';
import type { Tables } from '../storage/tables';

/** The day (`YYYY-MM-DD`) a moment falls on, in one time zone. */
export type DayOf = (millis: number) => string;

export const utcDay: DayOf = (millis) => new Date(millis).toISOString().slice(0, 10);

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The day in a time zone Intl knows (checked by the caller): an owner's "today" is the site's. */
export function dayIn(timeZone: string): DayOf {
  if (timeZone === 'UTC') return utcDay;
  let format = dayFormats.get(timeZone);
  if (!format) dayFormats.set(timeZone, (format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })));
  const zoned = format;
  return (millis) => {
    const parts = Object.fromEntries(zoned.formatToParts(millis).map((part) => [part.type, part.value]));
    return `${parts.year}-${parts.month}-${parts.day}`;
  };
}

const tally = <K>(items: K[], key: (item: K) => string | null) => {
  const counts = new Map<string, number>();
  for (const item of items) {
    const name = key(item);
    if (name !== null) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return counts;
};
/** Joins the parts of a tally's key (a day and a path, say). */
export const SEPARATOR = '\u0000';
/**
 * A tally's entries in key order: rollup rows are written sorted, so that two instances adding
 * to the same rows lock them in the same order and never wait on each other in a circle.
 */
export const inKeyOrder = <V>(counts: Map<string, V>): Array<[string, V]> => [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

type CountedTable = 'census_daily_paths' | 'census_daily_referrers' | 'track_daily_landings' | 'performance_daily' | 'performance_daily_loads';

/** Adds each row's `counter` to the rollup row with its key columns, made when missing (rows in key order). */
export async function addCounts<T extends CountedTable>(trx: Executor, table: T, key: Array<keyof Tables[T] & string>, counter: keyof Tables[T] & string, rows: Array<Insertable<Tables[T]>>): Promise<void> {
  for (const run of inStatements(rows)) {
    await trx
      .insertInto(table)
      .values(run as never)
      .onConflict((conflict) => conflict.columns(key as never).doUpdateSet({ [counter]: sql`${sql.ref(`${table}.${counter}`)} + ${sql.ref(`excluded.${counter}`)}` } as never))
      .execute();
  }
}

export async function rollUpHits(trx: Executor, hits: Array<Insertable<Tables['census_hits']>>, dayOf: DayOf = utcDay): Promise<void> {
  const views = hits.filter((hit) => hit.event === 'pageView');
  if (views.length === 0) return;
  const day = (hit: Insertable<Tables['census_hits']>) => dayOf(Number(hit.created_at));

  const paths = tally(views, (hit) => `${day(hit)}${SEPARATOR}${hit.path}`);
  const byDay = (counts: Map<string, number>) => inKeyOrder(counts).map(([key, views]) => ({ day: key.slice(0, key.indexOf(SEPARATOR)), name: key.slice(key.indexOf(SEPARATOR) + 1), views }));
  await addCounts(trx, 'census_daily_paths', ['day', 'path'], 'views', byDay(paths).map(({ day, name, views }) => ({ day, path: name, views })));
  const referrers = tally(views, (hit) => (hit.referrer ? `${day(hit)}${SEPARATOR}${hit.referrer}` : null));
  await addCounts(trx, 'census_daily_referrers', ['day', 'referrer'], 'views', byDay(referrers).map(({ day, name, views }) => ({ day, referrer: name, views })));

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

/** The longest source, channel or campaign counted, as the pixel takes them. */
const CAMPAIGN_TEXT_MAX = 256;

/** Where a landing came from, each part '' when not given. */
export interface LandingCampaign {
  source: string;
  channel: string;
  campaign: string;
}

/**
 * The campaign a landing came from: the pixel's `source`, `channel` and `campaign`, each else
 * the landing address's `utm_source`, `utm_medium` and `utm_campaign`; null for a landing with
 * neither a source nor a campaign (a channel alone, `?utm_medium=email`, names no campaign).
 */
export function campaignOf(hit: Pick<Insertable<Tables['track_hits']>, 'landing' | 'marketing_json'>): LandingCampaign | null {
  let marketing: Record<string, unknown> = {};
  try {
    marketing = JSON.parse(hit.marketing_json) as Record<string, unknown>;
  } catch {
    // Written by the server as JSON: nothing else to read.
  }
  let address = new URLSearchParams();
  try {
    address = new URL(hit.landing, 'http://landing.invalid').searchParams;
  } catch {
    // Not an address: no utm_ parameters.
  }
  // The pixel's parameter, else the utm_ one most mail and ad tools write in its place.
  const pick = (name: keyof LandingCampaign, utm: string) => {
    const value = typeof marketing[name] === 'string' && marketing[name] ? (marketing[name] as string) : (address.get(utm) ?? '');
    return value.trim().slice(0, CAMPAIGN_TEXT_MAX).replaceAll(SEPARATOR, '\uFFFD');
  };
  const from = { source: pick('source', 'utm_source'), channel: pick('channel', 'utm_medium'), campaign: pick('campaign', 'utm_campaign') };
  return from.source || from.campaign ? from : null;
}

/** Landings by day, source, channel and campaign. */
export async function rollUpLandings(trx: Executor, hits: Array<Insertable<Tables['track_hits']>>, dayOf: DayOf = utcDay): Promise<void> {
  const counts = tally(hits, (hit) => {
    const from = campaignOf(hit);
    return from && [dayOf(Number(hit.created_at)), from.source, from.channel, from.campaign].join(SEPARATOR);
  });
  const rows = inKeyOrder(counts).map(([key, landings]) => {
    const [day, source, channel, campaign] = key.split(SEPARATOR) as [string, string, string, string];
    return { day, source, channel, campaign, landings };
  });
  await addCounts(trx, 'track_daily_landings', ['day', 'source', 'channel', 'campaign'], 'landings', rows);
}

/** Error reports by day and message: how many, in how many reports, seen last when. */
export async function rollUpErrors(trx: Executor, reports: Array<Insertable<Tables['js_errors']>>, dayOf: DayOf = utcDay): Promise<void> {
  const groups = new Map<string, { day: string; message: string; count: number; reports: number; last_seen: number }>();
  for (const report of reports) {
    const day = dayOf(Number(report.created_at));
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
