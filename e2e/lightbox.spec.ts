import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, runtimeReady, test, touchSwipe } from './fixtures';

// nomotion=true: the page's autoplaying slideshow (with historyHash) must not write itemId
// into the address while these tests read it.
async function openGrid(page: Page, path = '/gallery?nomotion=true') {
  await page.setViewportSize({ width: 1200, height: 900 });
  await page.goto(path);
  await runtimeReady(page);
}

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Grid' });

/** A phone (touch, 390 px wide unless held sideways) that has accepted cookies, with the grid's lightbox open on its second image. */
async function phoneLightbox(browser: Browser, baseURL: string, height: number, width = 390) {
  const context = await browser.newContext({ baseURL, hasTouch: true, isMobile: true, viewport: { width, height } });
  await context.addCookies([{ name: 'ss_cookieAllowed', value: 'true', url: baseURL }]);
  const page = await context.newPage();
  await page.goto('/gallery?itemId=photo-23');
  await runtimeReady(page);
  await expect(dialog(page)).toBeVisible();
  return { context, page };
}
const counter = (page: Page) => dialog(page).locator('.tl-counter');

test.describe('lightbox', () => {
  test('opens from a grid cell, moves by buttons, keys (throttled) and click zones, and closes with Escape back to the opener', async ({ page, consoleErrors }) => {
    await openGrid(page);
    const cell = page.locator('#block-grid > figure').nth(1);
    // A captioned figure stays a figure: its image is the button that opens the lightbox.
    const opener = cell.locator('img');
    await cell.scrollIntoViewIfNeeded();
    await expect(cell).not.toHaveAttribute('role');
    await expect(opener).toHaveAttribute('role', 'button');
    await expect(opener).toHaveAttribute('aria-haspopup', 'dialog');
    await cell.click();
    await expect(dialog(page)).toBeVisible();
    expect(await dialog(page).evaluate((d) => d.matches(':modal'))).toBe(true);
    await expect(dialog(page).getByRole('button', { name: 'Close' })).toBeFocused();
    await expect(counter(page)).toHaveText('2 / 8');
    await expect(dialog(page).locator('figcaption')).toHaveText('Grid photo 23');
    await expect(dialog(page).locator('img')).toHaveAttribute('alt', 'Demo photo 23');
    // Larger widths than the grid cell: the lightbox asks for the size it shows.
    await expect.poll(() => dialog(page).locator('img').evaluate((img) => Number(/format=(\d+)w/.exec((img as HTMLImageElement).src)?.[1]))).toBeGreaterThanOrEqual(500);
    // The hint fades after 500 ms.
    await expect(dialog(page).locator('.tl-hint')).toHaveClass(/tl-hint--faded/);

    await dialog(page).getByRole('button', { name: 'Next image' }).click();
    await expect(counter(page)).toHaveText('3 / 8');
    await dialog(page).getByRole('button', { name: 'Previous image' }).click();
    await expect(counter(page)).toHaveText('2 / 8');

    // Two arrow presses within 200 ms move once.
    await page.evaluate(() => {
      const d = document.querySelector('dialog')!;
      for (let i = 0; i < 2; i++) d.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    });
    await expect(counter(page)).toHaveText('3 / 8');
    await page.waitForTimeout(250);
    await page.keyboard.press('ArrowLeft');
    await expect(counter(page)).toHaveText('2 / 8');

    // Click zones: 2–98 % of the width; the left half goes back, the right half on.
    await page.mouse.click(1200 * 0.9, 450);
    await expect(counter(page)).toHaveText('3 / 8');
    await page.mouse.click(1200 * 0.1, 120);
    await expect(counter(page)).toHaveText('2 / 8');
    await page.mouse.click(1200 * 0.01, 120);
    await expect(counter(page)).toHaveText('2 / 8');
    await page.mouse.click(1200 * 0.99, 120);
    await expect(counter(page)).toHaveText('2 / 8');

    // Tab goes round the buttons a desktop shows, inside the dialog: the caption's toggle is
    // hidden here, and wrapping to it left focus stuck on Close.
    await dialog(page).getByRole('button', { name: 'Close' }).focus();
    const focused = () => page.evaluate(() => (document.activeElement?.closest('dialog') ? document.activeElement.getAttribute('aria-label') : 'outside'));
    const round: Array<string | null> = [];
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Tab');
      round.push(await focused());
    }
    expect(round).toEqual(['Previous image', 'Next image', 'Close']);
    await page.keyboard.press('Shift+Tab');
    expect(await focused()).toBe('Next image');

    await page.keyboard.press('Escape');
    await expect(dialog(page)).toHaveCount(0);
    await expect(opener).toBeFocused();
    expect(new URL(page.url()).searchParams.get('itemId')).toBeNull();
    expect(consoleErrors).toEqual([]);
  });

  test('writes the current slide into the address and closes on Back', async ({ page }) => {
    await openGrid(page);
    await page.locator('#block-grid > figure').nth(2).click();
    await expect(dialog(page)).toBeVisible();
    await expect.poll(() => new URL(page.url()).searchParams.get('itemId')).toBe('s24');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => new URL(page.url()).searchParams.get('itemId')).toBe('s25');
    await page.goBack();
    await expect(dialog(page)).toHaveCount(0);
    expect(new URL(page.url()).pathname).toBe('/gallery');
    expect(new URL(page.url()).searchParams.get('itemId')).toBeNull();
  });

  test('opens from an itemId in the address', async ({ page }) => {
    await openGrid(page, '/gallery?itemId=photo-26&nomotion=true');
    await expect(dialog(page)).toBeVisible();
    await expect(counter(page)).toHaveText('5 / 8');
  });

  test('opens from a URL hash naming a slide (part 2 §2)', async ({ page }) => {
    await openGrid(page, '/gallery?nomotion=true#s25');
    await expect(dialog(page)).toBeVisible();
    await expect(counter(page)).toHaveText('4 / 8');
  });

  test('closed on another slide than it opened on: focus goes to that slide, and the address names it', async ({ page }) => {
    await openGrid(page);
    const cells = page.locator('#block-grid > figure');
    await cells.nth(1).locator('img').focus();
    await page.keyboard.press('Enter');
    await expect(counter(page)).toHaveText('2 / 8');
    await page.keyboard.press('ArrowRight');
    await expect(counter(page)).toHaveText('3 / 8');
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toHaveCount(0);
    await expect(cells.nth(2).locator('img')).toBeFocused();
    await expect.poll(() => new URL(page.url()).searchParams.get('itemId')).toBe('s24');
  });

  test("on a theme whose <base href> names another host (its CDN), the slideshow and the lightbox write the address on the page's own", async ({ page, baseURL, consoleErrors }) => {
    const cdn = 'https://cdn.example';
    // The CDN holds the theme's files; the page itself stays on the site's host.
    await page.route(`${cdn}/**`, async (route) => route.fulfill({ response: await page.request.get(new URL(new URL(route.request().url()).pathname, baseURL).href) }));
    await page.route((url) => url.origin === new URL(baseURL!).origin && url.pathname === '/gallery', async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['content-security-policy']; // the demo's base-uri 'self' would refuse the theme's base
      await route.fulfill({ response, headers, body: (await response.text()).replace('<head>', `<head><base href="${cdn}/">`) });
    });
    await openGrid(page, '/gallery?itemId=photo-3&nomotion=true');
    expect(await page.evaluate(() => document.baseURI)).toBe(`${cdn}/`);
    await page.locator('#block-slideshow').getByRole('button', { name: 'Next slide' }).click();
    await expect.poll(() => page.url()).toBe(new URL('/gallery?itemId=photo-4&nomotion=true', baseURL).href);
    await page.locator('#block-grid > figure').nth(2).click();
    await expect(dialog(page)).toBeVisible();
    await expect.poll(() => page.url()).toBe(new URL('/gallery?itemId=s24&nomotion=true', baseURL).href);
    await page.goBack();
    await expect(dialog(page)).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  for (const [design, json] of [
    ['stacked', '{"design": "slideshow", "title": "Moving", "lightbox": true, "transition": "fade"}'],
    ['carousel', '{"design": "carousel", "title": "Moving", "slidesPerRow": 2, "lightbox": true}'],
  ] as const)
  for (const [width, height] of [[390, 844], [1280, 800]] as const) {
    test(`in a ${design === 'stacked' ? 'slideshow' : 'carousel'} at ${width} px, each image slide opens from a real button named by its alt`, async ({ page, consoleErrors }) => {
      const slides = [1, 2, 3]
        .map((n) => `<figure data-slide-id="m${n}" data-type="image" data-image-dimensions="1500x1000"><img data-src="/images/demo/${n}-1500x1000.svg" width="1500" height="1000" alt="Harbour ${n}"><figcaption>Slide ${n} <a href="#after">more</a></figcaption></figure>`)
        .join('');
      await page.route('**/moving-lightbox', (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"><link rel="stylesheet" href="/runtime/runtime.css"><script type="module" src="/runtime/site.js"></script></head><body><main><div class="gallery" data-block-type="gallery" data-gallery-design="${design}" data-block-json='${json}'>${slides}</div><p id="after">After</p></main></body></html>`,
        }),
      );
      await page.setViewportSize({ width, height });
      await page.goto('/moving-lightbox');
      await runtimeReady(page);
      const moving = page.getByRole('dialog', { name: 'Moving' });
      const first = page.locator('figure[data-slide-id="m1"]');
      // The slide stays a slide of the carousel pattern; the button in it opens the lightbox.
      await expect(first).toHaveAttribute('aria-roledescription', 'slide');
      await expect(first).not.toHaveAttribute('tabindex');
      const opener = first.getByRole('button', { name: 'Harbour 1' });
      await expect(opener).toHaveAttribute('aria-haspopup', 'dialog');
      // The caption's link stays above the button, reachable by pointer.
      const link = first.getByRole('link', { name: 'more' });
      await link.scrollIntoViewIfNeeded();
      const box = (await link.boundingBox())!;
      expect(await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.textContent, [box.x + box.width / 2, box.y + box.height / 2])).toBe('more');
      // Keyboard: Tab reaches the button; Enter opens; Escape comes back to it.
      for (let tabs = 0; tabs < 6 && !(await opener.evaluate((button) => button === document.activeElement)); tabs++) await page.keyboard.press('Tab');
      await expect(opener).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(moving).toBeVisible();
      await expect(moving.locator('img')).toHaveAttribute('alt', 'Harbour 1');
      await page.keyboard.press('Escape');
      await expect(moving).toHaveCount(0);
      await expect(opener).toBeFocused();
      await page.keyboard.press('Space');
      await expect(moving).toBeVisible();
      await page.keyboard.press('Escape');
      // Gone before the click: a click on the lightbox still fading out opens nothing.
      await expect(moving).toHaveCount(0);
      // A click on the image (the button over it) opens it too.
      const image = (await first.locator('img').boundingBox())!;
      await page.mouse.click(image.x + image.width / 2, image.y + image.height / 3);
      await expect(moving).toBeVisible();
      await page.keyboard.press('Escape');
      // Destroyed, the gallery gives its slides back as they came.
      await page.evaluate(() => window.SiteRuntime!.destroy());
      await expect(page.locator('.tg-opener')).toHaveCount(0);
      expect(consoleErrors).toEqual([]);
    });
  }

  test('the light theme, and an image block opening alone', async ({ page }) => {
    await openGrid(page);
    const hero = page.locator('#block-hero img');
    await hero.scrollIntoViewIfNeeded();
    await hero.focus();
    await page.keyboard.press('Enter');
    const box = page.getByRole('dialog', { name: 'Gallery' });
    await expect(box).toBeVisible();
    await expect(box.getByRole('button', { name: 'Next image' })).toBeHidden();
    await expect(box).toHaveClass(/tl--dark/);
    await box.getByRole('button', { name: 'Close' }).click();
    await expect(box).toHaveCount(0);
    await expect(hero).toBeFocused();
  });

  test('on a phone nothing of the page reads through the backdrop', async ({ browser, baseURL }) => {
    const { context, page } = await phoneLightbox(browser, baseURL!, 844);
    await expect.poll(() => dialog(page).evaluate((d) => d.getAnimations().length)).toBe(0);
    // A band under the counter and Close, where the page's navigation is. Under the dialog's
    // 95 % background alone, the page's links still differed from its background by a few
    // levels (legible on a phone at full brightness); the band must be one colour.
    const band = await sharp(await page.screenshot()).extract({ left: 0, top: 70, width: 390, height: 150 }).raw().toBuffer({ resolveWithObject: true });
    const levels = new Set<string>();
    for (let i = 0; i < band.data.length; i += band.info.channels) levels.add(`${band.data[i]},${band.data[i + 1]},${band.data[i + 2]}`);
    expect([...levels]).toHaveLength(1);
    await context.close();
  });

  for (const [width, height] of [[844, 390], [390, 844]] as const) {
    test(`on a phone held ${width > height ? 'sideways' : 'upright'}, every image of the grid is clear of the buttons`, async ({ browser, baseURL }) => {
      // Held sideways, with the desktop's 100 px padding the square photo was 139 px tall, and 307
      // with room kept under it for a caption that hides behind its toggle on a touch screen.
      // Upright, every photo took the width and reached under Previous and Next.
      const { context, page } = await phoneLightbox(browser, baseURL!, height, width);
      await expect.poll(() => dialog(page).evaluate((d) => d.getAnimations().length)).toBe(0);
      const buttons = ['Close', 'Previous image', 'Next image', 'Caption'].map((name) => dialog(page).getByRole('button', { name, exact: true }));
      const shapes = new Set<string>();
      for (let shown = 0; shown < 8; shown++) {
        const image = dialog(page).locator('img');
        const box = (await image.boundingBox())!;
        shapes.add((await image.getAttribute('data-image-dimensions'))!);
        if (shown === 0 && width > height) expect(box.height).toBeGreaterThan(height - 2 * 16 - 1);
        for (const button of buttons) {
          const at = await button.boundingBox();
          if (!at) continue; // the caption's toggle, for a photo without one
          const apart = at.x + at.width <= box.x || box.x + box.width <= at.x || at.y + at.height <= box.y || box.y + box.height <= at.y;
          expect(apart, `${await button.getAttribute('aria-label')} is clear of image ${shown + 1}`).toBe(true);
        }
        await buttons[2]!.tap();
      }
      // Portrait, landscape, square and wider shapes all had their turn.
      expect(shapes.size).toBeGreaterThanOrEqual(4);
      // A caption of several lines, opened (short words: each line reaches its panel's edges): no button sits on its text.
      await dialog(page).locator('.tl-caption').evaluate((caption) => (caption.textContent = 'a caption of many words '.repeat(30)));
      await buttons[3]!.tap();
      const covered = await dialog(page).evaluate((box) => {
        const range = document.createRange();
        range.selectNodeContents(box.querySelector('.tl-caption')!);
        const lines = [...range.getClientRects()];
        return [...box.querySelectorAll('.tl-btn')]
          .filter((button) => button.getClientRects().length)
          .filter((button) => {
            const at = button.getBoundingClientRect();
            return lines.some((line) => !(line.right <= at.left || at.right <= line.left || line.bottom <= at.top || at.bottom <= line.top));
          })
          .map((button) => button.getAttribute('aria-label'));
      });
      expect(covered).toEqual([]);
      await context.close();
    });
  }

  test('on a phone the caption hides behind a toggle; a swipe moves', async ({ browser, baseURL }) => {
    const { context, page } = await phoneLightbox(browser, baseURL!, 800);
    const caption = dialog(page).locator('figcaption');
    await expect(caption).toBeHidden();
    const toggle = dialog(page).getByRole('button', { name: 'Caption' });
    await toggle.tap();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(caption).toBeVisible();
    await touchSwipe(page, 300, 330, 130);
    await expect(counter(page)).toHaveText('3 / 8');
    // With a keyboard (a tablet's): from Close at the top, Tab takes Previous, the toggle and Next
    // in the order they stand: upright in a row below the image, sideways the toggle under Previous.
    const tabRound = async () => {
      await dialog(page).getByRole('button', { name: 'Close' }).focus();
      const round: Array<{ name: string | null; x: number; y: number }> = [];
      for (let i = 0; i < 3; i++) {
        await page.keyboard.press('Tab');
        round.push(await page.evaluate(() => ({ name: document.activeElement!.getAttribute('aria-label'), ...document.activeElement!.getBoundingClientRect().toJSON() })));
      }
      return round;
    };
    const upright = await tabRound();
    expect(upright.map(({ name }) => name)).toEqual(['Previous image', 'Caption', 'Next image']);
    expect(upright[0]!.x < upright[1]!.x && upright[1]!.x < upright[2]!.x, 'left to right along the row').toBe(true);
    await page.setViewportSize({ width: 800, height: 390 });
    const sideways = await tabRound();
    expect(sideways.map(({ name }) => name)).toEqual(['Previous image', 'Caption', 'Next image']);
    expect(sideways[1]!.x === sideways[0]!.x && sideways[1]!.y > sideways[0]!.y, 'the toggle under Previous').toBe(true);
    await context.close();
  });

  test('pinched in, a drag pans the photo instead of moving to the next; pinched out, it swipes again', async ({ browser, baseURL }) => {
    const { context, page } = await phoneLightbox(browser, baseURL!, 800);
    const cdp = await context.newCDPSession(page);
    const visual = () => page.evaluate(() => ({ scale: visualViewport!.scale, left: Math.round(visualViewport!.offsetLeft) }));
    // A pinch's outcome: the page's scale, as the browser sets it.
    await cdp.send('Emulation.setPageScaleFactor', { pageScaleFactor: 2.5 });
    await expect.poll(async () => (await visual()).scale).toBe(2.5);
    await touchSwipe(page, 300, 330, 130);
    // Before: the stage allowed only vertical panning, so the drag was a swipe to 3 / 8 and the zoomed view stayed at its left edge.
    await expect.poll(async () => (await visual()).left).toBeGreaterThan(100);
    await expect(counter(page)).toHaveText('2 / 8');
    await cdp.send('Emulation.setPageScaleFactor', { pageScaleFactor: 1 });
    await expect.poll(async () => (await visual()).scale).toBe(1);
    await touchSwipe(page, 300, 330, 130);
    await expect(counter(page)).toHaveText('3 / 8');
    await context.close();
  });
});
