/** What the store's orders came to over a range of the site's days (the owner app's Sales). */
import type { SalesAnswer } from '../../../contract/api/owner-answers';
import type { DayOf } from '../ingest/rollups';
import type { Storage } from '../storage/open';

const HOUR_MS = 3_600_000;
const QUARTER_HOUR_MS = 900_000;
/** A site's day starts at most 14 hours before its UTC midnight (UTC+14) and 12 after it (UTC−12). */
const ZONE_REACH_MS = 14 * HOUR_MS;

/**
 * `dayOf`, worked out once per quarter of an hour (a zone's day costs a few microseconds with
 * Intl): every zone's offset, and so its midnight, falls on a quarter of an hour in UTC.
 */
export function byQuarterHour(dayOf: DayOf): DayOf {
  const days = new Map<number, string>();
  return (millis) => {
    const quarter = Math.floor(millis / QUARTER_HOUR_MS);
    let day = days.get(quarter);
    if (day === undefined) days.set(quarter, (day = dayOf(quarter * QUARTER_HOUR_MS)));
    return day;
  };
}

/**
 * The orders placed on the site's days `from` to `to`, both included, summed by kind and
 * currency and by day. Orders are few beside page views, so they are read and summed here
 * rather than kept in a rollup; only the columns summed are read.
 */
export async function salesIn(store: Storage, { from, to }: { from: string; to: string }, dayOf: DayOf): Promise<Omit<SalesAnswer, 'from' | 'to'>> {
  const start = Date.parse(`${from}T00:00:00Z`) - ZONE_REACH_MS;
  const end = Date.parse(`${to}T00:00:00Z`) + 24 * HOUR_MS + ZONE_REACH_MS;
  const rows = await store.db.selectFrom('orders').select(['kind', 'currency', 'total_cents', 'created_at']).where('created_at', '>=', start).where('created_at', '<', end).execute();
  const dayAt = byQuarterHour(dayOf);
  const totals = new Map<string, SalesAnswer['totals'][number]>();
  const days = new Map<string, SalesAnswer['perDay'][number]>();
  for (const row of rows) {
    const day = dayAt(Number(row.created_at));
    if (day < from || day > to) continue;
    const cents = Number(row.total_cents);
    const key = `${row.kind} ${row.currency}`;
    const total = totals.get(key) ?? { kind: row.kind, currency: row.currency, orders: 0, totalCents: 0 };
    total.orders += 1;
    total.totalCents += cents;
    totals.set(key, total);
    const ofDay = days.get(day) ?? { day, orders: 0, totals: {} };
    ofDay.orders += 1;
    ofDay.totals[row.currency] = (ofDay.totals[row.currency] ?? 0) + cents;
    days.set(day, ofDay);
  }
  return {
    totals: [...totals.values()].sort((a, b) => b.totalCents - a.totalCents || b.orders - a.orders || a.kind.localeCompare(b.kind)),
    perDay: [...days.values()].sort((a, b) => a.day.localeCompare(b.day)),
  };
}
