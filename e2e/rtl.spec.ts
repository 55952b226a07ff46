import type { Page } from '@playwright/test';
import { axeViolations, expect, galleryIndex as indexOf, gallerySettled as settled, runtimeReady, test, touchSwipe } from './fixtures';

/**
 * A theme in a right-to-left language (`<html dir="rtl">`): rows run from the right, so what
 * comes next is on the left. The demo pages, served with that one change.
 */
async function openRightToLeft(page: Page, path: string, change: (html: string) => string = (html) => html) {
  await page.route((url) => url.pathname === path.split('?')[0], async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: change((await response.text()).replace(/<html lang="[^"]*"/, '<html lang="he" dir="rtl"')) });
  });
  await page.goto(path);
  await runtimeReady(page);
  expect(await page.evaluate(() => getComputedStyle(document.body).direction)).toBe('rtl');
}

const centreX = async (locator: import('@playwright/test').Locator) => {
  const box = (await locator.boundingBox())!;
  return box.x + box.width / 2;
};
/** The horizontal scale of an element's transform: -1 when mirrored. */
const scaleX = (locator: import('@playwright/test').Locator) => locator.evaluate((element) => new DOMMatrix(getComputedStyle(element).transform).a);

test.describe('right to left', () => {
  test('galleries: previous on the right, pointing right; Left and a swipe to the right go on; the carousel and the strip move the other way', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, hasTouch: true, viewport: { width: 1200, height: 900 } });
    await context.addCookies([{ name: 'ss_cookieAllowed', value: 'true', url: baseURL! }]);
    const page = await context.newPage();
    // The strip aligned at the start of its row, which right to left is its right-hand end.
    await openRightToLeft(page, '/gallery?nomotion=true', (html) => html.replace('"active-alignment": "center"', '"active-alignment": "left"'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(1200);

    const show = page.locator('#block-slideshow');
    const previous = show.getByRole('button', { name: 'Previous slide' });
    const next = show.getByRole('button', { name: 'Next slide' });
    expect(await centreX(previous)).toBeGreaterThan(await centreX(next));
    expect(await scaleX(previous.locator('svg'))).toBe(-1);
    expect(await scaleX(next.locator('svg'))).toBe(-1);
    await page.locator('h1').click();
    await page.keyboard.press('ArrowLeft');
    expect(await indexOf(page, 'block-slideshow')).toBe(1);
    await settled(page, 'block-slideshow');
    await page.keyboard.press('ArrowRight');
    expect(await indexOf(page, 'block-slideshow')).toBe(0);
    await settled(page, 'block-slideshow');

    // A touch swipe to the right goes on to the next slide (on the screen: at this width the slideshow is taller than it).
    await show.scrollIntoViewIfNeeded();
    const box = (await show.boundingBox())!;
    await touchSwipe(page, box.y + Math.min(box.height / 2, 300), box.x + box.width * 0.2, box.x + box.width * 0.7);
    await expect.poll(() => indexOf(page, 'block-slideshow')).toBe(1);

    // The carousel's next group comes in from the left and sits inside it.
    const carousel = page.locator('#block-carousel');
    await carousel.getByRole('button', { name: 'Next slide' }).click();
    expect(await indexOf(page, 'block-carousel')).toBe(3);
    const frame = (await carousel.boundingBox())!;
    await expect.poll(async () => {
      const shown = (await carousel.locator('figure').nth(3).boundingBox())!;
      return Math.abs(shown.x + shown.width - (frame.x + frame.width));
    }).toBeLessThan(2);

    // The strip's current slide sits at its right-hand end, and stays there as it moves.
    const strip = page.locator('#block-slider');
    await strip.scrollIntoViewIfNeeded();
    const rightGap = async () => {
      const current = (await strip.locator('figure.is-current').boundingBox())!;
      const bounds = (await strip.boundingBox())!;
      // Within a pixel: the strip places by its whole-pixel clientWidth.
      return Math.abs(bounds.x + bounds.width - (current.x + current.width));
    };
    await expect.poll(rightGap).toBeLessThan(2);
    await strip.getByRole('button', { name: 'Next slide' }).click();
    expect(await indexOf(page, 'block-slider')).toBe(1);
    await expect.poll(rightGap).toBeLessThan(2);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  test('the lightbox: previous on the right, Left goes on, a click on the left half goes on', async ({ page }) => {
    await page.setViewportSize({ width: 1200, height: 900 });
    await openRightToLeft(page, '/gallery?nomotion=true');
    await page.locator('#block-grid > figure img').first().click();
    const lightbox = page.getByRole('dialog', { name: 'Grid' });
    await expect(lightbox).toBeVisible();
    const counter = lightbox.locator('.tl-counter');
    await expect(counter).toHaveText('1 / 8');
    const previous = lightbox.getByRole('button', { name: 'Previous image' });
    const next = lightbox.getByRole('button', { name: 'Next image' });
    expect(await centreX(previous)).toBeGreaterThan(await centreX(next));
    expect(await scaleX(next.locator('svg'))).toBe(-1);
    // The counter at the start of the reading direction: top right.
    expect(await centreX(counter)).toBeGreaterThan(600);
    await page.keyboard.press('ArrowLeft');
    await expect(counter).toHaveText('2 / 8');
    await page.waitForTimeout(250); // the arrow keys are throttled at 200 ms
    await page.keyboard.press('ArrowRight');
    await expect(counter).toHaveText('1 / 8');
    await page.mouse.click(300, 450);
    await expect(counter).toHaveText('2 / 8');
  });

  test('menu tabs: Left goes to the next tab', async ({ page }) => {
    await openRightToLeft(page, '/blocks');
    const tabs = page.locator('#block-menu').getByRole('tab');
    await tabs.first().focus();
    await page.keyboard.press('ArrowLeft');
    await expect(tabs.nth(1)).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(tabs.first()).toBeFocused();
  });
});
