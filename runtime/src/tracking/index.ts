import { CONSENT_EVENT } from '../core/consent';
import type { PageContext } from '../../../contract/context/types';
import type { PageContexts } from '../context/page-contexts';
import { dispatch, listen, type Teardown } from '../platform/events';
import { teardowns } from '../platform/lifetime';
import { yieldToMain } from '../platform/yield';
import { MEDIA_PLAY_EVENT } from '../platform/media-events';
import { HEARTBEAT_MS, MAX_HEARTBEATS, pageViewFields, recordHit } from './census';
import { land } from './landing';
import { PENDING_ANALYTICS_KEY } from './pending';
import { pageViewTracked, trackingActive } from '../core/tracking-policy';
import { safeStorage } from '../platform/storage';
import { withChunk } from '../core/chunk';
import { crumbReady } from '../net/crumb-ready';
import { touchVisitor, type VisitorRecord } from './visitor';
import { onRestore } from '../platform/restore';
import { watchSoftViews } from './soft-views';

/** Third-party pixel hooks (spec part 1 §7): `site:track` events re-fired as `site:pixel`. */
export const PIXEL_EVENTS: Record<string, string> = {
  add_to_cart: 'AddToCart',
  search: 'Search',
  newsletter_subscribe: 'NewsletterSubscribe',
  account_create: 'CompleteRegistration',
  product_view: 'ViewContent',
};

/**
 * Visitor tracking: when the rules allow it, the visitor cookies, the landing pixel, the
 * census page view and a heartbeat every 30 s while the page is visible (20 at most). When
 * consent arrives later on the page, tracking starts then; on a prerendered page, when it is
 * opened. `tracked` settles when the page view is queued (or tracking is not allowed, or the
 * page not opened, yet); `stop` ends it all.
 */
export function startTracking(page: Readonly<PageContext>, contexts: PageContexts): { tracked: Promise<void>; stop: Teardown } {
  let started = false;
  let stopped = false;
  let current = page;
  // A page swapped in that brought no context of its own (nor had one before) names no
  // collection or item rather than the page left's.
  const swappedContext = () => (contexts.known() ? contexts.now() : { ...page, collectionId: null, collection: null, itemId: null, item: null });
  const stops = teardowns();
  // A visitor can decline after accepting (SiteRuntime.consent.decline()): each hit asks again.
  const active = () => started && trackingActive(current, location.pathname);
  const start = async () => {
    // A page the browser prerenders (speculation rules) is no visit until it is opened, if ever.
    if (started || stopped || document.prerendering || !trackingActive(page, location.pathname)) return;
    started = true;
    // Consent, or this chunk, can come on a page the theme swapped in since the load.
    current = swappedContext();
    const visitor = touchVisitor(Date.now(), current.itemId);
    // The cookies (0 to 11 ms at 4x, measured) and the landing's first session and local
    // storage accesses (12 to 45 ms: synchronous round trips to the browser) and the page view
    // each get a task of their own, not one long one between them.
    await yieldToMain();
    // A page on another origin than its API asks for its crumb first (the pixel and beacons carry it).
    await crumbReady();
    if (stopped) return;
    land();
    // Analytics events an earlier page tracked and was left before its chunk came. That page's
    // pagehide may run after this page has started (Chromium commits the new document first):
    // its hand-over then comes as a storage event.
    const sendPending = () => void withChunk(() => import('./analytics'), (m) => m.sendPending(page), 'Analytics events failed');
    stops.add(listen(window, 'storage', (event) => event.key === PENDING_ANALYTICS_KEY && event.newValue !== null && sendPending()));
    if (safeStorage('local').get(PENDING_ANALYTICS_KEY) !== null) sendPending();
    await yieldToMain();
    if (stopped) return;
    // A page view, or on the search page the search; `referrer` is the page left for a page swapped in.
    const view = (visitor: VisitorRecord, referrer = document.referrer) => {
      if (pageViewTracked(location.pathname)) return recordHit(current, visitor, 'pageView', { ...pageViewFields(), referrer });
      const query = new URLSearchParams(location.search).get('q');
      if (query) {
        recordHit(current, visitor, 'siteSearch', { query });
        dispatch(document, 'site:track', { event: 'search', query });
      }
    };
    view(visitor);
    // Back to this page from the back/forward cache: a page view, as a page loaded again is.
    stops.add(onRestore(() => pageViewTracked(location.pathname) && view(touchVisitor(Date.now(), current.itemId))));
    // A page a theme swaps in: a page view of its own, with the context it brought (the
    // heartbeats go on, 20 a load).
    stops.add(
      watchSoftViews((left) => {
        current = swappedContext();
        if (active()) view(touchVisitor(Date.now(), current.itemId), left);
      }),
    );
    let beats = 0;
    const timer = setInterval(() => {
      if (document.visibilityState !== 'visible' || !active()) return;
      recordHit(current, touchVisitor(), 'heartbeat');
      if (++beats >= MAX_HEARTBEATS) clearInterval(timer);
    }, HEARTBEAT_MS);
    stops.add(() => clearInterval(timer));
  };
  stops.add(() => (stopped = true));
  stops.add(listen(document, 'site:track', (event: Event) => {
    const detail = (event as CustomEvent<{ event?: string }>).detail;
    const name = PIXEL_EVENTS[detail?.event ?? ''];
    if (name && active()) dispatch(document, 'site:pixel', { ...detail, name });
  }));
  // Census audio and video events (part 2 §3) come from the media blocks as DOM events.
  stops.add(listen(document, MEDIA_PLAY_EVENT, (event: Event) => {
    const detail = (event as CustomEvent<{ kind?: string; provider?: string; url?: string }>).detail;
    if (active() && (detail?.kind === 'video' || detail?.kind === 'audio')) recordHit(current, touchVisitor(), detail.kind, { provider: detail.provider, mediaUrl: detail.url });
  }));
  stops.add(listen(document, CONSENT_EVENT, start));
  stops.add(listen(document, 'prerenderingchange', start));
  return { tracked: start(), stop: stops.stop };
}
