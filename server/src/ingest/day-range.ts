/** The date range a dashboard asks for: UTC days `from` and `to`, both included. */
import { crumbQuery } from '../schemas';
import { utcDay } from './rollups';

export const DEFAULT_RANGE_DAYS = 30;
export const MAX_RANGE_DAYS = 366;
const DAY_MS = 86_400_000;
const DAY = '^\\d{4}-\\d{2}-\\d{2}$';

export const dayRangeQuery = {
  type: 'object',
  properties: { ...crumbQuery.properties, from: { type: 'string', pattern: DAY }, to: { type: 'string', pattern: DAY } },
} as const;

const parse = (day: string) => {
  const millis = Date.parse(`${day}T00:00:00Z`);
  return Number.isFinite(millis) && utcDay(millis) === day ? millis : null;
};

/** The range asked for, the last 30 days by default; a reversed, impossible or over-long one is an error. */
export function dayRange(query: { from?: string; to?: string }, now = Date.now()): { from: string; to: string } | { error: string } {
  const to = query.to ?? utcDay(now);
  const toMillis = parse(to);
  const from = query.from ?? (toMillis === null ? to : utcDay(toMillis - (DEFAULT_RANGE_DAYS - 1) * DAY_MS));
  const fromMillis = parse(from);
  if (toMillis === null || fromMillis === null) return { error: 'from and to must be days (YYYY-MM-DD).' };
  if (fromMillis > toMillis) return { error: 'from must not be after to.' };
  if ((toMillis - fromMillis) / DAY_MS + 1 > MAX_RANGE_DAYS) return { error: `A range has at most ${MAX_RANGE_DAYS} days.` };
  return { from, to };
}
