/**
 * Bytes: the JavaScript (gzip) a visitor's browser downloads from us on each demo page and on a
 * page with one block of every type, beside what the peer stack costs for the features the
 * same page uses (features without a peer count for us only, so the ratio is conservative).
 */
import { readdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { gzipSize, type Peer } from './bundle';

export interface PageBytes {
  page: string;
  scripts: number;
  tessera: number;
  peers: Peer[];
  peerBytes: number;
  /** Each script downloaded: its path (hash dropped) and gzip size. */
  files: { path: string; bytes: number }[];
}

/** The demo site's pages, from examples/ (/ for index.html). */
export const demoPages = () =>
  readdirSync('examples')
    .filter((name) => name.endsWith('.html'))
    .map((name) => (name === 'index.html' ? '/' : `/${name.replace(/\.html$/, '')}`))
    .sort();

type Measured = { bytes: number; scripts: number; peers: Peer[]; files: PageBytes['files'] };

/**
 * Opens `path` in a fresh context (or the one given) and sums the gzip size of every same-origin
 * script it loads, as a page without theme code does; `interact` runs once the runtime is in (a
 * click that loads more counts too).
 */
async function measure(browser: Browser, base: string, path: string, interact?: (page: Page) => Promise<void>, shared?: BrowserContext): Promise<Measured> {
  const context = shared ?? (await browser.newContext());
  const page = await context.newPage();
  const bodies: Promise<{ path: string; bytes: number }>[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (response.request().resourceType() !== 'script' || url.origin !== new URL(base).origin) return;
    const name = url.pathname.replace(/-[\w-]{6}\.js$/, '.js');
    bodies.push(response.body().then((body) => ({ path: name, bytes: gzipSize(body) }), () => ({ path: name, bytes: 0 })));
  });
  await page.goto(base + path);
  await page.waitForFunction(() => window.SiteRuntime !== undefined, undefined, { timeout: 10_000 }).catch(() => undefined);
  // The runtime marks the page when its blocks are in; reading `SiteRuntime.ready` here would
  // load the money/url chunk, which only theme code that reads it downloads.
  await page.waitForSelector('html[data-site-ready]', { state: 'attached', timeout: 30_000 }).catch(() => undefined);
  await page.waitForLoadState('networkidle');
  if (interact) {
    await interact(page);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
  }
  const peers = await page.evaluate(() => {
    const types = new Set(Array.from(document.querySelectorAll('[data-block-type]')).map((element) => element.getAttribute('data-block-type')));
    const lightbox = !!document.querySelector('[data-block-type="image"], [data-block-type="gallery"][data-block-json*="lightbox"]');
    const used: string[] = [];
    if (types.has('gallery')) used.push('swiper');
    if (lightbox) used.push('photoswipe');
    if (types.has('video')) used.push('lite-youtube-embed');
    if (types.has('map')) used.push('@googlemaps/js-api-loader');
    if (document.querySelector('.site-cookie-banner')) used.push('vanilla-cookieconsent');
    if (window.SiteRuntime?.context.website.id) used.push('web-vitals', '@sentry/browser', '@plausible-analytics/tracker');
    return used;
  });
  const files = await Promise.all(bodies);
  if (shared) await page.close();
  else await context.close();
  return { bytes: files.reduce((sum, file) => sum + file.bytes, 0), scripts: files.length, peers: peers as Peer[], files: files.sort((a, b) => b.bytes - a.bytes) };
}

export async function measureBytes(browser: Browser, base: string, peerSizes: Record<Peer, number>, pages: string[]): Promise<PageBytes[]> {
  const results: PageBytes[] = [];
  for (const path of pages) {
    const { bytes, scripts, peers, files } = await measure(browser, base, path);
    results.push({ page: path, scripts, tessera: bytes, peers, peerBytes: peers.reduce((sum, peer) => sum + peerSizes[peer], 0), files });
  }
  return results;
}

/**
 * The like-for-like page, everything our side ships for the peer stack's features: a first
 * visit (the banner asks; a photo opens the lightbox), then the visit after accepting (the
 * performance collector with web-vitals loads), each script counted once.
 */
export async function measureLikeForLike(browser: Browser, base: string): Promise<{ tessera: number; files: PageBytes['files'] }> {
  const context = await browser.newContext();
  const first = await measure(browser, base, '/bench/like-for-like', async (page) => {
    await page.locator('#block-g1 > figure').first().click();
    await page.locator('dialog.tl').waitFor({ timeout: 10_000 });
    await page.keyboard.press('Escape');
    await page.locator('.site-cookie-banner-accept').click();
  }, context);
  const second = await measure(browser, base, '/bench/like-for-like', undefined, context);
  await context.close();
  const files = new Map<string, number>();
  for (const file of [...first.files, ...second.files]) files.set(file.path, Math.max(files.get(file.path) ?? 0, file.bytes));
  const list = [...files].map(([path, bytes]) => ({ path, bytes })).sort((a, b) => b.bytes - a.bytes);
  return { tessera: list.reduce((sum, file) => sum + file.bytes, 0), files: list };
}
