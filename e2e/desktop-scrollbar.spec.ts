/**
 * A desktop whose scrollbar takes room (Chromium headless hides it; these tests draw it): a dialog
 * that holds the page behind it keeps the scrollbar's room, so nothing behind moves sideways.
 */
import type { Page } from '@playwright/test';
import { chromiumWithout } from './chromium';
import { expect, runtimeReady, test, themeRule } from './fixtures';

test.use({ launchOptions: chromiumWithout('--hide-scrollbars') });

const scrolled = (page: Page) => page.evaluate(() => Math.round(scrollY));
/** The body's, not the root's clientWidth: Chromium leaves a held root's kept gutter out of that. */
const width = (page: Page) => page.evaluate(() => document.body.getBoundingClientRect().width);
/** One turn of the wheel over a point, and time for the page to scroll if it is going to. */
async function wheelAt(page: Page, x: number, y: number): Promise<void> {
  await page.mouse.move(x, y);
  await page.mouse.wheel(0, 400);
  await page.waitForTimeout(300);
}

test("the wheel over the popup, a product's quick view or their backdrops scrolls nothing behind them, and nothing behind moves sideways", async ({ page }) => {
  await themeRule(page, 'body { min-height: 4000px }'); // a page long enough to scroll
  await page.goto('/offers');
  const popup = page.getByRole('dialog', { name: 'Get our monthly notes' });
  await expect(popup).toBeVisible();
  const box = (await popup.boundingBox())!;
  for (const [x, y] of [[box.x + box.width / 2, box.y + box.height / 2], [100, 100]] as const) {
    await wheelAt(page, x, y);
    expect(await scrolled(page), `the wheel at ${x}, ${y}`).toBe(0);
  }
  await page.keyboard.press('Escape');

  await page.goto('/blocks');
  await runtimeReady(page);
  const drawn = await width(page);
  expect(drawn, 'a scrollbar takes room').toBeLessThan(1280);
  const heading = page.locator('h1').first();
  const headingAt = (await heading.boundingBox())!.x;
  await page.getByRole('button', { name: 'Quick view: Harbour print' }).click();
  const quickView = page.getByRole('dialog', { name: 'Harbour print' });
  await expect(quickView).toBeVisible();
  const opened = await scrolled(page);
  expect(await width(page)).toBe(drawn);
  expect((await heading.boundingBox())!.x).toBe(headingAt);
  const view = (await quickView.boundingBox())!;
  // Before: the wheel over the backdrop scrolled the page 400 px a turn.
  for (const [x, y] of [[view.x + view.width / 2, view.y + view.height / 2], [100, 400]] as const) {
    await wheelAt(page, x, y);
    expect(await scrolled(page), `the wheel at ${x}, ${y}`).toBe(opened);
  }
  await page.keyboard.press('Escape');
  await expect(quickView).toBeHidden();
  await wheelAt(page, 100, 400);
  expect(await scrolled(page)).toBeGreaterThan(opened + 100);

  // A page that does not scroll has no scrollbar to keep room for: the view adds none.
  const short = await page.context().newPage(); // without the long page's rule
  await short.route('**/theme-short-shop', (route) => route.fulfill({ contentType: 'text/html', body: SHORT_SHOP }));
  await short.goto('/theme-short-shop');
  await runtimeReady(short);
  expect(await width(short)).toBe(1280);
  await short.getByRole('button', { name: 'Quick view: Harbour print' }).click();
  await expect(short.getByRole('dialog', { name: 'Harbour print' })).toBeVisible();
  expect(await width(short)).toBe(1280);
});

test('the lightbox holds the page behind it, keeping its scrollbar\'s room: nothing behind moves sideways as it opens or closes', async ({ page }) => {
  await page.goto('/gallery?nomotion=true');
  await runtimeReady(page);
  const drawn = await width(page);
  expect(drawn, 'a scrollbar takes room').toBeLessThan(1280);
  const cell = page.locator('#block-grid > figure').nth(1);
  await cell.scrollIntoViewIfNeeded();
  const opened = await scrolled(page);
  await cell.click();
  const lightbox = page.getByRole('dialog', { name: 'Grid' });
  await expect(lightbox).toBeVisible();
  // Before: the page behind the lightbox's see-through backdrop moved 15 px sideways.
  expect(await width(page)).toBe(drawn);
  await wheelAt(page, 640, 400);
  expect(await scrolled(page)).toBe(opened);
  await page.keyboard.press('Escape');
  await expect(lightbox).toHaveCount(0);
  expect(await width(page)).toBe(drawn);
  await page.mouse.wheel(0, 400);
  await expect.poll(() => scrolled(page)).toBeGreaterThan(opened + 100);
});

/** One product on a page shorter than the screen. */
const SHORT_SHOP = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Shop</title><script type="module" src="/runtime/site.js"></script></head>
<body style="margin: 0">
  <div data-block-type="product-list" data-block-json='{"products": [{"id": "print-harbour", "title": "Harbour print", "url": "/shop/harbour", "variants": [{"sku": "SQ1000001", "price": 4500, "qtyInStock": 3}]}]}'></div>
</body>
</html>`;
