/**
 * Visitors with uBlock Origin (its default lists: EasyList, EasyPrivacy and its own, which Brave
 * and AdGuard users meet in much the same form): on the site's own server, the blocker takes the
 * census hit (EasyPrivacy names its path) and nothing else. No block, chunk, stylesheet or call a
 * page needs is blocked, so every block mounts and every page works, and the lists' generic
 * element hiding hides nothing of the runtime's. (A page on another site
 * than its API loses its beacons as well: api-origin.spec.ts.)
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import * as Paths from '../contract/api/paths';
import { BLOCKED_BY_CLIENT, elementsHiddenByBlocker, withContentBlocker } from './content-blocker';
import { expect, hidePage, runtimeReady, test } from './fixtures';

const DEMO_PAGES = readdirSync(new URL('../examples', import.meta.url))
  .filter((file) => file.endsWith('.html'))
  .map((file) => (file === 'index.html' ? '/' : `/${file.replace(/\.html$/, '')}`));
/** The page whose blocks fail on purpose (runtime.spec.ts). */
const FAILS_ON_PURPOSE = '/robustness';
const FAILED_RESOURCE = 'Failed to load resource: ';
/** The popup waits for its newsletter to mount (up to 3 s) before it shows: on a busy machine, longer than expect's 5 s. */
const POPUP_SHOWS_MS = 10_000;

/** The demo's pages in two halves, one test each: the two workers share them, without a browser context per page. */
const SWEPT = DEMO_PAGES.filter((demo) => demo !== FAILS_ON_PURPOSE);
const HALVES = [SWEPT.filter((_, i) => i % 2 === 0), SWEPT.filter((_, i) => i % 2 === 1)];

