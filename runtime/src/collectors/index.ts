import type { PageContext } from '../context/types';
import { startErrorReporting } from '../errors/reporter';
import { turn } from '../platform/yield';
import { startPerformance } from '../perf/index';
import { startTracking } from '../tracking/index';

/**
 * The collectors of a site page (one chunk, loaded after the page is parsed, never blocking
 * it): the error reporter takes over what site.js caught so far, visitor tracking, and the
 * performance settings call that decides whether web-vitals load. Tracking (the first read of
 * localStorage can take milliseconds) and performance each take a turn (platform/yield.ts).
 */
export function startCollectors(page: Readonly<PageContext>): void {
  startErrorReporting();
  void turn().then(() => startTracking(page));
  void turn().then(() => startPerformance(page));
}
