import type { PageContext } from '../../../contract/context/types';
import type { PageContexts } from '../context/page-contexts';
import { startErrorReporting } from '../errors/reporter';
import type { Teardown } from '../platform/events';
import { teardowns } from '../platform/lifetime';
import { turn, yieldToMain } from '../platform/yield';
import { startPerformance } from '../perf/index';
import { startTracking } from '../tracking/index';

/**
 * The collectors of a site page (one chunk, loaded after the page is parsed, never blocking
 * it): the error reporter takes over what site.js caught so far, visitor tracking, and the
 * performance settings call that decides whether web-vitals load. Tracking starts in a task of
 * its own (its first cookie and storage accesses are synchronous round trips to the browser:
 * 10 to 50 ms at 4x, which made a long task with whatever ran before it), by `yieldToMain`
 * rather than a turn: a turn would put the page view behind the blocks' mounts, and a visitor
 * who leaves before they end would leave none. `ready` waits for its page view (tracking
 * itself spreads its start over three tasks: cookies, landing, page view). Performance takes a turn
 * (platform/yield.ts). `stop` ends them all (SiteRuntime.destroy()).
 */
export function startCollectors(page: Readonly<PageContext>, contexts: PageContexts): { tracked: Promise<void>; stop: Teardown } {
  const stops = teardowns();
  stops.add(startErrorReporting());
  // The page loaded here: on a slow phone a theme may swap the next page in before performance starts.
  const loaded = new URL(location.href);
  const tracked = yieldToMain().then(() => {
    void turn().then(() => stops.add(startPerformance(page, loaded)));
    const tracking = startTracking(page, contexts);
    stops.add(tracking.stop);
    return tracking.tracked;
  });
  return { tracked, stop: stops.stop };
}
