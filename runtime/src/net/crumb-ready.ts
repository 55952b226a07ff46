/**
 * A page on another origin than its API has no crumb until it asks for one (the crumb cookie
 * is the API host's): the collectors ask once, before their first beacon, which cannot take a
 * crumbFail answer's crumb as the data layer does.
 */
import { readCookie } from '../platform/cookies';
import { apiBase } from './api-base';
import { CRUMB_COOKIE, storeCrumb } from './crumb';
import type * as Paths from '../../../contract/api/paths';

/** Answers `{crumb}` (and sets the crumb cookie on the API's host). */
export const CRUMB_PATH: typeof Paths.CRUMB_PATH = '/api/1/crumb';

let asked: Promise<unknown> | undefined;

/**
 * Nothing to wait for (undefined) on the API's own origin or with a crumb cookie; on another
 * origin, a promise that settles after one GET of CRUMB_PATH (a beacon cannot take a
 * crumbFail answer's crumb).
 */
export function crumbReady(): Promise<unknown> | undefined {
  const url = new URL(CRUMB_PATH, apiBase());
  if (url.origin === location.origin || readCookie(CRUMB_COOKIE)) return undefined;
  return (asked ??= fetch(url, { credentials: 'include', headers: { Accept: 'application/json' } })
    .then((response) => response.json())
    .then((body: { crumb?: unknown }) => typeof body.crumb === 'string' && storeCrumb(body.crumb))
    .catch(() => undefined));
}
