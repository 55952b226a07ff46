/**
 * Every demo page on a phone and a desktop, with the runtime's chunks and language files held until the page
 * has painted (as on a slow network): what the runtime brings arrives in a
 * painted page, and nothing in it moves. The room blocks need is held by runtime.css and the
 * demo theme (docs/theming.md "Keeping the page still while blocks mount").
 */
import { readdirSync } from 'node:fs';
import { animationsSettled, expect, holdRuntimeUntilPainted, layoutShifted, runtimeReady, test, watchLayoutShifts, watchNetwork } from './fixtures';

// The pages a visitor reaches; /gallery without its autoplay (its slides move, as asked).
const PAGES = readdirSync('examples')
  .filter((file) => file.endsWith('.html'))
  .map((file) => (file === 'index.html' ? '/' : `/${file.slice(0, -'.html'.length)}`))
  .map((path) => (path === '/gallery' ? '/gallery?nomotion=true' : path))
  // And pages the server makes: checkout without a cart, a donation, a review request that is not open.
  .concat(['/commerce/goto-checkout', '/checkout/donate?donatePageId=studio-fund&amount=2500', '/commerce/reviews?token=no-such-request-0000']);

for (const [width, height, phone] of [[390, 844, true], [1280, 800, false]] as const) for (const consented of [true, false]) {
  test.describe(`${consented ? 'a visitor who accepted cookies' : 'a visitor the cookie banner asks'}, at ${width} px`, () => {
    test.use({ consented, viewport: { width, height }, isMobile: phone, hasTouch: phone });
    for (const path of PAGES) {
      test(`${path}: nothing moves as the runtime arrives, and nothing is wider than the screen`, async ({ page }) => {
        await watchLayoutShifts(page);
        await holdRuntimeUntilPainted(page);
        const network = watchNetwork(page);
        await page.goto(path);
        await runtimeReady(page);
        // What blocks fetch once mounted (a summary's items, a chart's data) lands too.
        await network.quiet();
        await animationsSettled(page);
        expect(await layoutShifted(page)).toBe(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      });
    }
  });
}
