import { CONSENT_EVENT } from '../core/consent';
import type { PageAddress } from './collector';
import type { PageContext } from '../../../contract/context/types';
import { listen, type Teardown } from '../platform/events';
import { onRestore } from '../platform/restore';
import { teardowns } from '../platform/lifetime';
import { apiCredentials, apiUrl } from '../net/api-base';
import { crumbReady } from '../net/crumb-ready';
import { renewCrumb } from '../net/crumb';
import { reportError } from '../platform/report';
import { trackingActive } from '../core/tracking-policy';
import { collectionFlags, NO_PAGE_LOAD_ID, REQUEST_TIMEOUT_MS, SETTINGS_PATH, SETTINGS_TIMEOUT, unexpectedStatus, type PerfSettings } from '../../../contract/perf/settings';

/**
 * Real-user performance: asks the settings call whether to collect (and for the page load
 * id); only then loads the collector chunk with web-vitals. A bfcache restore is a new page
 * load: it asks again. `loaded` is the address of the page loaded: a theme that swaps pages in
 * (Turbo, htmx, swup) changes `location` after, maybe before the settings answer.
 */
export function startPerformance(page: Readonly<PageContext>, loaded: PageAddress = new URL(location.href)): Teardown {
  const stops = teardowns();
  const allowed = () => !document.prerendering && trackingActive(page, loaded.pathname);
  if (!allowed()) {
    // A visitor who accepts cookies on this page, or opens the page the browser prerendered:
    // collection starts then, as tracking does.
    const waits = teardowns();
    const again = () => allowed() && (waits.stop(), stops.add(startPerformance(page, loaded)));
    waits.add(listen(document, CONSENT_EVENT, again));
    waits.add(listen(document, 'prerenderingchange', again));
    stops.add(waits.stop);
    return stops.stop;
  }
  const begin = (at: PageAddress, restored: boolean) =>
    fetchSettings(at.pathname)
      .then((settings) => {
        const flags = collectionFlags(settings);
        if (!flags) return;
        if (!settings.pageLoadId) throw new Error(NO_PAGE_LOAD_ID);
        return import('./collector').then((m) => stops.add(m.collect(page, settings.pageLoadId!, flags, restored, at)));
      })
      .catch((error: Error) => reportError(error, error.message));
  void begin(loaded, false);
  // A page the Back button brings out of the browser's cache is a page load at its own address.
  stops.add(onRestore(() => void begin(new URL(location.href), true)));
  return stops.stop;
}

/**
 * The settings call as the spec describes it (part 1 §7, §9): one GET with the crumb, given up
 * after 10 s ('Metric settings request timeout'), any other status than 2xx an error of its
 * own. Plain fetch: the data layer's retries and overlays are not for a collector; only a
 * stale crumb is renewed and the call made once more, as the data layer does.
 */
async function fetchSettings(path: string, crumbRenewed = false): Promise<PerfSettings> {
  await crumbReady();
  const url = apiUrl(SETTINGS_PATH);
  url.searchParams.set('path', path);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(url, { credentials: apiCredentials(url), headers: { Accept: 'application/json' }, signal: controller.signal });
  } catch {
    throw new Error(SETTINGS_TIMEOUT);
  } finally {
    clearTimeout(timer);
  }
  if (response.status === 403 && !crumbRenewed && renewCrumb(await response.json().catch(() => null))) return fetchSettings(path, true);
  if (!response.ok) throw new Error(unexpectedStatus(response.status));
  return (await response.json()) as PerfSettings;
}