test.describe('with uBlock Origin', () => {
  // A request still under way as a test ends would meet its route after it, failing the run.
  test.afterEach(({ page }) => page.unrouteAll({ behavior: 'ignoreErrors' }));

  for (const pages of HALVES) {
    test(`${pages.join(', ')}: every block mounts, nothing is hidden, and only the census hit is blocked`, async ({ page: tab, consoleErrors }) => {
      const blocked = await withContentBlocker(tab);
      await tab.setViewportSize({ width: 390, height: 844 });
      for (const page of pages) {
        await tab.goto(page);
        await runtimeReady(tab);
        // Blocks the page adds later (the popup's newsletter) mount on their own time.
        const unmounted = () => tab.locator('[data-block-type]').evaluateAll((blocks) => blocks.filter((block) => block.getAttribute('data-block-status') !== 'mounted').map((block) => `${block.id || block.getAttribute('data-block-type')}: ${block.getAttribute('data-block-status')}`));
        await expect.poll(unmounted, { message: page }).toEqual([]);
        expect(await elementsHiddenByBlocker(tab), page).toEqual([]);
        // Hidden, the page sends what waits: the performance record, queued beacons.
        await hidePage(tab);
        await tab.waitForTimeout(200);
        // Resources that fail log it (the blocked ones are below; the demo's outside hosts do not resolve here).
        expect(consoleErrors.splice(0).filter((error) => !error.startsWith(FAILED_RESOURCE)), page).toEqual([]);
        expect(blocked.splice(0).map(({ url }) => url.pathname).filter((blockedPath) => blockedPath !== Paths.RECORD_HIT_PATH), page).toEqual([]);
      }
    });
  }

  test('the page view is blocked as the extension blocks it: one failed beacon, one line in the console, nothing else', async ({ page, consoleErrors }) => {
    const blocked = await withContentBlocker(page);
    await page.goto('/');
    await runtimeReady(page);
    await expect.poll(() => blocked.map(({ type, url, filter }) => `${type} ${url.pathname} (${filter})`)).toEqual(['ping /api/census/RecordHit (/census/recordhit)']);
    // The console has its line a moment after the request failed.
    await expect.poll(() => consoleErrors).toEqual([expect.stringContaining(BLOCKED_BY_CLIENT)]);
  });

  test.describe('on a phone, asked for consent', () => {
    test.use({ consented: false, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test('the cookie banner, the bars, the popup and the lightbox: the lists hide none of them', async ({ page }) => {
      await withContentBlocker(page);
      await page.goto('/announcements');
      await runtimeReady(page);
      await expect(page.getByRole('region', { name: 'Cookie banner' })).toBeVisible();
      for (const bar of ['Announcement', 'Licensed images', 'Badge', 'Contact information']) await expect(page.getByRole('complementary', { name: bar })).toBeVisible();
      expect(await elementsHiddenByBlocker(page)).toEqual([]);

      await page.goto('/offers');
      await page.getByRole('region', { name: 'Cookie banner' }).getByRole('button', { name: 'No thanks' }).click();
      await expect(page.getByRole('dialog', { name: 'Get our monthly notes' })).toBeVisible({ timeout: POPUP_SHOWS_MS });
      expect(await elementsHiddenByBlocker(page)).toEqual([]);

      await page.goto('/gallery?nomotion=true');
      await runtimeReady(page);
      await page.locator('#block-grid > figure').first().click();
      await expect(page.getByRole('dialog', { name: 'Grid' })).toBeVisible();
      expect(await elementsHiddenByBlocker(page)).toEqual([]);
    });
  });

  // Annoyance lists (uBlock Origin's, EasyList's; off by default, on in Brave and AdGuard for
  // many) hide newsletter popups by element hiding, which uBlock Origin applies a moment after
  // an element appears. Its stylesheet is the visitor's own, so here a constructed one stands in.
  for (const when of ['from the start', 'after it showed'] as const) {
    test(`element hiding that hides the popup ${when}: the popup closes, and the page is the visitor's again`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      const hideThePopup = () => {
        const sheet = new CSSStyleSheet();
        sheet.replaceSync('.site-popup-overlay { display: none !important; }');
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      };
      if (when === 'from the start') await page.addInitScript(hideThePopup);
      await page.goto('/offers');
      await runtimeReady(page);
      if (when === 'after it showed') {
        await expect(page.getByRole('dialog', { name: 'Get our monthly notes' })).toBeVisible({ timeout: POPUP_SHOWS_MS });
        await page.evaluate(hideThePopup);
      } else {
        await page.waitForFunction(() => document.querySelector('.site-popup-overlay'));
      }
      // Its backdrop goes with it: a tap reaches the page, and Tab its links.
      await expect(page.locator('.site-modal-host')).toHaveCount(0);
      expect(await page.evaluate(() => document.elementFromPoint(195, 422)?.closest('main') !== null)).toBe(true);
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.localName)).toBe('a');
      // Closed as the visitor would close it: not shown again on the next pages.
      expect(await page.evaluate(() => localStorage.getItem('ss-popup-overlay-closed'))).toMatch(/^\d+$/);
    });
  }

  test('no file of the runtime and no path it calls is blocked, besides the census hit', async ({ page, baseURL }) => {
    const blocked = await withContentBlocker(page);
    await page.goto('/plain');
    const runtimeFiles = (readdirSync(path.join('dist', 'runtime'), { recursive: true }) as string[])
      .filter((file) => /\.(js|css|json|svg)$/.test(file))
      .map((file) => `/runtime/${file.split(path.sep).join('/')}`);
    expect(runtimeFiles.filter((file) => file.startsWith('/runtime/chunks/')).length).toBeGreaterThan(30);
    const apiPaths = Object.values(Paths).flatMap((value) => (typeof value === 'string' ? [value.replace(':id', 'print-harbour')] : []));
    // Each asked for as the runtime asks: files as module scripts, stylesheets or data; calls as
    // fetches and as beacons (the blocker goes by address and type, so a GET stands for any call).
    await page.evaluate(async ({ files, calls }) => {
      const linked = (rel: string, href: string) =>
        new Promise<void>((resolve) => {
          const link = Object.assign(document.createElement('link'), { rel, href });
          link.onload = link.onerror = () => resolve();
          document.head.append(link);
        });
      const fetched = (url: string) => fetch(url).then(() => undefined, () => undefined);
      await Promise.all([
        ...files.map((file) => (file.endsWith('.js') ? linked('modulepreload', file) : file.endsWith('.css') ? linked('stylesheet', file) : fetched(file))),
        ...calls.flatMap((call) => [fetched(call), navigator.sendBeacon(call, '[]')]),
      ]);
    }, { files: runtimeFiles, calls: apiPaths });
    await expect.poll(() => blocked.filter(({ type }) => type === 'ping').length).toBe(1);
    expect(blocked.map(({ type, url }) => `${type} ${url.origin === new URL(baseURL!).origin ? url.pathname : url.href}`).sort()).toEqual([
      `ping ${Paths.RECORD_HIT_PATH}`,
      `xmlhttprequest ${Paths.RECORD_HIT_PATH}`,
    ]);
  });
});
