import { censusPageFields } from '../context/census-fields';
import type { PageContext } from '../context/types';
import { trackingAllowed } from '../consent/state';
import { sendNow } from './beacon';
import { request } from './request';

/** Spec part 1 §9: census calls give up after 2500 ms. */
export const CENSUS_TIMEOUT_MS = 2500;

/**
 * One census call (spec part 1 §7): anonymous visitors on a page with a website id, when
 * tracking is allowed; sent with the page fields; its answer and failures are swallowed.
 */
export function sendCensus(page: Readonly<PageContext>, path: string, data: Record<string, unknown>, options: { beacon?: boolean } = {}): Promise<void> {
  if (!page.website.id || page.authenticatedAccount || !trackingAllowed(page.cookieSettings)) return Promise.resolve();
  const body = { ...data, ...censusPageFields(page) };
  // A beacon outlives the page (a click that opens elsewhere); otherwise the call can be awaited.
  if (options.beacon && sendNow(path, JSON.stringify(body))) return Promise.resolve();
  return request(path, { method: 'POST', data: body, timeoutMs: CENSUS_TIMEOUT_MS, onFailure: () => undefined }).then(
    () => undefined,
    () => undefined,
  );
}
