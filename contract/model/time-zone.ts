/**
 * Dates in the site's time zone (spec part 2 §8 'Failed to load timezone {timeZone}'): the
 * editor shows and takes scheduled dates as wall-clock time there. Pure (Intl only).
 */
import { failedToLoadTimezone } from './editor-messages';

export function checkTimeZone(timeZone: string): string | null {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone }).format(0);
    return null;
  } catch {
    return failedToLoadTimezone(timeZone);
  }
}

function wallClock(epoch: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
      .formatToParts(epoch)
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** `2026-12-01T09:30` read as wall-clock time in `timeZone` → epoch milliseconds. */
export function zonedToEpoch(local: string, timeZone: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as number[];
  const guess = Date.UTC(y!, mo! - 1, d!, h!, mi!);
  const first = guess - (wallClock(guess, timeZone) - guess);
  // Once more, for a guess on the other side of a daylight-saving change.
  return guess - (wallClock(first, timeZone) - first);
}

/** Epoch milliseconds → `2026-12-01T09:30` in `timeZone` (a datetime-local value). */
export function epochToZoned(epoch: number, timeZone: string): string {
  return new Date(wallClock(epoch, timeZone)).toISOString().slice(0, 16);
}
