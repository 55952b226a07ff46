import { fill, pageLanguage, texts, word } from './strings';

/** Spec part 1 §9: relative times refresh every 5000 ms; 'about {n} seconds ago' under 60 s. */
export const RELATIVE_TIME_REFRESH_MS = 5000;
const JUST_NOW_UNDER_S = 5;
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The spec's English forms (platform/strings.ts); another language's page words them through Intl unless its words say otherwise. */
export const timeWords = texts('time', {
  justNow: 'just now',
  seconds: 'about {n} seconds ago',
  minute: 'about {n} minute ago',
  minutes: 'about {n} minutes ago',
  hour: 'about {n} hour ago',
  hours: 'about {n} hours ago',
});

export function relativeTime(date: Date | number, now: number = Date.now()): string {
  const then = typeof date === 'number' ? date : date.getTime();
  const elapsed = Math.max(0, now - then);
  const words = timeWords();
  const english = /^en\b/i.test(pageLanguage());
  // Another language's page without its own time words: Intl's.
  const say = (n: number, unit: 'second' | 'minute' | 'hour', one: string, many: string) =>
    !english && word(`time.${unit}s`) === undefined ? new Intl.RelativeTimeFormat(pageLanguage()).format(-n, unit) : fill(n === 1 ? one : many, { n });
  if (elapsed < JUST_NOW_UNDER_S * SECOND) return words.justNow;
  if (elapsed < MINUTE) return say(Math.floor(elapsed / SECOND), 'second', words.seconds, words.seconds);
  if (elapsed < HOUR) return say(Math.floor(elapsed / MINUTE), 'minute', words.minute, words.minutes);
  if (elapsed < DAY) return say(Math.floor(elapsed / HOUR), 'hour', words.hour, words.hours);
  return new Date(then).toLocaleDateString(pageLanguage(), { year: 'numeric', month: 'long', day: 'numeric' });
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
