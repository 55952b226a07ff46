/**
 * Every demo page on a phone and a desktop, before an answer to the cookie banner on a phone and
 * after it on a desktop, and in the other state too where the answer changes the page; with the runtime's chunks and
 * language files held until the page has painted (as on a slow network): what the runtime brings arrives in a
 * painted page, and nothing in it moves. The room blocks need is held by runtime.css and the
 * demo theme (docs/theming.md "Keeping the page still while blocks mount").
 */
import { readFileSync, readdirSync } from 'node:fs';
import { animationsSettled, expect, holdRuntimeUntilPainted, layoutShifted, runtimeReady, test, watchLayoutShifts, watchNetwork } from './fixtures';

const EXAMPLES = readdirSync('examples').filter((file) => file.endsWith('.html'));
/** The page a demo file is served as; /gallery without its autoplay (its slides move, as asked). */
const pathOf = (file: string) => (file === 'index.html' ? '/' : file === 'gallery.html' ? '/gallery?nomotion=true' : `/${file.slice(0, -'.html'.length)}`);
// The pages a visitor reaches, and pages the server makes: checkout without a cart, a donation, a review request that is not open.
const PAGES = EXAMPLES.map(pathOf)
  .concat(['/commerce/goto-checkout', '/checkout/donate?donatePageId=studio-fund&amount=2500', '/commerce/reviews?token=no-such-request-0000']);
/**
 * The pages an answer to the banner changes: their blocks wait for it before they load a third
 * party's player, map or booking widget (they hold its place meanwhile), or their bars share the
 * screen with the banner. Elsewhere the page under the banner is the page after an answer with
 * the banner on top, so each width checks one of the two.
 */
const CONSENT_GATED = /data-block-type="(video|map|scheduling|reservation)"/;
const ANSWER_CHANGES_PAGE = new Set(
  EXAMPLES.filter((file) => CONSENT_GATED.test(readFileSync(`examples/${file}`, 'utf8')))
    .map(pathOf)
    .concat(['/', '/announcements']),
);
if (!ANSWER_CHANGES_PAGE.has('/media') || !ANSWER_CHANGES_PAGE.has('/map')) throw new Error('CONSENT_GATED no longer finds the demo video and map pages');

for (const [width, height, phone] of [[390, 844, true], [1280, 800, false]] as const) for (const consented of [true, false]) {
  test.describe(`${consented ? 'a visitor who accepted cookies' : 'a visitor the cookie banner asks'}, at ${width} px`, () => {
    test.use({ consented, viewport: { width, height }, isMobile: phone, hasTouch: phone });
    for (const path of PAGES.filter((path) => consented !== phone || ANSWER_CHANGES_PAGE.has(path))) {
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
