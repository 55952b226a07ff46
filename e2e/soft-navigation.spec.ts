/**
 * A theme that navigates without reloading: Hotwire Turbo fetches the next page and swaps its
 * <body> in, and restores a page from its own cache on Back; htmx's hx-boost swaps the body's
 * contents instead, and puts back the markup it kept of a page on Back (docs/javascript-api.md,
 * "Themes that swap pages without a reload"). The runtime, started once, mounts what comes in,
 * tears down what goes, and keeps the unanswered cookie banner and the bars working.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, hidePage, queryServerDb, runtimeReady, test } from './fixtures';

const SWAPPERS = {
  turbo: { script: readFileSync('node_modules/@hotwired/turbo/dist/turbo.es2017-umd.js', 'utf8'), body: '<body', defer: false },
  htmx: { script: readFileSync('node_modules/htmx.org/dist/htmx.min.js', 'utf8'), body: '<body hx-boost="true"', defer: false },
  // swup swaps a container of the page: the demo's <main id="content">.
  swup: { script: `${readFileSync('node_modules/swup/dist/Swup.umd.js', 'utf8')}\nnew Swup({ containers: ['#content'] });`, body: '<body', defer: true },
};

const CONTEXT_SCRIPT = /<script type="application\/json" id="site-context">[\s\S]*?<\/script>/;
const MAIN = '<main id="content">';

/**
 * Every page the demo serves, with Turbo, htmx (boosting every link) or swup in its head as a
 * theme would add it; `contextInMain` moves the page context from the head into the page's
 * `<main>` (the container swup swaps), where a theme may put it.
 */
async function withSwapper(page: Page, name: keyof typeof SWAPPERS, { contextInMain = false } = {}): Promise<void> {
  const { script, body, defer } = SWAPPERS[name];
  await page.route(`**/${name}.js`, (route) => route.fulfill({ contentType: 'text/javascript', body: script }));
  await page.route(
    (url) => !/\.\w+$/.test(url.pathname) && !url.pathname.startsWith('/api/'),
    async (route) => {
      const request = route.request();
      if (request.resourceType() !== 'document' && !request.headers().accept?.includes('text/html') && !request.headers()['hx-request']) return route.continue();
      const response = await route.fetch();
      let html = (await response.text()).replace('</head>', `<script src="/${name}.js"${defer ? ' defer' : ''}></script></head>`).replace('<body', body);
      const context = CONTEXT_SCRIPT.exec(html)?.[0];
      if (contextInMain && context && html.includes(MAIN)) html = html.replace(context, '').replace(MAIN, MAIN + context);
      await route.fulfill({ response, body: html });
    },
  );
}
const withTurbo = (page: Page) => withSwapper(page, 'turbo');

/**
 * The page's errors less one of Turbo's own: Turbo 8 reads a visit's page in a promise nobody
 * awaits (`requestSucceededWithResponse` awaits `responseHTML`), so a visit it cancels while the
 * page is being read (a quicker click, Back, on a loaded host) rejects there, unhandled, with
 * "signal is aborted without reason" (once in a CI run). The runtime's own fetches catch their
 * aborts (net/request.ts, net/beacon.ts, perf/index.ts); one with a stack outside Turbo stays.
 */
const withoutTurboCancels = (errors: string[]) =>
  errors.filter((error) => !(error.startsWith('uncaught: signal is aborted without reason') && (!error.includes(' (at ') || error.includes('/turbo.js'))));

/** The blocks in the page, how many are mounted, and how many have a live instance. */
const blocksIn = (page: Page) =>
  page.evaluate(() => {
    const blocks = [...document.querySelectorAll('[data-block-type]')];
    return { blocks: blocks.length, mounted: blocks.filter((block) => block.getAttribute('data-block-status') === 'mounted').length, live: blocks.filter((block) => window.SiteRuntime!.block(block)).length };
  });

test.use({ consented: false });
// A request the swapper still has under way as a test ends (Turbo prefetches the link under the
// pointer) would fail its route.fetch after the test, failing the run.
test.afterEach(({ page }) => page.unrouteAll({ behavior: 'ignoreErrors' }));

