/**
 * `SiteRuntime.analytics.track` in site.js: an event waits here, with where and when it was
 * tracked, while the analytics chunk loads. A page left before the chunk arrives (a click that
 * tracks, then navigates) keeps its events in local storage, and the site's next page sends them
 * (tracking/index.ts), so that none is lost for want of a chunk.
 */
import { listen, type Teardown } from '../platform/events';

export const PENDING_ANALYTICS_KEY = 'site-analytics-pending';
export const MAX_PENDING_ANALYTICS = 20;

/** Where and when an event was tracked: what the sender adds from the page (spec part 1 §3). */
export interface PageMoment {
  href: string;
  referrer: string;
  time: number;
  width: number;
  height: number;
}

export interface PendingEvent {
  event: unknown;
  at: PageMoment;
}

export const pageMoment = (): PageMoment => ({ href: location.href, referrer: document.referrer, time: Date.now(), width: innerWidth, height: innerHeight });

type Send = (event: unknown, at: PageMoment) => boolean;

/** Local storage by hand (not platform/storage, which site.js does not otherwise need); never throws. */
function keepForNextPage(events: PendingEvent[]): void {
  if (!events.length) return;
  let kept: unknown[] = [];
  try {
    // A damaged value is replaced (the next page skips what is not an event).
    kept = kept.concat(JSON.parse(localStorage.getItem(PENDING_ANALYTICS_KEY) ?? '[]'));
  } catch {
    /* damaged: replaced */
  }
  try {
    localStorage.setItem(PENDING_ANALYTICS_KEY, JSON.stringify([...kept, ...events].slice(-MAX_PENDING_ANALYTICS)));
  } catch {
    /* storage refused: lost, as an offline page's beacons are without it */
  }
}

export function analyticsQueue(load: () => Promise<Send>): { track(event: unknown): Promise<boolean>; stop: Teardown } {
  const waiting = new Set<PendingEvent>();
  let stop: Teardown | undefined;
  const track = (event: unknown): Promise<boolean> => {
    const entry: PendingEvent = { event, at: pageMoment() };
    waiting.add(entry);
    stop ||= listen(window, 'pagehide', () => {
      keepForNextPage([...waiting]);
      waiting.clear();
    });
    // False when it was kept for the next page (this one left, then back from the bfcache). A
    // chunk that fails (or is cut off by the navigation) leaves the event waiting for that too.
    return load().then((send) => waiting.delete(entry) && send(entry.event, entry.at));
  };
  return { track, stop: () => stop?.() };
}
