/**
 * The date range a dashboard asks for: the site's days (site-day.ts) `from` and `to`, both
 * included, or the last `days` of them up to `to`; `to` is the site's today unless given.
 */
import { crumbQuery } from '../schemas';
import { utcDay } from './rollups';

export const DEFAULT_RANGE_DAYS = 30;
export const MAX_RANGE_DAYS = 366;
const DAY_MS = 86_400_000;
const DAY = '^\\d{4}-\\d{2}-\\d{2}$';

export const dayRangeQuery = {
  type: 'object',
  properties: { ...crumbQuery.properties, from: { type: 'string', pattern: DAY }, to: { type: 'string', pattern: DAY }, days: { type: 'integer', minimum: 1, maximum: MAX_RANGE_DAYS } },
} as const;

const parse = (day: string) => {
  const millis = Date.parse(`${day}T00:00:00Z`);
  return Number.isFinite(millis) && utcDay(millis) === day ? millis : null;
};

export interface DayRangeQuery {
  from?: string;
  to?: string;
  days?: number;
}

/** The range asked for, the last 30 days by default; a reversed, impossible or over-long one is an error. */
export function dayRange(query: DayRangeQuery, today: string): { from: string; to: string } | { error: string } {
  const to = query.to ?? today;
  const toMillis = parse(to);
  const from = query.from ?? (toMillis === null ? to : utcDay(toMillis - ((query.days ?? DEFAULT_RANGE_DAYS) - 1) * DAY_MS));
  const fromMillis = parse(from);
  if (toMillis === null || fromMillis === null) return { error: 'from and to must be days (YYYY-MM-DD).' };
  if (fromMillis > toMillis) return { error: 'from must not be after to.' };
  if ((toMillis - fromMillis) / DAY_MS + 1 > MAX_RANGE_DAYS) return { error: `A range has at most ${MAX_RANGE_DAYS} days.` };
  return { from, to };
}

/** The same number of days just before `range`: what it is compared with. */
export function previousRange({ from, to }: { from: string; to: string }): { from: string; to: string } {
  const start = Date.parse(`${from}T00:00:00Z`);
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - start) / DAY_MS) + 1;
  return { from: utcDay(start - days * DAY_MS), to: utcDay(start - DAY_MS) };
}
