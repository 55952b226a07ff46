import type { Page } from '@playwright/test';
import { expect, galleryIndex as indexOf, gallerySettled as settled, layoutShifted, runtimeReady, stopClockFlow, test, touchSwipe, watchLayoutShifts } from './fixtures';

async function open(page: Page, path = '/gallery') {
  await page.goto(path);
  await runtimeReady(page);
}

test.describe('gallery designs', () => {
  test('every design mounts and lays out as specified', async ({ page, consoleErrors }) => {
    await page.setViewportSize({ width: 1200, height: 900 });
    await open(page);
    const designs = await page.$$eval('[data-block-type="gallery"]', (elements) =>
      elements.map((e) => [e.id, e.getAttribute('data-block-status'), e.getAttribute('data-gallery-design')]),
    );
    expect(designs).toEqual([
      ['block-slideshow', 'mounted', 'stacked'],
      ['block-slider', 'mounted', 'strip'],
      ['block-carousel', 'mounted', 'carousel'],
      ['block-grid', 'mounted', 'grid'],
      ['block-autogrid', 'mounted', 'autogrid'],
      ['block-autorows', 'mounted', 'autorows'],
      ['block-autocolumns', 'mounted', 'autocolumns'],
      ['block-list', 'mounted', 'list'],
      ['block-stacked', 'mounted', 'base'],
      ['block-big-grid', 'mounted', 'grid'],
    ]);

    const boxes = (id: string) =>
      page.$$eval(`#${id} > figure`, (figures) => figures.map((f) => f.getBoundingClientRect()).map((r) => ({ x: Math.round(r.x), y: Math.round(r.y), w: r.width, h: r.height })));
    // Grid: 4 per row, square cells, padding 20 between.
    const grid = await boxes('block-grid');
    expect(new Set(grid.slice(0, 4).map((b) => b.y)).size).toBe(1);
    expect(grid[4]!.y).toBeGreaterThan(grid[0]!.y);
    expect(grid[0]!.w).toBeCloseTo(grid[0]!.h, 0);
    expect(grid[1]!.x - (grid[0]!.x + grid[0]!.w)).toBeCloseTo(20, 0);
    // Auto rows: the cells of a row share one height and fill the width.
    const rows = await boxes('block-autorows');
    const firstRow = rows.filter((b) => b.y === rows[0]!.y);
    expect(firstRow.length).toBeGreaterThan(1);
    for (const cell of firstRow) expect(cell.h).toBeCloseTo(firstRow[0]!.h, 0);
    const width = await page.$eval('#block-autorows', (e) => e.getBoundingClientRect().width);
    const used = firstRow.reduce((sum, b) => sum + b.w, 0) + 8 * (firstRow.length - 1);
    expect(Math.abs(used - width)).toBeLessThan(2);
    // Auto columns: as many 250 px columns as fit (min behaviour).
    const columns = new Set((await boxes('block-autocolumns')).map((b) => b.x)).size;
    expect(columns).toBe(Math.floor((width + 12) / (250 + 12)));
    // List: image and text side by side.
    const [image, text] = await page.$$eval('#block-list > figure:first-child > *', (children) => children.map((c) => c.getBoundingClientRect().x));
    expect(text!).toBeGreaterThan(image!);
    // Carousel: three per row at this width.
    const visible = await page.$$eval('#block-carousel > figure', (figures) => figures.filter((f) => !(f as HTMLElement).inert).length);
    expect(visible).toBe(3);
    expect(consoleErrors).toEqual([]);
  });

  test('the slideshow moves by button, keyboard and touch, and loops', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, hasTouch: true, viewport: { width: 900, height: 900 } });
    await context.addCookies([{ name: 'ss_cookieAllowed', value: 'true', url: baseURL! }]);
    const page = await context.newPage();
    await open(page, '/gallery?nomotion=true');
    const show = page.locator('#block-slideshow');
    await expect(show.locator('figure').first()).toHaveAttribute('aria-label', '1 of 5');
    await show.getByRole('button', { name: 'Next slide' }).click();
    expect(await indexOf(page, 'block-slideshow')).toBe(1);
    await settled(page, 'block-slideshow');
    await page.locator('h1').click();
    await page.keyboard.press('ArrowRight');
    expect(await indexOf(page, 'block-slideshow')).toBe(2);
    await settled(page, 'block-slideshow');
    await page.keyboard.press('ArrowLeft');
    expect(await indexOf(page, 'block-slideshow')).toBe(1);
    await settled(page, 'block-slideshow');

    // A touch swipe to the left.
    const box = (await show.boundingBox())!;
    await touchSwipe(page, box.y + box.height / 2, box.x + box.width * 0.8, box.x + box.width * 0.3);
    await expect.poll(() => indexOf(page, 'block-slideshow')).toBe(2);
    await settled(page, 'block-slideshow');
    // Pinched in, the same drag pans what the visitor zoomed into (the slideshow allowed only vertical panning).
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setPageScaleFactor', { pageScaleFactor: 2 });
    await expect.poll(() => page.evaluate(() => visualViewport!.scale)).toBe(2);
    const zoomedBox = (await show.boundingBox())!;
    await touchSwipe(page, zoomedBox.y + zoomedBox.height / 2, 300, 100);
    await expect.poll(() => page.evaluate(() => visualViewport!.offsetLeft)).toBeGreaterThan(50);
    expect(await indexOf(page, 'block-slideshow')).toBe(2);
    await cdp.send('Emulation.setPageScaleFactor', { pageScaleFactor: 1 });
    await expect.poll(() => page.evaluate(() => visualViewport!.scale)).toBe(1);

    // Loop: previous from the first slide goes to the last.
    await page.evaluate(() => (window.SiteRuntime!.block(document.getElementById('block-slideshow')!) as unknown as { goTo(i: number): boolean }).goTo(0));
    await settled(page, 'block-slideshow');
    await show.getByRole('button', { name: 'Previous slide' }).click();
    expect(await indexOf(page, 'block-slideshow')).toBe(4);
    // Arrow keys typed in a form field do not move the gallery.
    await settled(page, 'block-slideshow');
    await page.evaluate(() => document.body.insertAdjacentHTML('afterbegin', '<input id="probe" aria-label="probe">'));
    await page.locator('#probe').press('ArrowRight');
    expect(await indexOf(page, 'block-slideshow')).toBe(4);
    await context.close();
  });

  test('the carousel moves by group and disables its controls at the first and last group', async ({ page }) => {
    await page.setViewportSize({ width: 1200, height: 900 });
    await open(page);
    const carousel = page.locator('#block-carousel');
    const previous = carousel.getByRole('button', { name: 'Previous slide' });
    const next = carousel.getByRole('button', { name: 'Next slide' });
    await expect(previous).toHaveAttribute('aria-disabled', 'true');
    await expect(previous).toHaveClass(/disabled/);
    await next.click();
    expect(await indexOf(page, 'block-carousel')).toBe(3);
    await page.waitForTimeout(1100);
    // aria-disabled keeps the button focusable and clickable; a click does nothing.
    await next.click({ force: true });
    expect(await indexOf(page, 'block-carousel')).toBe(6);
    await expect(next).toHaveAttribute('aria-disabled', 'true');
    await page.waitForTimeout(1100);
    // aria-disabled keeps the button focusable and clickable; a click does nothing.
    await next.click({ force: true });
    expect(await indexOf(page, 'block-carousel')).toBe(6);
    // Narrower than 480 px: at most two per row, regrouped after the resize settles.
    await page.setViewportSize({ width: 420, height: 900 });
    await expect.poll(() => page.$$eval('#block-carousel > figure', (f) => f.filter((e) => !(e as HTMLElement).inert).length)).toBe(2);
    expect(await indexOf(page, 'block-carousel')).toBe(6);
    // Two per row: slides 7 and 8 show, and the last group (8, 9) is one step away.
    await expect(next).toHaveAttribute('aria-disabled', 'false');
    await next.click();
    expect(await indexOf(page, 'block-carousel')).toBe(7);
  });

  test('the strip aligns the current slide, activates slides by Enter, and keeps far slides out of the tab order', async ({ page }) => {
    await page.setViewportSize({ width: 1200, height: 900 });
    await open(page);
    const strip = page.locator('#block-slider');
    await strip.scrollIntoViewIfNeeded();
    const centre = async () => {
      const current = await strip.locator('figure.is-current').boundingBox();
      const box = await strip.boundingBox();
      return Math.abs(current!.x + current!.width / 2 - (box!.x + box!.width / 2));
    };
    expect(await centre()).toBeLessThan(2);
    const slides = strip.locator('figure');
    // Tab from the current slide to the next, which the container cuts in half under the Next
    // button: the strip shows it whole, clear of the button, and what is current stays.
    await slides.nth(0).focus();
    await page.keyboard.press('Tab');
    await expect(slides.nth(1)).toBeFocused();
    const [slide, box] = [(await slides.nth(1).boundingBox())!, (await strip.boundingBox())!];
    expect(slide.x).toBeGreaterThanOrEqual(box.x);
    expect(slide.x + slide.width).toBeLessThanOrEqual(box.x + box.width);
    expect(await slides.nth(1).evaluate((figure) => {
      const { left, top, width, height } = figure.getBoundingClientRect();
      return figure.contains(document.elementFromPoint(left + width / 2, top + height / 2));
    })).toBe(true);
    expect(await indexOf(page, 'block-slider')).toBe(0);
    await page.keyboard.press('Enter');
    expect(await indexOf(page, 'block-slider')).toBe(1);
    await expect.poll(centre).toBeLessThan(2);
    const outside = await slides.evaluateAll((figures) => figures.filter((f) => (f as HTMLElement).tabIndex === -1 && (f as HTMLElement).inert).length);
    expect(outside).toBeGreaterThan(0);
    // Clicking the current slide goes to the next one (activeSlideClickBehavior default next).
    await slides.nth(1).click();
    expect(await indexOf(page, 'block-slider')).toBe(2);
  });
});

