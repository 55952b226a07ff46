/** Spec part 1 §9: relative times refresh every 5000 ms; 'about {n} seconds ago' under 60 s. */
export const RELATIVE_TIME_REFRESH_MS = 5000;
const JUST_NOW_UNDER_S = 5;
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (n: number, unit: string) => `about ${n} ${unit}${n === 1 ? '' : 's'} ago`;

export function relativeTime(date: Date | number, now: number = Date.now()): string {
  const then = typeof date === 'number' ? date : date.getTime();
  const elapsed = Math.max(0, now - then);
  if (elapsed < JUST_NOW_UNDER_S * SECOND) return 'just now';
  if (elapsed < MINUTE) return `about ${Math.floor(elapsed / SECOND)} seconds ago`;
  if (elapsed < HOUR) return plural(Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return plural(Math.floor(elapsed / HOUR), 'hour');
  return new Date(then).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
}

/** Keeps `element`'s text a live relative time; returns the teardown. */
export function liveRelativeTime(element: Element, date: Date | number): () => void {
  const update = () => {
    element.textContent = relativeTime(date);
  };
  update();
  const timer = setInterval(update, RELATIVE_TIME_REFRESH_MS);
  return () => clearInterval(timer);
}
