import type { PageContext } from '../../../contract/context/types';
import { ANALYTICS_V1_PATH, DEFAULT_LOCALE, missingRequired, splitEvent, type AnalyticsPayload } from '../../../contract/model/api/analytics';
import { ANALYTICS_ID_KEY, storedAnalyticsId } from '../../../contract/model/analytics-id';
import { sendNow } from '../net/beacon';
import { apiCredentials, apiUrl } from '../net/api-base';
import { safeStorage } from '../platform/storage';
import { SESSION_ID_KEY } from './landing';
import { MAX_PENDING_ANALYTICS, PENDING_ANALYTICS_KEY, pageMoment, type PageMoment, type PendingEvent } from './pending';
import { trackingActive } from '../core/tracking-policy';

export { ANALYTICS_ID_KEY };
export const ANALYTICS_ID_LIFETIME_MS = 390 * 86_400_000;
export const NO_PAYLOAD = 'no payload';
export const UNABLE_TO_STORE_ID = 'Unable to store analyticsId';
export const httpStatusError = (status: number) => `Error tracking event: HTTP Status ${status}`;
export const ADMIN_CHANNEL = 'site-analytics';

const ADMIN_PERMISSION = 2;
const FORM_TYPE = 'application/x-www-form-urlencoded';

/** The analytics id, renewed after 390 days; warns when storage will not keep it. */
export function analyticsId(now = Date.now()): string {
  const store = safeStorage('local');
  const saved = storedAnalyticsId(store.get(ANALYTICS_ID_KEY), now);
  if (saved) return saved;
  const id = crypto.randomUUID ? crypto.randomUUID() : Math.random().toString(36).slice(2);
  if (!store.set(ANALYTICS_ID_KEY, JSON.stringify({ id, expires: now + ANALYTICS_ID_LIFETIME_MS }))) console.warn(UNABLE_TO_STORE_ID);
  return id;
}

/** What the sender adds to every event (spec part 1 §3), from the page where it was tracked. */
export function senderFields(page: Readonly<PageContext>, at: PageMoment = pageMoment()): Record<string, unknown> {
  const url = new URL(at.href);
  const query = Object.fromEntries(url.searchParams);
  return {
    window_width: at.width,
    window_height: at.height,
    browser_language: navigator.language,
    page_host: url.host,
    page_path: url.pathname,
    query_params: query,
    referrer: at.referrer,
    resolved_locale: document.documentElement.lang || DEFAULT_LOCALE,
    client_timestamp: at.time,
    marketing_id: query.mkwid ?? null,
    session_id: safeStorage('session').get(SESSION_ID_KEY),
    website_id: page.website.id ?? null,
    template_id: page.templateId,
    member_account_id: page.authenticatedAccount?.id ?? null,
  };
}

export function buildPayload(event: Record<string, unknown>, page: Readonly<PageContext>, at?: PageMoment): AnalyticsPayload | null {
  const { common, custom } = splitEvent(event, (message) => console.warn(message));
  const missing = missingRequired(common);
  if (missing.length) {
    console.warn(`Analytics event needs ${missing.join(', ')}.`);
    return null;
  }
  // missingRequired found none: the required strings are there, as the payload's type says.
  const commonData = { ...common, ...senderFields(page, at) } as AnalyticsPayload['commonData'];
  return { analyticsId: analyticsId(), commonData, customData: custom, customSchemaName: typeof event.customSchemaName === 'string' && event.customSchemaName ? event.customSchemaName : 'custom' };
}

let channel: BroadcastChannel | null = null;

/**
 * Sends one V1 event when tracking is active: a form-encoded beacon, else JSON by fetch (200
 * and 202 succeed). Admins' pages also broadcast it to their other windows.
 */
export function track(event: unknown, page: Readonly<PageContext>, at?: PageMoment): boolean {
  if (!event || typeof event !== 'object') {
    console.warn(NO_PAYLOAD);
    return false;
  }
  if (page.accessPermissions.includes(ADMIN_PERMISSION) && typeof BroadcastChannel === 'function') {
    channel ??= new BroadcastChannel(ADMIN_CHANNEL);
    channel.postMessage(event);
  }
  if (!trackingActive(page, location.pathname)) return false;
  const payload = buildPayload(event as Record<string, unknown>, page, at);
  if (!payload) return false;
  const form = new URLSearchParams({
    analyticsId: payload.analyticsId,
    commonData: JSON.stringify(payload.commonData),
    customData: JSON.stringify(payload.customData),
    customSchemaName: payload.customSchemaName,
  });
  // Offline, the transport keeps it until the browser is back (or for the next page).
  if (navigator.onLine === false) return sendNow(ANALYTICS_V1_PATH, form.toString(), { contentType: FORM_TYPE }) !== null;
  const target = apiUrl(ANALYTICS_V1_PATH);
  const url = target.toString();
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, form)) return true;
  void fetch(url, { method: 'POST', keepalive: true, credentials: apiCredentials(target), headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(payload) })
    .then((response) => {
      if (response.status !== 200 && response.status !== 202) console.warn(httpStatusError(response.status));
    })
    .catch(() => undefined);
  return true;
}

/** Sends what an earlier page tracked and left before the analytics chunk came (tracking/pending.ts). */
export function sendPending(page: Readonly<PageContext>): void {
  const store = safeStorage('local');
  const saved = store.get(PENDING_ANALYTICS_KEY);
  store.remove(PENDING_ANALYTICS_KEY);
  let pending: unknown;
  try {
    pending = JSON.parse(saved ?? '[]');
  } catch {
    return;
  }
  if (!Array.isArray(pending)) return;
  for (const entry of pending.slice(-MAX_PENDING_ANALYTICS) as Array<Partial<PendingEvent> | null>) {
    try {
      if (entry?.at) track(entry.event, page, entry.at);
    } catch {
      /* a damaged entry (an address that does not parse) is dropped */
    }
  }
}
