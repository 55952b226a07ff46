/**
 * A theme with `viewport-fit=cover` draws edge to edge on a phone with a notch and a home
 * indicator. What the runtime fixes to the screen's edges (the cookie banner, the bottom stack,
 * the popup, the lightbox's controls) keeps its content out of the unsafe areas, which Chromium
 * is told of through the DevTools protocol, as an iPhone reports them.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, runtimeReady, test } from './fixtures';

const PORTRAIT = { width: 390, height: 844, insets: { top: 47, bottom: 34, left: 0, right: 0 } };
const LANDSCAPE = { width: 844, height: 390, insets: { top: 0, bottom: 21, left: 47, right: 47 } };

async function coverPhone(page: Page, phone: typeof PORTRAIT): Promise<void> {
  await page.setViewportSize({ width: phone.width, height: phone.height });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setSafeAreaInsetsOverride', { insets: phone.insets });
  await page.route(/\/(announcements|gallery|offers)(\?.*)?$/, async (route) => {
    const html = await (await route.fetch()).text();
    expect(html).toContain('content="width=device-width, initial-scale=1"');
    await route.fulfill({ body: html.replace('content="width=device-width, initial-scale=1"', 'content="width=device-width, initial-scale=1, viewport-fit=cover"'), contentType: 'text/html' });
  });
}

/** Where a box's content (its text, or the box itself for an icon) lies on the screen. */
const contentBox = (locator: Locator) =>
  locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const text = range.getBoundingClientRect();
    const box = text.width > 0 ? text : element.getBoundingClientRect();
    return { top: box.top, right: box.right, bottom: box.bottom, left: box.left };
  });

test.describe('on a phone with a notch, in a theme drawn edge to edge', () => {
  test.use({ isMobile: true, hasTouch: true });

  test.describe('before consent', () => {
    test.use({ consented: false });

    test("the cookie banner's buttons, the mobile information bar and the badge stay above the home indicator", async ({ page }) => {
      await coverPhone(page, PORTRAIT);
      const safeBottom = PORTRAIT.height - PORTRAIT.insets.bottom;
      await page.goto('/announcements');
      await runtimeReady(page);
      const banner = page.getByRole('region', { name: 'Cookie banner' });
      await expect(banner).toBeVisible();
      const mobileBar = page.locator('.site-mobile-info-bar');
      await expect(mobileBar).toBeVisible();
      await page.waitForTimeout(400); // the stack slides in
      expect((await contentBox(mobileBar)).bottom).toBeLessThanOrEqual(safeBottom);
      expect((await contentBox(page.locator('.site-badge'))).bottom).toBeLessThanOrEqual(safeBottom);
      expect((await contentBox(banner.getByRole('button', { name: 'Accept cookies' }))).bottom).toBeLessThanOrEqual(safeBottom);

      // A page without the stack: the banner itself keeps its buttons clear of the indicator.
      await page.goto('/gallery');
      await runtimeReady(page);
      await expect(banner).toBeVisible();
      await expect(page.locator('.site-bottom-stack')).toHaveCount(0);
      const accept = await contentBox(banner.getByRole('button', { name: 'Accept cookies' }));
      expect(accept.bottom).toBeLessThanOrEqual(safeBottom);
      expect(accept.bottom).toBeGreaterThan(safeBottom - 80); // still at the foot, not lifted off it
    });
  });

  test('the popup stays clear of the home indicator', async ({ page }) => {
    await coverPhone(page, PORTRAIT);
    await page.goto('/offers');
    const popup = page.getByRole('dialog', { name: 'Get our monthly notes' });
    await expect(popup).toBeVisible();
    const box = await popup.boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(PORTRAIT.height - PORTRAIT.insets.bottom);
  });

  test("the lightbox's buttons and counter stay out of the notch, upright and on its side", async ({ page }) => {
    await coverPhone(page, PORTRAIT);
    await page.goto('/gallery?itemId=photo-23');
    await runtimeReady(page);
    const lightbox = page.getByRole('dialog');
    const close = lightbox.getByRole('button', { name: 'Close' });
    await expect(close).toBeVisible();
    expect((await contentBox(close)).top).toBeGreaterThanOrEqual(PORTRAIT.insets.top);
    expect((await contentBox(lightbox.locator('.tl-counter'))).top).toBeGreaterThanOrEqual(PORTRAIT.insets.top);

    await coverPhone(page, LANDSCAPE);
    await page.reload();
    await runtimeReady(page);
    await expect(close).toBeVisible();
    expect((await contentBox(close)).right).toBeLessThanOrEqual(LANDSCAPE.width - LANDSCAPE.insets.right);
    expect((await contentBox(lightbox.getByRole('button', { name: 'Next' }))).right).toBeLessThanOrEqual(LANDSCAPE.width - LANDSCAPE.insets.right);
    expect((await contentBox(lightbox.getByRole('button', { name: 'Previous' }))).left).toBeGreaterThanOrEqual(LANDSCAPE.insets.left);
    expect((await contentBox(lightbox.locator('.tl-counter'))).left).toBeGreaterThanOrEqual(LANDSCAPE.insets.left);
    const toggle = lightbox.locator('.tl-toggle');
    await expect(toggle).toBeVisible();
    expect((await contentBox(toggle)).bottom).toBeLessThanOrEqual(LANDSCAPE.height - LANDSCAPE.insets.bottom);
  });
});
