import { CRUMB_COOKIE, CRUMB_PARAM, isCrumbFail } from '../../../contract/crumb';
import { cookiesEnabled, readCookie, writeCookie } from '../platform/cookies';

/** The crumb cookie guards every call against cross-site requests (spec part 1 §7, §9; contract/crumb.ts). */
export { CRUMB_COOKIE, CRUMB_PARAM };

/** Adds the crumb cookie's value as the `crumb` query parameter. */
export function withCrumb(url: URL): URL {
  const crumb = readCookie(CRUMB_COOKIE);
  if (crumb) url.searchParams.set(CRUMB_PARAM, crumb);
  return url;
}

/** Stores the crumb a crumbFail answer brought, for the whole site (path /). */
export function storeCrumb(crumb: string): void {
  writeCookie(CRUMB_COOKIE, crumb, { path: '/' });
}

/**
 * A crumbFail answer ({crumbFail: true, crumb}) carries the crumb to use: stores it and
 * answers true when the call may be made once more (cookies work and there is a crumb).
 */
export function renewCrumb(body: { crumbFail?: unknown; crumb?: unknown } | null): boolean {
  if (!isCrumbFail(body) || !cookiesEnabled()) return false;
  storeCrumb(body.crumb);
  return true;
}
