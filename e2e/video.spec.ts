import type { Page, Route } from '@playwright/test';
import { expect, queryServerDb, runtimeReady, stopClockFlow, test } from './fixtures';

/** The providers are stubbed: the tests never leave the machine. */
async function stubProviders(page: Page): Promise<string[]> {
  const loaded: string[] = [];
  const stub = (route: Route) => {
    loaded.push(route.request().url());
    return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>stub player</title><p>playing</p>' });
  };
  await page.route('https://www.youtube-nocookie.com/**', stub);
  await page.route('https://player.vimeo.com/**', stub);
  await page.route('**/assets/clip.webm', (route) => route.fulfill({ status: 200, contentType: 'video/webm', body: '' }));
  return loaded;
}

test.describe('video block', () => {
  test('a poster and play control; the player only when asked, one at a time, with census and trace events', async ({ page, consoleErrors }) => {
    const loaded = await stubProviders(page);
    await page.goto('/media');
    await runtimeReady(page);
    const youtube = page.locator('#block-video-youtube');
    const vimeo = page.locator('#block-video-vimeo');
    // Without script this was a link; now the link is hidden behind a poster and a button.
    await expect(youtube.getByRole('link')).toBeHidden();
    const play = youtube.getByRole('button', { name: 'Play video: Big Buck Bunny' });
    await expect(play).toBeVisible();
    const ratio = await youtube.locator('.tv-frame').evaluate((f) => f.getBoundingClientRect().width / f.getBoundingClientRect().height);
    expect(ratio).toBeCloseTo(1.7778, 1);
    const auto = await vimeo.locator('.tv-frame').evaluate((f) => f.getBoundingClientRect().height / f.getBoundingClientRect().width);
    expect(auto).toBeCloseTo(0.65, 2);
    expect(loaded).toEqual([]);

    // The pointer nearing the video opens a connection to its provider.
    await play.hover();
    await expect(page.locator('link[rel="preconnect"][href="https://www.youtube-nocookie.com"]')).toHaveCount(1);

    // The fade's length, taken as the player starts: on a loaded machine the 1 s can be over before the checks below.
    await page.evaluate(() =>
      document.addEventListener('tessera:media-play', (event) => {
        const fades = (event.target as Element).querySelector('iframe')!.getAnimations().map((animation) => Number(animation.effect!.getTiming().duration));
        (window as unknown as { fades: number[] }).fades = fades;
      }, { once: true }),
    );
    await play.click();
    const iframe = youtube.locator('iframe');
    await expect(iframe).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1&rel=0');
    await expect(iframe).toHaveAttribute('title', 'Big Buck Bunny');
    await expect.poll(() => loaded.length).toBe(1);
    // The 1 s fade runs (it is skipped under reduced motion, below).
    expect(await page.evaluate(() => (window as unknown as { fades: number[] }).fades)).toEqual([1000]);

    // Keyboard: Enter on another video's play control; the first goes back to its poster.
    await vimeo.getByRole('button', { name: 'Play video: The New Vimeo Player' }).focus();
    await page.keyboard.press('Enter');
    await expect(vimeo.locator('iframe')).toHaveCount(1);
    await expect(youtube.locator('iframe')).toHaveCount(0);
    await expect(play).toBeVisible();

    // Space works too, on the file player.
    await page.locator('#block-video-file').getByRole('button').focus();
    await page.keyboard.press(' ');
    await expect(page.locator('#block-video-file video')).toHaveCount(1);
    await expect(vimeo.locator('iframe')).toHaveCount(0);

    // Census video events, and trace events when the page goes.
    await expect.poll(() => queryServerDb<{ n: number }>("SELECT count(*) AS n FROM census_hits WHERE event = 'video'")[0]!.n, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    // Trace events wait up to 30 s, or leave with the page.
    await page.goto('/plain');
    await expect
      .poll(() => queryServerDb<{ n: number }>("SELECT count(*) AS n FROM trace_events WHERE type = 'video-embed' AND page_url LIKE '%/media'")[0]!.n, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(3);
    const [trace] = queryServerDb<{ data_json: string }>("SELECT data_json FROM trace_events WHERE type = 'video-embed' ORDER BY id LIMIT 1");
    expect(JSON.parse(trace!.data_json)).toMatchObject({ provider: 'YouTube', type: 'iframe' });
    expect(consoleErrors).toEqual([]);
  });

  test('an embed it cannot play says so and keeps its link', async ({ page }) => {
    await page.goto('/media');
    await runtimeReady(page);
    const invalid = page.locator('#block-video-invalid');
    await expect(invalid).toContainText('Invalid video embed.');
    await expect(invalid.getByRole('link', { name: 'Watch on video.example.net' })).toBeVisible();
    await expect(invalid.getByRole('button')).toHaveCount(0);
  });

  test('reduced motion: the player shows without a fade', async ({ page }) => {
    await stubProviders(page);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/media');
    await runtimeReady(page);
    await page.getByRole('button', { name: 'Play video: Big Buck Bunny' }).click();
    const iframe = page.locator('#block-video-youtube iframe');
    await expect(iframe).toHaveCount(1);
    expect(await iframe.evaluate((f) => f.getAnimations().length)).toBe(0);
  });

  test('in a slideshow, a playing video pauses autoplay and leaving the slide stops it', async ({ page }) => {
    await stubProviders(page);
    await page.clock.install();
    await page.setViewportSize({ width: 1200, height: 900 });
    await page.goto('/gallery?itemId=demo-video');
    await runtimeReady(page);
    await stopClockFlow(page);
    const show = page.locator('#block-slideshow');
    const index = () => page.evaluate(() => (window.SiteRuntime!.block(document.getElementById('block-slideshow')!) as unknown as { index: number }).index);
    expect(await index()).toBe(4);
    await show.getByRole('button', { name: 'Play video: Big Buck Bunny' }).click();
    await expect(show.locator('iframe')).toHaveCount(1);
    await page.mouse.move(5, 5);
    await page.clock.runFor(12_000);
    expect(await index()).toBe(4);
    await page.evaluate(() => (window.SiteRuntime!.block(document.getElementById('block-slideshow')!) as unknown as { next(): boolean }).next());
    await expect(show.locator('iframe')).toHaveCount(0);
    // The slide is hidden now (inert), its video back behind the poster.
    await expect(show.locator('#block-slide-video .tv-play')).toBeAttached();
    await expect(show.locator('#block-slide-video .tv-overlay')).not.toHaveAttribute('hidden');
  });
});
