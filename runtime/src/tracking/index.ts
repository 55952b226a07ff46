import { CONSENT_EVENT } from '../consent/state';
import type { PageContext } from '../context/types';
import { listen } from '../platform/events';
import { HEARTBEAT_MS, MAX_HEARTBEATS, pageViewFields, recordHit } from './census';
import { land } from './landing';
import { pageViewTracked, trackingActive } from './rules';
import { touchVisitor } from './visitor';

/**
 * Visitor tracking: when the rules allow it, the visitor cookies, the landing pixel, the
 * census page view and a heartbeat every 30 s while the page is visible (20 at most). When
 * consent arrives later on the page, tracking starts then.
 */
export function startTracking(page: Readonly<PageContext>): void {
  let started = false;
  const start = () => {
    if (started || !trackingActive(page, location.pathname)) return;
    started = true;
    const visitor = touchVisitor(Date.now(), page.itemId);
    land();
    if (pageViewTracked(location.pathname)) recordHit(page, visitor, 'pageView', pageViewFields());
    let beats = 0;
    const timer = setInterval(() => {
      if (document.visibilityState !== 'visible') return;
      recordHit(page, touchVisitor(), 'heartbeat');
      if (++beats >= MAX_HEARTBEATS) clearInterval(timer);
    }, HEARTBEAT_MS);
  };
  start();
  listen(document, CONSENT_EVENT, start);
}