test('Hotwire Turbo: the pages it swaps in mount their blocks, Back brings one back working, and the banner answers without a reload', async ({ page, context, consoleErrors }) => {
  await withTurbo(page);
  let loads = 0;
  page.on('load', () => loads++);
  await page.goto('/');
  await runtimeReady(page);
  expect(await page.evaluate(() => typeof (window as unknown as { Turbo?: object }).Turbo)).toBe('object');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const banner = page.getByRole('region', { name: 'Cookie banner' });

  await nav.getByRole('link', { name: 'Galleries' }).click();
  await expect(page).toHaveURL(/\/gallery$/);
  await expect(page.locator('[data-block-type="gallery"]')).toHaveCount(10);
  await expect.poll(() => blocksIn(page)).toEqual({ blocks: 12, mounted: 12, live: 12 });
  const thumbnailStrips = await page.locator('.tg-thumbnails').count();
  await page.evaluate(() => ((window as unknown as { old: Element }).old = document.querySelector('[data-block-type="gallery"]')!));

  await nav.getByRole('link', { name: 'Blocks' }).click();
  await expect(page).toHaveURL(/\/blocks$/);
  await expect(page.locator('[data-block-type="gallery"]')).toHaveCount(0);
  const blocks = await page.locator('[data-block-type]').count();
  await expect.poll(() => blocksIn(page)).toEqual({ blocks, mounted: blocks, live: blocks });
  // The gallery left with its body.
  expect(await page.evaluate(() => window.SiteRuntime!.block((window as unknown as { old: Element }).old))).toBeUndefined();

  // Back: Turbo puts its copy of the page back; the runtime mounts it again, once.
  await page.goBack();
  await expect(page).toHaveURL(/\/gallery$/);
  await expect.poll(() => blocksIn(page)).toEqual({ blocks: 12, mounted: 12, live: 12 });
  await expect(page.locator('.tg-thumbnails')).toHaveCount(thumbnailStrips);
  const first = page.locator('[data-block-type="gallery"]').first();
  const index = () => first.evaluate((element) => (window.SiteRuntime!.block(element) as unknown as { index: number }).index);
  const before = await index();
  await first.evaluate((element) => (window.SiteRuntime!.block(element) as unknown as { next(): void }).next());
  await expect.poll(index).not.toBe(before);

  // The banner stayed through all of it, and answers here.
  await expect(banner).toHaveCount(1);
  await banner.getByRole('button', { name: 'Accept cookies' }).click();
  await expect(banner).toHaveCount(0);
  expect((await context.cookies()).find((cookie) => cookie.name === 'ss_cookieAllowed')?.value).toBe('true');
  expect(await page.evaluate(() => window.SiteRuntime!.consent.state())).toBe(true);
  expect(loads).toBe(1);
  expect(withoutTurboCancels(consoleErrors)).toEqual([]);
});

test('Hotwire Turbo on a phone: the announcement bar of each page swapped in can be dismissed, the badge stays at the screen’s foot with its room', async ({ page, consoleErrors }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await withTurbo(page);
  await page.goto('/announcements');
  await runtimeReady(page);
  const foot = () =>
    page.evaluate(() => ({
      badges: document.querySelectorAll('.site-bottom-stack .site-badge').length,
      rooms: document.querySelectorAll('body > .site-screen-foot-room').length,
      padding: document.documentElement.style.scrollPaddingBottom,
    }));
  await expect(page.locator('.site-bottom-stack .site-badge')).toBeVisible();
  const first = await foot();
  expect(first.badges).toBe(1);
  const announcement = page.getByRole('complementary', { name: 'Announcement' });
  const nav = page.getByRole('navigation', { name: 'Main' });

  await nav.getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/FAQ/);
  // The bar the server rendered into the new body works as on a page load; what the runtime put at the foot is back.
  await expect(announcement.getByRole('button', { name: 'Dismiss announcement' })).toBeEnabled();
  await expect.poll(foot).toEqual(first);
  await announcement.getByRole('button', { name: 'Dismiss announcement' }).click();
  await expect(announcement).toHaveCount(0);

  // Dismissed for the session: the next page's served bar goes too.
  await nav.getByRole('link', { name: 'Offers' }).click();
  await expect(page).toHaveURL(/\/offers$/);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/FAQ/);
  await expect(announcement).toHaveCount(0);
  await expect.poll(foot).toEqual(first);

  // Back, to Turbo's copy of the page as it was left (the badge and its room in it): one of each.
  await page.goBack();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/FAQ/);
  await expect.poll(foot).toEqual(first);
  await expect(announcement).toHaveCount(0);
  expect(withoutTurboCancels(consoleErrors)).toEqual([]);
});

