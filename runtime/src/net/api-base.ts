/**
 * Where the site's API is, and the one function that builds every API URL: the loading script
 * tag's `data-api-base` origin (CONTRACT §1), else the page's own origin. Anything but an
 * http(s) origin is ignored with a warning. On another origin every call carries the site's
 * cookies (`credentials: 'include'`), and the page asks for a crumb before its first beacon
 * (crumb-ready.ts).
 */
import { withCrumb } from './crumb';

/** The value last warned about: every API URL asks, and one warning is enough. */
let warned: string | null = null;

export function apiBase(doc: Document = document): string {
  const configured = doc.querySelector('script[data-api-base]')?.getAttribute('data-api-base');
  if (configured) {
    try {
      const url = new URL(configured);
      if (url.protocol === 'https:' || url.protocol === 'http:') return url.origin;
    } catch {
      /* fall through to the warning */
    }
    if (warned !== configured) console.warn(`Ignoring data-api-base "${configured}": it must be an http(s) origin.`);
    warned = configured;
  }
  return location.origin;
}

/**
 * A page of the site server itself (its sign-in page, the owner's config app, the checkout
 * pages): on the API's origin, since a theme on a static host has none of them. No crumb: the
 * browser goes there.
 */
export const serverPageUrl = (path: string): string => new URL(path, apiBase()).href;

/** An API path (with its query, if any) on the API's origin, with the crumb. */
export const apiUrl = (path: string): URL => withCrumb(new URL(path, apiBase()));

/** A fetch to the API takes the site's cookies along, on another origin too. */
export const apiCredentials = (url: URL): RequestCredentials => (url.origin === location.origin ? 'same-origin' : 'include');
