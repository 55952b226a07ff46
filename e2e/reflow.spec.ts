/**
 * WCAG 1.4.10 Reflow: every demo page, and the pages the server makes, at 320 CSS px (a small
 * phone, or a desktop zoomed to 400 %) with the cookie banner up, read without scrolling
 * sideways. Overflow on a phone also widens the layout viewport, which drags every fixed bar
 * (the banner, the bottom stack) past the screen's edge. axe looks at each page at that size
 * too (targets, contrast and names of what only a phone shows). Then WCAG 1.4.12 Text spacing:
 * with the reader's wider lines, letters, words and paragraphs, no text of the runtime's is cut
 * off by its box and still nothing scrolls sideways.
 */
import { readdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { animationsSettled, axeViolations, expect, runtimeReady, test, watchNetwork } from './fixtures';

/** WCAG 1.4.12's figures, as a reader's stylesheet sets them. */
const TEXT_SPACING = '*{line-height:1.5!important;letter-spacing:.12em!important;word-spacing:.16em!important}p{margin-bottom:2em!important}';

/** The runtime's boxes (blocks, its UI, dialogs) whose text their box cuts off (overflow hidden or clip). */
const cutOff = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-block-type] *, [data-block-type], [class*="site-"], [class*="site-"] *, dialog, dialog *')]
      .filter((element) => {
        const style = getComputedStyle(element);
        if (style.display === 'none' || style.visibility === 'hidden' || !element.textContent?.trim()) return false;
        // Hidden for the eye on purpose (a visually hidden label): not cut off.
        if (element.clientWidth <= 1 || style.clipPath === 'inset(50%)') return false;
        const cuts = (overflow: string) => overflow === 'hidden' || overflow === 'clip';
        return (cuts(style.overflowY) && element.scrollHeight > element.clientHeight + 1) || (cuts(style.overflowX) && element.scrollWidth > element.clientWidth + 1);
      })
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}: ${element.textContent!.trim().slice(0, 30)}`),
  );

const PAGES = readdirSync('examples')
  .filter((file) => file.endsWith('.html'))
  .map((file) => (file === 'index.html' ? '/' : `/${file.slice(0, -'.html'.length)}`))
  .concat(['/commerce/goto-checkout', '/checkout/donate?donatePageId=studio-fund&amount=2500', '/commerce/reviews?token=no-such-request-0000', '/no-such-page', '/login', '/login/password']);

test.describe('at 320 px, with the cookie banner', () => {
  test.use({ consented: false, viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true });
  for (const path of PAGES) {
    test(`${path}: nothing is wider than the screen, no axe violation, nothing cut off with wider text spacing`, async ({ page }) => {
      const network = watchNetwork(page);
      await page.goto(path);
      // The sign-in pages are the server's own, without the runtime.
      if (!path.startsWith('/login')) await runtimeReady(page);
      // What blocks fetch once mounted (a summary's items, a chart's data, images) lands first.
      await network.quiet();
      await animationsSettled(page);
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
      expect(await axeViolations(page)).toEqual([]);
      // A phone's browser (iOS Safari) zooms into a field whose text is under 16 px, and stays zoomed.
      const small = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLInputElement>('input:not([type=hidden]):not([type=checkbox]):not([type=radio]), select, textarea')]
          .filter((field) => field.getClientRects().length && parseFloat(getComputedStyle(field).fontSize) < 16)
          .map((field) => `${field.name || field.id}: ${getComputedStyle(field).fontSize}`),
      );
      expect(small).toEqual([]);

      // A box that cuts its content off by design (a slider's strip of slides) does so before too.
      const before = new Set(await cutOff(page));
      await page.addStyleTag({ content: TEXT_SPACING });
      // What redraws for its new size (a chart, on a ResizeObserver) has done so two frames on.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect({ scrollWidth: await page.evaluate(() => document.documentElement.scrollWidth), cutOff: (await cutOff(page)).filter((found) => !before.has(found)) }).toEqual({ scrollWidth: 320, cutOff: [] });
    });
  }

  test("a word longer than the screen in the owner's text (an address) breaks in the banner, the bars, the popup and a lightbox caption, and widens nothing", async ({ page }) => {
    const LONG = 'https://example.com/datenschutzerklaerung-und-cookierichtlinie';
    const rewrite = (path: string, replacements: Array<[string, string]>) =>
      page.route(path, async (route) => {
        let body = await (await route.fetch()).text();
        for (const [from, to] of replacements) {
          expect(body).toContain(from);
          body = body.replaceAll(from, to);
        }
        await route.fulfill({ body, contentType: 'text/html' });
      });
    /** What of `selector` lies beyond the screen's edge or scrolls sideways inside its box. */
    const overflow = (selector: string) =>
      page.locator(selector).evaluateAll((elements) =>
        elements.map((element) => ({ right: Math.round(element.getBoundingClientRect().right) <= 320, inside: element.scrollWidth <= element.clientWidth })),
      );
    const fits = [{ right: true, inside: true }];
    // A theme that lets long words be (the demo's breaks them in its body).
    await page.route('**/assets/site.css', async (route) => {
      const css = await (await route.fetch()).text();
      expect(css).toContain('overflow-wrap: break-word;');
      await route.fulfill({ body: css.replace('overflow-wrap: break-word;', ''), contentType: 'text/css' });
    });

    await rewrite('**/announcements', [
      ['This demo uses cookies to count visits.', `Read ${LONG}.`],
      ['Call us: +1 555 0100', `Call ${LONG}`],
      ['Spring sale:', `${LONG}:`],
    ]);
    await page.goto('/announcements');
    await runtimeReady(page);
    await expect(page.getByRole('region', { name: 'Cookie banner' })).toContainText(LONG);
    await expect(page.locator('.site-mobile-info-bar')).toContainText(LONG);
    await expect(page.locator('.site-announcement-bar')).toContainText(LONG);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(320);
    for (const selector of ['.site-cookie-banner', '.site-cookie-banner-text', '.site-mobile-info-bar', '.site-announcement-bar p']) expect({ selector, found: await overflow(selector) }).toEqual({ selector, found: fits });

    // The popup waits until the banner has its answer.
    await page.getByRole('button', { name: 'Accept cookies' }).click();
    await rewrite('**/offers', [['Get our monthly notes', LONG]]);
    await page.goto('/offers');
    const popup = page.getByRole('dialog', { name: LONG });
    await expect(popup).toBeVisible();
    expect(await overflow('.site-popup-overlay h2')).toEqual(fits);

    await rewrite('**/gallery?itemId=photo-23', [['Grid photo 23', LONG]]);
    await page.goto('/gallery?itemId=photo-23');
    await runtimeReady(page);
    const lightbox = page.getByRole('dialog');
    await lightbox.locator('.tl-toggle').click(); // on a touch screen the caption waits behind its toggle
    await expect(lightbox.locator('.tl-caption')).toContainText(LONG);
    expect(await overflow('.tl-caption')).toEqual(fits);
  });
});
