/**
 * Where the site's pages are and where this server is: the site's own address (site.json
 * `website.baseUrl`) and the server's (PUBLIC_URL, set when the site's pages are on another
 * host). Links that leave a page or a mail are made from these, never from a request's Host,
 * which anyone can forge.
 */
import { shopUrlOf } from './commerce/store-settings';

/** The site's own address (`website.baseUrl`), if it is an http(s) one. */
export function siteBaseUrl(site: Record<string, unknown>): string | null {
  const value = (site.website as { baseUrl?: unknown } | undefined)?.baseUrl;
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Where the server's own pages are (the owner app, the new-password and review pages): its
 * PUBLIC_URL when the site's pages are on another host, else the site's address.
 */
export const serverBaseUrl = (site: Record<string, unknown>, publicUrl: string | null): string | null => publicUrl ?? siteBaseUrl(site);

/**
 * Where a page the server makes sends Continue Shopping: the site's store page, on the site's
 * own address when its pages are on another host (PUBLIC_URL), else on this server.
 */
export function shopPageUrl(site: Record<string, unknown>, publicUrl: string | null): string {
  const base = publicUrl ? siteBaseUrl(site) : null;
  return base ? new URL(shopUrlOf(site), base).href : shopUrlOf(site);
}