test('htmx\'s hx-boost on a phone, which swaps the body\'s contents: the blocks mount once, Back included, the banner answers without a reload, the bars work as on a page load', async ({ page, context, consoleErrors }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await withSwapper(page, 'htmx');
  let loads = 0;
  page.on('load', () => loads++);
  await page.goto('/announcements');
  await runtimeReady(page);
  expect(await page.evaluate(() => typeof (window as unknown as { htmx?: object }).htmx)).toBe('object');
  const foot = () =>
    page.evaluate(() => ({
      badges: document.querySelectorAll('.site-bottom-stack .site-badge').length,
      rooms: document.querySelectorAll('body > .site-screen-foot-room').length,
      padding: document.documentElement.style.scrollPaddingBottom,
    }));
  const first = await foot();
  expect(first.badges).toBe(1);
  const nav = page.getByRole('navigation', { name: 'Main' });
  const banner = page.getByRole('region', { name: 'Cookie banner' });
  const announcement = page.getByRole('complementary', { name: 'Announcement' });
  const shownBanner = () => page.evaluate(() => [...document.querySelectorAll('.site-cookie-banner')].map((element) => element.matches(':popover-open')));

  await nav.getByRole('link', { name: 'Galleries' }).click();
  await expect(page).toHaveURL(/\/gallery$/);
  await expect.poll(() => blocksIn(page)).toEqual({ blocks: 12, mounted: 12, live: 12 });
  const thumbnailStrips = await page.locator('.tg-thumbnails').count();
  // The runtime's banner, on top, in place of the one the server rendered into the new contents.
  expect(await shownBanner()).toEqual([true]);
  await expect.poll(foot).toEqual(first);
  await announcement.getByRole('button', { name: 'Dismiss announcement' }).click();
  await expect(announcement).toHaveCount(0);

  // Dismissed for the session: the next page's served bar goes too.
  await nav.getByRole('link', { name: 'Announcements' }).click();
  await expect(page).toHaveURL(/\/announcements$/);
  await expect(page.locator('[data-block-type="gallery"]')).toHaveCount(0);
  await expect(announcement).toHaveCount(0);
  await expect.poll(foot).toEqual(first);

  // Back: htmx puts back the markup it kept of the gallery page, as served, not with its blocks mounted: each mounts once.
  await page.goBack();
  await expect(page).toHaveURL(/\/gallery$/);
  await expect.poll(() => blocksIn(page)).toEqual({ blocks: 12, mounted: 12, live: 12 });
  await expect(page.locator('.tg-thumbnails')).toHaveCount(thumbnailStrips);
  await expect.poll(foot).toEqual(first);
  expect(await shownBanner()).toEqual([true]);
  const gallery = page.locator('[data-block-type="gallery"]').first();
  const index = () => gallery.evaluate((element) => (window.SiteRuntime!.block(element) as unknown as { index: number }).index);
  const before = await index();
  await gallery.evaluate((element) => (window.SiteRuntime!.block(element) as unknown as { next(): void }).next());
  await expect.poll(index).not.toBe(before);

  await banner.getByRole('button', { name: 'Accept cookies' }).click();
  await expect(banner).toHaveCount(0);
  expect((await context.cookies()).find((cookie) => cookie.name === 'ss_cookieAllowed')?.value).toBe('true');
  expect(loads).toBe(1);
  expect(consoleErrors).toEqual([]);
});