test.describe('gallery behaviour', () => {
  test('itemId selects a slide on load and the current slide is written back', async ({ page }) => {
    await open(page, '/gallery?itemId=photo-3&nomotion=true');
    expect(await indexOf(page, 'block-slideshow')).toBe(2);
    await page.locator('#block-slideshow').getByRole('button', { name: 'Next slide' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('itemId')).toBe('photo-4');
    // A hostile value is only compared, never used: the first slide stays.
    await open(page, '/gallery?itemId=%22%5D%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E');
    expect(await indexOf(page, 'block-slideshow')).toBe(0);
  });

  test('autoplay advances, and pauses while hovered or focused', async ({ page }) => {
    await page.clock.install();
    await page.setViewportSize({ width: 1200, height: 900 });
    await open(page);
    await stopClockFlow(page);
    expect(await indexOf(page, 'block-slideshow')).toBe(0);
    await page.mouse.move(5, 5);
    await page.clock.runFor(4100);
    expect(await indexOf(page, 'block-slideshow')).toBe(1);
    // Fades run on the real clock: let each finish before the fake one moves on.
    await settled(page, 'block-slideshow');
    await page.locator('#block-slideshow figure.is-current').hover();
    await page.clock.runFor(12000);
    expect(await indexOf(page, 'block-slideshow')).toBe(1);
    await page.mouse.move(5, 5);
    await page.clock.runFor(4100);
    expect(await indexOf(page, 'block-slideshow')).toBe(2);
    await settled(page, 'block-slideshow');
    await page.locator('#block-slideshow').getByRole('button', { name: 'Next slide' }).focus();
    await page.mouse.move(5, 5);
    await page.clock.runFor(12000);
    expect(await indexOf(page, 'block-slideshow')).toBe(2);
    // The pause control stops it for good.
    await page.locator('#block-slideshow').getByRole('button', { name: 'Pause slideshow' }).click();
    await page.locator('h1').click();
    await page.clock.runFor(12000);
    expect(await indexOf(page, 'block-slideshow')).toBe(2);
    await expect(page.locator('#block-slideshow').getByRole('button', { name: 'Play slideshow' })).toBeVisible();
  });

  test('autoplay waits while the slideshow is scrolled out of view', async ({ page }) => {
    await page.clock.install();
    await page.setViewportSize({ width: 1200, height: 900 });
    await open(page);
    await stopClockFlow(page);
    await page.mouse.move(5, 5);
    await page.locator('#block-big-grid figure').last().scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('#block-slideshow').evaluate((element) => element.getBoundingClientRect().bottom < 0)).toBe(true);
    // The viewport watcher's notice comes a frame after the scroll: the slideshow says it has
    // paused (a paused slideshow announces its slides again) before the clock runs.
    const live = page.locator('#block-slideshow[aria-live], #block-slideshow [aria-live]').first();
    await expect(live).toHaveAttribute('aria-live', 'polite');
    await page.clock.runFor(12000);
    expect(await indexOf(page, 'block-slideshow')).toBe(0);
    await page.locator('#block-slideshow').scrollIntoViewIfNeeded();
    await page.mouse.move(5, 5);
    await expect(live).toHaveAttribute('aria-live', 'off');
    await page.clock.runFor(4100);
    await expect.poll(() => indexOf(page, 'block-slideshow')).toBe(1);
  });

  test('reduced motion: no autoplay and no pause control', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await open(page);
    await page.clock.runFor(15000);
    expect(await indexOf(page, 'block-slideshow')).toBe(0);
    await expect(page.locator('#block-slideshow').getByRole('button', { name: 'Pause slideshow' })).toHaveCount(0);
  });

  test('nothing shifts while the galleries mount and their images load', async ({ page }) => {
    await page.setViewportSize({ width: 1200, height: 900 });
    await watchLayoutShifts(page);
    await open(page, '/gallery?nomotion=true');
    await page.waitForFunction(() => document.querySelectorAll('#block-slideshow img[data-image-loading]').length === 0);
    await page.waitForTimeout(500);
    expect(await layoutShifted(page)).toBe(0);
  });

  test('images load lazily near the viewport, at a width that fits', async ({ page }) => {
    await page.setViewportSize({ width: 1200, height: 900 });
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/images/demo/')) asked.push(request.url());
    });
    await open(page);
    const bigGrid = (n: number) => asked.filter((url) => new RegExp(`/images/demo/${n}-`).test(url));
    // The first slide's image is asked for (a loaded machine took longer than a fixed 500 ms), at a width.
    await expect.poll(() => asked.some((url) => /\/images\/demo\/1-\d+x\d+\.svg\?format=\d+w/.test(url))).toBe(true);
    // The last images of the 200-image grid are far below: not requested.
    expect(bigGrid(299)).toEqual([]);
    // Grid cells are about 163 px wide: the loader asks for 300w at a pixel ratio of 1.
    await page.locator('#block-grid').scrollIntoViewIfNeeded();
    await expect.poll(() => asked.filter((url) => url.includes('/images/demo/23-')).length).toBeGreaterThan(0);
    expect(asked.find((url) => url.includes('/images/demo/23-'))).toContain('format=300w');
    await page.locator('#block-big-grid figure').last().scrollIntoViewIfNeeded();
    await expect.poll(() => bigGrid(299).length).toBe(1);
    // Asked for is not yet arrived: the image completes, and the loader marks it, a moment later.
    const loaded = () => page.$eval('#block-big-grid figure:last-child img', (img) => (img as HTMLImageElement).complete && !img.hasAttribute('data-image-loading'));
    await expect.poll(loaded).toBe(true);
  });

  test('the image block crops around its focal point and asks for the width it is drawn at', async ({ page }) => {
    await page.setViewportSize({ width: 1200, height: 900 });
    await open(page);
    const img = page.locator('#block-hero img');
    await img.scrollIntoViewIfNeeded();
    // Loaded: a sized source asked for (the loader queues it a task after measuring) and arrived.
    await expect.poll(() => img.evaluate((element) => (element as HTMLImageElement).complete && /format=\d+w/.test((element as HTMLImageElement).currentSrc))).toBe(true);
    await expect(img).not.toHaveAttribute('data-image-loading');
    const { fit, position, src, width } = await img.evaluate((element) => ({
      fit: getComputedStyle(element).objectFit,
      position: getComputedStyle(element).objectPosition,
      src: (element as HTMLImageElement).currentSrc,
      width: element.getBoundingClientRect().width,
    }));
    expect(fit).toBe('cover');
    expect(position).toBe('30% 60%');
    const asked = Number(/format=(\d+)w/.exec(src)?.[1]);
    // The smallest spec width that covers the drawn width at a pixel ratio of 1.
    expect(asked).toBe([100, 300, 500, 750, 1000, 1500, 2500].find((w) => w >= width));
  });
});

