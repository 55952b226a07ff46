import type { PageContext } from '../context/types';
import { startErrorReporting } from '../errors/reporter';
import { turn } from '../platform/yield';
import { startPerformance } from '../perf/index';
import { startTracking } from '../tracking/index';

/**
 * The collectors of a site page (one chunk, loaded after the page is parsed, never blocking
 * it): the error reporter takes over what site.js caught so far, visitor tracking, and the
 * performance settings call that decides whether web-vitals load. Tracking starts as the chunk
 * arrives: a turn would put the page view behind the blocks' mounts, and a visitor who leaves
 * soon after `ready` would leave none. Performance takes a turn (platform/yield.ts).
 */
export function startCollectors(page: Readonly<PageContext>): void {
  startErrorReporting();
  startTracking(page);
  void turn().then(() => startPerformance(page));
}
