/**
 * A visitor prints the page. What is for the screen does not go onto paper (a fixed banner or
 * stack would print on every sheet, over the text; a popup would cover the first), and the
 * images the runtime had not loaded yet are asked for as printing starts. Whether the printout
 * waits for them is the browser's: Chromium waits for lazy images it had held back, on a busy
 * machine not always, so the test asks only that every image was asked for.
 */
import type { Page } from '@playwright/test';
import { expect, runtimeReady, test } from './fixtures';

const printed = async (page: Page, run: () => Promise<void>) => {
  await page.emulateMedia({ media: 'print' });
  await run();
  await page.emulateMedia({ media: 'screen' });
};

test.describe('printing', () => {
  test.describe('before consent', () => {
    test.use({ consented: false, viewport: { width: 390, height: 800 }, isMobile: true, hasTouch: true });

    test('the cookie banner, the bottom stack and the announcement’s close button stay on the screen; the announcement and the page print', async ({ page, consoleErrors }) => {
      await page.goto('/announcements');
      await runtimeReady(page);
      const banner = page.getByRole('region', { name: 'Cookie banner' });
      const stack = page.locator('.site-bottom-stack');
      const announcement = page.getByRole('complementary', { name: 'Announcement' });
      await expect(banner).toBeVisible();
      await expect(stack).toBeVisible();
      await expect(announcement.getByRole('button', { name: 'Dismiss announcement' })).toBeVisible();
      await printed(page, async () => {
        await expect(banner).toBeHidden();
        await expect(stack).toBeHidden();
        // The room at the page's end for the banner and for the stack: no blank sheet at the end.
        const rooms = page.locator('.site-screen-foot-room');
        await expect(rooms).toHaveCount(2);
        for (const room of await rooms.all()) await expect(room).toBeHidden();
        await expect(announcement).toContainText('Spring sale');
        await expect(announcement).toBeVisible();
        await expect(announcement.getByRole('button', { name: 'Dismiss announcement' })).toBeHidden();
        await expect(page.locator('h1')).toBeVisible();
      });
      // Back on the screen, everything is where it was: nothing was taken out.
      await expect(banner).toBeVisible();
      await expect(stack).toBeVisible();
      expect(consoleErrors).toEqual([]);
    });
  });

  test('the popup overlay does not print over the page; it is there again on the screen', async ({ page }) => {
    await page.goto('/offers');
    const popup = page.getByRole('dialog', { name: 'Get our monthly notes' });
    await expect(popup).toBeVisible();
    await printed(page, async () => {
      await expect(popup).toBeHidden();
      await expect(page.locator('h1')).toBeVisible();
    });
    await expect(popup).toBeVisible();
  });

  test('blocks print their content without their controls: a slideshow’s arrows, a video’s play button, an open lightbox’s buttons', async ({ page }) => {
    await page.goto('/gallery?itemId=photo-23');
    await runtimeReady(page);
    const lightbox = page.getByRole('dialog');
    await expect(lightbox).toBeVisible();
    const slideshowArrows = page.locator('.tg-controls').first();
    await expect(slideshowArrows).toBeAttached();
    await printed(page, async () => {
      await expect(lightbox.locator('.tl-img')).toBeVisible();
      const buttons = lightbox.locator('button');
      expect(await buttons.count()).toBeGreaterThanOrEqual(3); // Close, Previous, Next (and the caption's toggle)
      for (const button of await buttons.all()) await expect(button).toBeHidden();
      await expect(slideshowArrows).toBeHidden();
    });
    await expect(lightbox.getByRole('button', { name: 'Close' })).toBeVisible();

    await page.goto('/media');
    await runtimeReady(page);
    const play = page.getByRole('button', { name: 'Play video: Big Buck Bunny' });
    await expect(play).toBeVisible();
    await printed(page, async () => {
      await expect(play).toBeHidden();
      await expect(page.locator('#block-video-youtube .tv-poster')).toBeVisible();
    });
  });

  test('printing asks for every gallery image not loaded yet, far below the fold included, as lazy images the browser can wait for', async ({ page, consoleErrors }) => {
    await page.goto('/gallery');
    await runtimeReady(page);
    const images = page.locator('[data-block-type="gallery"] img[data-src]');
    const asked = () => images.evaluateAll((all) => all.filter((img) => img.getAttribute('src') !== null).length);
    const count = await images.count();
    expect(count).toBeGreaterThan(200);
    expect(await asked()).toBeLessThan(count / 4);

    // Printing: the browser sends beforeprint, then lays the page out for paper.
    await page.pdf();
    expect(await asked()).toBe(count);
    const far = images.last();
    await expect(far).toHaveAttribute('src', /format=\d+w$/);
    await expect(far).toHaveAttribute('loading', 'lazy');
    await expect.poll(() => images.evaluateAll((all) => all.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0))).toBe(true);
    expect(consoleErrors).toEqual([]);
  });
});
