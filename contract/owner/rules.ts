/**
 * Who is sent to the config area (spec part 1 §6, part 2 §2). Pure: the caller passes what it
 * read from the page, so every rule is a table test.
 */
import { isViewerOnly, rolesFromMap } from '../model/roles';

export const CONFIG_PATH = '/config/';
export const NO_REDIRECT_PARAM = 'noredirect';
/** Session storage key that keeps `noredirect` for the rest of the visit. */
export const NO_REDIRECT_KEY = 'ss-noredirect';

export interface RedirectFacts {
  authenticatedAccount: unknown;
  websiteSettings: unknown;
  developerMode: unknown;
  cloneable: unknown;
  websiteRoles: Record<string, unknown>;
  topFrame: boolean;
  hostname: string;
  /** `noredirect` in the address now, or earlier in this session. */
  noRedirect: boolean;
}

export const isLocalhost = (hostname: string) => hostname === 'localhost' || hostname.endsWith('.localhost');

/**
 * An authenticated account with website settings, not developer mode, not cloneable, in the
 * top-level frame and not only a viewer; never with noredirect or on localhost.
 */
export function shouldRedirectOwner(facts: RedirectFacts): boolean {
  return (
    !!facts.authenticatedAccount &&
    typeof facts.websiteSettings === 'object' &&
    facts.websiteSettings !== null &&
    facts.developerMode !== true &&
    facts.cloneable !== true &&
    facts.topFrame &&
    !isViewerOnly(rolesFromMap(facts.websiteRoles)) &&
    !facts.noRedirect &&
    !isLocalhost(facts.hostname)
  );
}

/** `/config/?frameUrl=` with the current path and query. */
export const configUrl = (pathAndQuery: string) => `${CONFIG_PATH}?frameUrl=${encodeURIComponent(pathAndQuery)}`;

/** Where logout lands: the site root, or the preview frame URL, with logout=true. */
export function afterLogoutUrl(frameUrl = '/'): string {
  const url = new URL(frameUrl, 'http://site.invalid');
  url.searchParams.set('logout', 'true');
  return url.pathname + url.search + url.hash;
}