test('keyboard alone: every design that moves, the thumbnails and the grid lightbox', async ({ page }) => {
  await page.setViewportSize({ width: 1200, height: 900 });
  await open(page, '/gallery?nomotion=true');
  // Slideshow: a thumbnail by Enter.
  const thumbnails = page.getByRole('button', { name: /^Show slide/ }); // the strip follows the block
  await expect(thumbnails).toHaveCount(5);
  // Tab along the thumbnails: each one it lands on is whole in the strip (one the strip cut
  // moves into view and uncovers the next), and the slideshow stays where it is until Enter.
  await thumbnails.first().focus();
  const reached: string[] = [];
  for (let label = 'Show slide 1'; label.startsWith('Show slide'); label = await page.evaluate(() => document.activeElement!.getAttribute('aria-label') ?? '')) {
    const [thumbnail, strip] = await page.evaluate(() => [document.activeElement!, document.activeElement!.parentElement!].map((element) => element.getBoundingClientRect().toJSON() as DOMRect));
    expect(thumbnail!.left, label).toBeGreaterThanOrEqual(strip!.left);
    expect(thumbnail!.right, label).toBeLessThanOrEqual(strip!.right);
    reached.push(label);
    await page.keyboard.press('Tab');
  }
  expect(reached).toEqual([1, 2, 3, 4, 5].map((n) => `Show slide ${n}`)); // 4 was cut, 5 beyond the strip
  expect(await indexOf(page, 'block-slideshow')).toBe(0);
  await thumbnails.nth(2).focus();
  await page.keyboard.press('Enter');
  expect(await indexOf(page, 'block-slideshow')).toBe(2);
  await settled(page, 'block-slideshow');
  // Slider and carousel (which moves by its group of three): their Next control by Enter and by Space.
  for (const [id, step] of [['block-slider', 1], ['block-carousel', 3]] as const) {
    const next = page.locator(`#${id}`).getByRole('button', { name: 'Next slide' });
    const before = await indexOf(page, id);
    await next.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => indexOf(page, id)).toBe(before + step);
    await settled(page, id);
    await page.keyboard.press('Space');
    await expect.poll(() => indexOf(page, id)).toBe(before + 2 * step);
  }
  // Grid: a cell (the image of its captioned figure) opens the lightbox by Enter; Escape
  // closes it and focus goes to the cell of the image it closed on.
  const cell = page.locator('#block-grid > figure img').first();
  await cell.focus();
  await page.keyboard.press('Enter');
  const lightbox = page.getByRole('dialog', { name: 'Grid' });
  await expect(lightbox).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(lightbox.locator('.tl-counter')).toHaveText('2 / 8');
  await page.keyboard.press('Escape');
  await expect(lightbox).toHaveCount(0);
  await expect(page.locator('#block-grid > figure img').nth(1)).toBeFocused();
});

for (const [width, height] of [[390, 844], [1280, 800]] as const) {
  test(`a slideshow's video slide at ${width} px: the player centred in the slide, the arrows on its middle`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto('/gallery?itemId=demo-video&nomotion=true');
    await runtimeReady(page);
    const slideshow = page.locator('#block-slideshow');
    await slideshow.scrollIntoViewIfNeeded();
    const [slide, frame, next] = await Promise.all([
      slideshow.locator('[data-slide-id="v1"]').boundingBox(),
      slideshow.locator('[data-slide-id="v1"] .tv-frame').boundingBox(),
      slideshow.getByRole('button', { name: 'Next slide' }).boundingBox(),
    ]);
    const middle = (box: { y: number; height: number }) => box.y + box.height / 2;
    expect(Math.abs(middle(frame!) - middle(slide!))).toBeLessThan(2);
    expect(middle(next!)).toBeGreaterThan(frame!.y);
    expect(middle(next!)).toBeLessThan(frame!.y + frame!.height);
    expect(frame!.width / frame!.height).toBeCloseTo(16 / 9, 1);
  });
}
