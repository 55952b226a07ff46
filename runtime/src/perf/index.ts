import type { PageContext } from '../context/types';
import { reportError } from '../platform/report';
import { trackingActive } from '../tracking/rules';
import { collectionFlags, NO_PAGE_LOAD_ID, REQUEST_TIMEOUT_MS, SETTINGS_PATH, SETTINGS_TIMEOUT, unexpectedStatus, type PerfSettings } from './settings';

/**
 * Real-user performance: asks the settings call whether to collect (and for the page load
 * id); only then loads the collector chunk with web-vitals. A bfcache restore is a new page
 * load: it asks again.
 */
export function startPerformance(page: Readonly<PageContext>): void {
  if (!trackingActive(page, location.pathname)) return;
  // The data layer is a chunk of its own: pages that collect nothing never load it for this.
  const begin = (restored: boolean) =>
    import('../net/request')
      .then((net) => net.request<PerfSettings>(SETTINGS_PATH, { data: { path: location.pathname }, timeoutMs: REQUEST_TIMEOUT_MS, onFailure: () => undefined }))
      .then((settings) => {
        const flags = collectionFlags(settings);
        if (!flags) return;
        if (!settings.pageLoadId) throw new Error(NO_PAGE_LOAD_ID);
        return import('./collector').then((m) => m.collect(page, settings.pageLoadId!, flags, restored));
      })
      .catch((error: Error & { kind?: string; status?: number }) => {
        // A failed settings call: a time-out or network failure, else an unexpected status.
        const message = error.name !== 'DataError' ? error.message : error.kind === 'network' ? SETTINGS_TIMEOUT : unexpectedStatus(error.status ?? 0);
        reportError(error, message);
      });
  void begin(false);
  addEventListener('pageshow', (event) => event.persisted && void begin(true));
}
