/**
 * The Back button's instant page: Chromium's back/forward cache, which Playwright turns off and
 * these tests turn on. The site's pages came with `Cache-Control: no-store`, so Chromium kept
 * none of them (a cookie changes on every page view). Now a visitor's page comes back at once,
 * as it was left, and counts as a page view; a page the visitor answered the cookie banner
 * since (on another page) loads afresh instead of asking again.
 */
import type { Page } from '@playwright/test';
import { chromiumWithout } from './chromium';
import { expect, queryServerDb, runtimeReady, test } from './fixtures';

test.use({ launchOptions: chromiumWithout('--disable-back-forward-cache') });

/** Leaves by a link, as a visitor does (a navigation Playwright starts does not swap the page out), and comes Back. */
async function leaveAndComeBack(page: Page, link: string): Promise<void> {
  await page.evaluate(() => ((window as unknown as { left: boolean }).left = true));
  await Promise.all([page.waitForURL(`**${link}`), page.locator(`a[href="${link}"]`).first().click()]);
  await runtimeReady(page);
  await page.goBack({ waitUntil: 'commit' });
}
/** Whether the page shown is the one left (restored from the cache), not a new load. */
const restored = (page: Page) => page.evaluate(() => (window as unknown as { left?: boolean }).left === true);

test('a page comes Back from the cache as it was left, counts as a page view and measures anew', async ({ page, context }) => {
  const settings: string[] = [];
  page.on('request', (request) => request.url().includes('/api/1/performance/settings') && settings.push(new URL(request.url()).searchParams.get('path')!));
  await page.goto('/faq');
  await runtimeReady(page);
  const id = async () => (await context.cookies()).find((cookie) => cookie.name === 'ss_cvr')!.value.split('|')[0]!;
  const views = async () => queryServerDb<{ path: string }>("SELECT path FROM census_hits WHERE visitor_id = ? AND event = 'pageView' ORDER BY id", await id()).map((hit) => hit.path);
  await leaveAndComeBack(page, '/contact');
  await expect(page).toHaveURL(/\/faq$/);
  expect(await restored(page)).toBe(true);
  // Performance collection asks for a new page load id, as a page loaded again does.
  await expect.poll(() => settings).toEqual(['/faq', '/contact', '/faq']);
  // Leaving again sends what waits (pagehide), as it does for every page.
  await page.locator('a[href="/contact"]').first().click();
  await expect.poll(views).toEqual(['/faq', '/contact', '/faq', '/contact']);
});

test('a page that comes Back counts the cart as it is now, not as it was left', async ({ page }) => {
  const cartCount = page.getByRole('link', { name: /^Cart \(/ });
  await page.goto('/blocks');
  await runtimeReady(page);
  await page.getByRole('button', { name: 'Add to cart: Harbour print' }).click();
  await expect(cartCount).toHaveText('Cart (1)');
  // A plain page to come Back to (the blocks page, with its embeds, is not always kept).
  await page.goto('/faq');
  await runtimeReady(page);
  await expect(cartCount).toHaveText('Cart (1)');
  await page.evaluate(() => ((window as unknown as { left: boolean }).left = true));
  await Promise.all([page.waitForURL('**/cart'), cartCount.click()]);
  await runtimeReady(page);
  await page.locator('#sqs-cart-root').getByRole('button', { name: 'Remove Harbour print' }).click();
  await expect(cartCount).toHaveText('Cart (0)');
  await page.goBack({ waitUntil: 'commit' });
  await expect(page).toHaveURL(/\/faq$/);
  expect(await restored(page)).toBe(true);
  await expect(cartCount).toHaveText('Cart (0)');
});

test.describe('a visitor the cookie banner asks', () => {
  test.use({ consented: false });

  test('who answered it on another page gets the page afresh on Back, without the banner', async ({ page }) => {
    await page.goto('/faq');
    await runtimeReady(page);
    await expect(page.getByRole('region', { name: 'Cookie banner' })).toBeVisible();
    await page.evaluate(() => ((window as unknown as { left: boolean }).left = true));
    await Promise.all([page.waitForURL('**/contact'), page.locator('a[href="/contact"]').first().click()]);
    await runtimeReady(page);
    await page.getByRole('region', { name: 'Cookie banner' }).getByRole('button', { name: 'Accept cookies' }).click();
    await page.goBack({ waitUntil: 'commit' });
    await runtimeReady(page);
    await expect(page).toHaveURL(/\/faq$/);
    expect(await restored(page)).toBe(false);
    await expect(page.getByRole('region', { name: 'Cookie banner' })).toHaveCount(0);
  });

  test('who has not answered yet gets the page from the cache, banner and all', async ({ page }) => {
    await page.goto('/faq');
    await runtimeReady(page);
    await leaveAndComeBack(page, '/contact');
    await expect(page).toHaveURL(/\/faq$/);
    expect(await restored(page)).toBe(true);
    await expect(page.getByRole('region', { name: 'Cookie banner' })).toBeVisible();
  });
});
