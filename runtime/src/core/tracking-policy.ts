import type { PageContext } from '../../../contract/context/types';
import { rolesFromMap, isViewerOnly } from '../../../contract/model/roles';
import { trackingAllowed } from './consent';

/** Page types where nothing is tracked (spec part 1 §4, part 2 page types). */
export const UNTRACKED_PAGE_TYPES = [100, 103, 106];
export const CONFIG_PATH = /\/config(\/|$)/;

/**
 * Spec part 1 §4: tracking is active for anonymous visitors, or viewer-only members off config
 * paths, on every page type but not-found, lock screen and member-area access denied, when
 * census is not disabled; consent and the restrictive policy decide on top (core/consent).
 */
export function trackingActive(page: Readonly<PageContext>, path: string): boolean {
  if (!page.website.id || page.websiteSettings.isCensusDisabled === true) return false;
  if (page.pageType !== null && UNTRACKED_PAGE_TYPES.includes(page.pageType)) return false;
  if (page.authenticatedAccount && !(isViewerOnly(rolesFromMap(page.websiteRoles)) && !CONFIG_PATH.test(path))) return false;
  return trackingAllowed(page.cookieSettings);
}

/** Page views are not counted on the search page. */
export const pageViewTracked = (path: string) => !/^\/search\/?$/.test(path);
