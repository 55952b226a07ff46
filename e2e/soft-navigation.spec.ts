/**
 * A theme that navigates without reloading: Hotwire Turbo fetches the next page and swaps its
 * <body> in, and restores a page from its own cache on Back (docs/javascript-api.md, "Themes
 * that swap pages without a reload"). The runtime, started once, mounts what comes in, tears
 * down what goes, and keeps the unanswered cookie banner working.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, runtimeReady, test } from './fixtures';

const TURBO = readFileSync('node_modules/@hotwired/turbo/dist/turbo.es2017-umd.js', 'utf8');

/** Every page the demo serves, with Turbo in its head as a theme would add it. */
async function withTurbo(page: Page): Promise<void> {
  await page.route('**/turbo.js', (route) => route.fulfill({ contentType: 'text/javascript', body: TURBO }));
  await page.route(
    (url) => !/\.\w+$/.test(url.pathname) && !url.pathname.startsWith('/api/'),
    async (route) => {
      const request = route.request();
      if (request.resourceType() !== 'document' && !request.headers().accept?.includes('text/html')) return route.continue();
      const response = await route.fetch();
      await route.fulfill({ response, body: (await response.text()).replace('</head>', '<script src="/turbo.js"></script></head>') });
    },
  );
}

/** The blocks in the page, how many are mounted, and how many have a live instance. */
const blocksIn = (page: Page) =>
  page.evaluate(() => {
    const blocks = [...document.querySelectorAll('[data-block-type]')];
    return { blocks: blocks.length, mounted: blocks.filter((block) => block.getAttribute('data-block-status') === 'mounted').length, live: blocks.filter((block) => window.SiteRuntime!.block(block)).length };
  });

test.use({ consented: false });

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
  expect(consoleErrors).toEqual([]);
});
