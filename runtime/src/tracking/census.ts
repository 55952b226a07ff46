import type { PageContext } from '../../../contract/context/types';
import { enqueue } from '../net/beacon';
import { safeStorage } from '../platform/storage';
import { VISITOR_COOKIE, formatVisitorRecord, type VisitorRecord } from './visitor';
import type * as Paths from '../../../contract/api/paths';
import type { HitEvent, RecordHit } from '../../../contract/model/api/record-hit';

export const RECORD_HIT_PATH: typeof Paths.RECORD_HIT_PATH = '/api/census/RecordHit';
export const HEARTBEAT_MS = 30_000;
export const MAX_HEARTBEATS = 20;

/** Hit data of spec part 1 §3 (census and button tracking). */
export function hitData(page: Readonly<PageContext>): Record<string, unknown> {
  return {
    websiteId: page.website.id,
    templateId: page.templateId,
    website_locale: document.documentElement.lang || 'en-US',
    userAgent: navigator.userAgent,
    clientDate: Date.now(),
    viewportWidth: window.innerWidth,
    viewportHeight: window.innerHeight,
    screenWidth: screen.width,
    screenHeight: screen.height,
    url: location.pathname,
    title: document.title,
    itemId: page.itemId,
    recordType: page.item?.recordType ?? null,
    collectionId: page.collectionId,
    pagePermissionTypeValue: page.collection?.permissionType ?? null,
  };
}

/** One census event through the transport; page views add the fields part 1 §3 lists. */
export function recordHit(page: Readonly<PageContext>, visitor: VisitorRecord, event: HitEvent, extra: Record<string, unknown> = {}): void {
  const data = { ...hitData(page), ...extra };
  enqueue(RECORD_HIT_PATH, { event, data: JSON.stringify(data), [VISITOR_COOKIE]: formatVisitorRecord(visitor) } satisfies RecordHit);
}

export function pageViewFields(): Record<string, unknown> {
  return {
    localStorageSupported: safeStorage('local').set('ss-ls-test', '1'),
    queryString: location.search,
    referrer: document.referrer,
  };
}
