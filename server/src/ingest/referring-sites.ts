/**
 * Where a page view came from, as the owner's dashboard counts it: the referring site's origin
 * (`https://www.example.com`), never the rest of its address (a search's words, a mail's
 * token), and nothing for a view that came from the site's own pages, which would otherwise
 * fill the list with the site itself. The hit keeps the browser's whole referrer in its data.
 */
import type { FastifyRequest } from 'fastify';
import { indexable } from '../storage/text-values';
import { originOf, withoutDefaultPort } from '../plugins/site-origins';

/** The hosts of these addresses (origins or whole addresses), without ports 80 and 443; what is not an address, left out. */
export function hostsOf(addresses: ReadonlyArray<string | null | undefined>): string[] {
  return addresses.flatMap((address) => {
    if (!address) return [];
    try {
      const host = withoutDefaultPort(new URL(address).host);
      return host ? [host] : [];
    } catch {
      return [];
    }
  });
}

/**
 * The site a referrer names, as `scheme://host` (at most INDEXED_TEXT_MAX_BYTES); null for
 * none, one of `ownHosts` (compared by host, since a TLS proxy in front changes the scheme), or
 * what is not an address with a host. An app's (`android-app://com.google.android.gm`) counts
 * as a site.
 */
export function referringSite(referrer: string | null | undefined, ownHosts: ReadonlySet<string>): string | null {
  if (!referrer) return null;
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return null;
  }
  const host = url.host.toLowerCase();
  if (!host || ownHosts.has(withoutDefaultPort(host))) return null;
  // A made-up scheme's host is not cut short by the URL parser.
  return indexable(`${url.protocol}//${host}`);
}

/**
 * The hosts a request's page counts as the site's own: the page's (its Origin, else its
 * Referer), this server's, and `known` (from hostsOf: SITE_ORIGINS, the site's and the server's
 * public addresses, found once rather than for every hit).
 */
export function siteHostsOf(request: FastifyRequest, known: readonly string[]): Set<string> {
  const host = request.headers.host;
  return new Set([...hostsOf([originOf(request)]), ...(host ? [withoutDefaultPort(host)] : []), ...known]);
}

/** Counts by referrer (old rows hold whole addresses) summed by referring site, the site's own left out, most first. */
export function bySite(rows: ReadonlyArray<{ referrer: string; views: number }>, ownHosts: ReadonlySet<string>, limit: number): Array<{ referrer: string; views: number }> {
  const sums = new Map<string, number>();
  for (const row of rows) {
    const site = referringSite(row.referrer, ownHosts);
    if (site) sums.set(site, (sums.get(site) ?? 0) + row.views);
  }
  return [...sums]
    .map(([referrer, views]) => ({ referrer, views }))
    .sort((a, b) => b.views - a.views || (a.referrer < b.referrer ? -1 : 1))
    .slice(0, limit);
}
