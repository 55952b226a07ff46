import type { PageContext } from '../../../contract/context/types';
import { request } from '../net/request';
import { trackingActive } from '../core/tracking-policy';
import type * as Paths from '../../../contract/api/paths';

export const RECORD_EVENT_PATH: typeof Paths.RECORD_EVENT_PATH = '/api/events/RecordEvent';

/** The legacy V0 payload (spec part 1 §3). */
export function legacyPayload(page: Readonly<PageContext>): Record<string, unknown> {
  const locale = document.documentElement.lang || 'en-US';
  return {
    websiteId: page.website.id ?? null,
    memberAccountId: page.authenticatedAccount?.id ?? null,
    website_locale: locale,
    member_locale: navigator.language,
    templateId: page.templateId,
    variantId: page.templateInstallation?.templateWebsite?.id ?? null,
    pageHash: location.hash,
    pagePath: location.pathname,
  };
}

/** Sends a legacy event as the form `event`, `data` (JSON) with the crumb; answers whether it stored. */
export async function recordLegacyEvent(page: Readonly<PageContext>, event: string, data: Record<string, unknown> = {}): Promise<boolean> {
  if (!trackingActive(page, location.pathname)) return false;
  try {
    await request(RECORD_EVENT_PATH, { method: 'POST', form: { event, data: JSON.stringify({ ...legacyPayload(page), ...data }) }, onFailure: () => undefined });
    return true;
  } catch {
    return false;
  }
}
