import { readCookie, writeCookie } from '../platform/cookies';

/** The crumb cookie guards every call against cross-site requests (spec part 1 §7, §9). */
export const CRUMB_COOKIE = 'crumb';
export const CRUMB_PARAM = 'crumb';

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
