/**
 * Where a page view came from, as the owner's dashboard counts it: the referring site's origin
 * (`https://www.example.com`), never the rest of its address (a search's words, a mail's
 * token), and nothing for a view that came from the site's own pages, which would otherwise
 * fill the list with the site itself. The hit keeps the browser's whole referrer in its data.
 */
import type { FastifyRequest } from 'fastify';
import { indexable } from '../storage/text-values';
import { withoutDefaultPort } from '../plugins/site-origins';

const hostOf = (address: string | undefined): string | null => {
  if (!address || address === 'null') return null;
  try {
    return withoutDefaultPort(new URL(address).host) || null;
  } catch {
    return null;
  }
};

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
 * Referer), this server's, and each of SITE_ORIGINS and `extra` (the site's and the server's
 * public addresses).
 */
export function siteHostsOf(request: FastifyRequest, extra: ReadonlyArray<string | null | undefined> = []): Set<string> {
  const { origin, referer, host } = request.headers;
  const hosts = [hostOf(origin), hostOf(origin ? undefined : referer), host ? withoutDefaultPort(host) : null, ...request.server.settings.siteOrigins.map(hostOf), ...extra.map((address) => hostOf(address ?? undefined))];
  return new Set(hosts.filter((name): name is string => name !== null));
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
