import { censusPageFields } from '../context/census-fields';
import type { PageContext } from '../../../contract/context/types';
// The tracking rules are pure policy (no side effects): every collector asks this one place.
import { trackingActive } from '../core/tracking-policy';
import { sendNow } from './beacon';
import { request } from './request';

/** Spec part 1 §9: census calls give up after 2500 ms. */
export const CENSUS_TIMEOUT_MS = 2500;

/**
 * One census call (spec part 1 §7) when the tracking rules allow it, sent with the page
 * fields; its answer and failures are swallowed.
 */
export function sendCensus(page: Readonly<PageContext>, path: string, data: Record<string, unknown>, options: { beacon?: boolean } = {}): Promise<void> {
  if (!trackingActive(page, location.pathname)) return Promise.resolve();
  const body = { ...data, ...censusPageFields(page) };
  // A beacon outlives the page (a click that opens elsewhere); otherwise the call can be awaited.
  // Offline, the transport keeps it until the browser is back (or for the next page).
  if (options.beacon && sendNow(path, JSON.stringify(body))) return Promise.resolve();
  if (navigator.onLine === false) return Promise.resolve(void sendNow(path, JSON.stringify(body), { xhr: true, timeoutMs: CENSUS_TIMEOUT_MS }));
  return request(path, { method: 'POST', data: body, timeoutMs: CENSUS_TIMEOUT_MS, onFailure: () => undefined }).then(
    () => undefined,
    () => undefined,
  );
}
