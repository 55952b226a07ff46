/**
 * WCAG 1.4.10 Reflow: every demo page, and the pages the server makes, at 320 CSS px (a small
 * phone, or a desktop zoomed to 400 %) with the cookie banner up, read without scrolling
 * sideways. Overflow on a phone also widens the layout viewport, which drags every fixed bar
 * (the banner, the bottom stack) past the screen's edge. axe looks at each page at that size
 * too (targets, contrast and names of what only a phone shows).
 */
import { readdirSync } from 'node:fs';
import { animationsSettled, axeViolations, expect, runtimeReady, test } from './fixtures';

const PAGES = readdirSync('examples')
  .filter((file) => file.endsWith('.html'))
  .map((file) => (file === 'index.html' ? '/' : `/${file.slice(0, -'.html'.length)}`))
  .concat(['/commerce/goto-checkout', '/checkout/donate?donatePageId=studio-fund&amount=2500', '/commerce/reviews?token=no-such-request-0000', '/no-such-page', '/login']);

test.describe('at 320 px, with the cookie banner', () => {
  test.use({ consented: false, viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true });
  for (const path of PAGES) {
    test(`${path}: nothing is wider than the screen, no axe violation`, async ({ page }) => {
      await page.goto(path);
      // The sign-in page is the server's own, without the runtime.
      if (path !== '/login') await runtimeReady(page);
      await page.waitForTimeout(300);
      const wide = await page.evaluate(() =>
        [...document.querySelectorAll('body *')]
          .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 1 && getComputedStyle(element).position !== 'fixed')
          // What a scrolling or clipping box holds (a thumbnail strip, a carousel) widens nothing.
          .filter((element) => {
            for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) if (getComputedStyle(box).overflowX !== 'visible') return false;
            return true;
          })
          .slice(0, 3)
          .map((element) => `${element.tagName.toLowerCase()}.${element.className}: ${element.textContent?.trim().slice(0, 30)}`),
      );
      expect({ scrollWidth: await page.evaluate(() => document.documentElement.scrollWidth), wide }).toEqual({ scrollWidth: 320, wide: [] });
      await animationsSettled(page);
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});