test.describe('a visitor who has accepted cookies', () => {
  test.use({ consented: true });
  // The collections the page views of /gallery, /faq and /gallery again (Back) name. Turbo puts
  // each new page's context script in the head beside the old ones; its copy of a page on Back
  // brings none that is new, and has the context /gallery brought before. htmx keeps the head,
  // so no page brings one. A context in <main> comes with the page.
  const GAL = 'gal000000000000000000000';
  const FAQ = 'faq00000000000000000000a';
  const cases = [
    { name: 'turbo', contextInMain: false, collections: [GAL, FAQ, GAL] },
    { name: 'htmx', contextInMain: false, collections: [null, null, null] },
    { name: 'htmx', contextInMain: true, collections: [GAL, FAQ, GAL] },
    { name: 'swup', contextInMain: true, collections: [GAL, FAQ, GAL] },
  ] as const;
  for (const { name, contextInMain, collections } of cases) {
    test(`${name}, the page context in the ${contextInMain ? 'main' : 'head'}: each page swapped in is a page view, with the page left as its referrer and the collection of the context it brought; the lightbox's address on the same page is none; the load's performance record names the page loaded`, async ({ page, context, baseURL, consoleErrors }) => {
      await withSwapper(page, name, { contextInMain });
      let loads = 0;
      page.on('load', () => loads++);
      const measured = page.waitForResponse((response) => response.url().includes('/api/1/performance/settings')).then((response) => response.json() as Promise<{ pageLoadId: string }>);
      // The settings answer once the next page is in, as on a slow phone: the collector starts there.
      let swapped = () => {};
      const nextPageIn = new Promise<void>((resolve) => (swapped = resolve));
      await page.route('**/api/1/performance/settings*', async (route) => (await nextPageIn, route.continue()));
      await page.goto('/');
      await runtimeReady(page);
      const nav = page.getByRole('navigation', { name: 'Main' });
      // SiteRuntime.context is the page's now: the one it brought, else its path's, else the last.
      const HOME = 'home0000000000000000000a';
      const contextNow = () => page.evaluate(() => window.SiteRuntime!.context.collectionId);
      await nav.getByRole('link', { name: 'Galleries' }).click();
      await expect(page).toHaveURL(/\/gallery$/);
      swapped();
      await expect.poll(() => blocksIn(page)).toEqual({ blocks: 12, mounted: 12, live: 12 });
      expect(await contextNow()).toBe(collections[0] ?? HOME);
      // The lightbox names its image in the address, on the same page.
      await page.locator('#block-grid > figure').nth(2).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('itemId')).toBe('s24');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await nav.getByRole('link', { name: 'FAQ' }).click();
      await expect(page).toHaveURL(/\/faq$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('FAQ');
      await expect.poll(contextNow).toBe(collections[1] ?? HOME);
      await page.goBack();
      await expect(page).toHaveURL(/\/gallery$/);
      await expect.poll(() => blocksIn(page)).toEqual({ blocks: 12, mounted: 12, live: 12 });
      expect(await contextNow()).toBe(collections[2] ?? HOME);
      await hidePage(page);

      const visitor = (await context.cookies()).find((cookie) => cookie.name === 'ss_cvr')!.value.split('|')[0];
      const views = () =>
        queryServerDb<{ path: string; data_json: string }>("SELECT path, data_json FROM census_hits WHERE visitor_id = ? AND event = 'pageView' ORDER BY id", visitor).map(({ path, data_json }) => {
          const data = JSON.parse(data_json) as { referrer: string; title: string; collectionId: string | null };
          return { path, referrer: data.referrer.replace(baseURL!, ''), title: data.title, collectionId: data.collectionId };
        });
      await expect.poll(views).toEqual([
        { path: '/', referrer: '', title: expect.any(String), collectionId: HOME },
        { path: '/gallery', referrer: '/', title: expect.stringMatching(/^Galleries/), collectionId: collections[0] },
        { path: '/faq', referrer: '/gallery', title: expect.stringMatching(/^FAQ/), collectionId: collections[1] },
        { path: '/gallery', referrer: '/faq', title: expect.stringMatching(/^Galleries/), collectionId: collections[2] },
      ]);
      // The page load's performance record names the page loaded, not the one the visitor left from.
      const { pageLoadId } = await measured;
      await expect.poll(() => queryServerDb<{ path: string }>('SELECT path FROM performance_records WHERE page_load_id = ?', pageLoadId)).toEqual([{ path: '/' }]);
      expect(loads).toBe(1);
      expect(name === 'turbo' ? withoutTurboCancels(consoleErrors) : consoleErrors).toEqual([]);
    });
  }
});
