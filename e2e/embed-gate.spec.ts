/**
 * The consent gate for third-party embeds: the demo site has a restrictive cookie policy, and a
 * visitor who has not answered the banner yet gets no request to any host but the site's own
 * until they load an embed or allow all of them. At a phone's and a desktop's width.
 */
import type { Page, Request } from '@playwright/test';
import { expect, runtimeReady, test } from './fixtures';

const MAPS_STUB = `
window.google = { maps: {
  Size: class {}, Map: class { constructor(element) { element.dataset.stubMap = 'drawn'; } setCenter() {} },
  Marker: class { addListener() {} setMap() {} },
} };
const callback = new URL(document.currentScript.src).searchParams.get('callback');
setTimeout(() => window[callback](), 0);
`;

/** Every request to another host, and the stand-ins for the providers (nothing leaves the machine). */
async function watchThirdParties(page: Page, baseURL: string): Promise<string[]> {
  const elsewhere: string[] = [];
  const own = new URL(baseURL).host;
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith('http') && url.host !== own) elsewhere.push(url.host);
  });
  await page.route('https://maps.googleapis.com/**', (route) => route.fulfill({ contentType: 'text/javascript', body: MAPS_STUB }));
  await page.route(/^https:\/\/(www\.youtube-nocookie\.com|player\.vimeo\.com)\//, (route) => route.fulfill({ contentType: 'text/html', body: '<title>stub player</title>' }));
  return elsewhere;
}

for (const [width, height] of [[390, 844], [1280, 800]] as const) {
  test.describe(`restrictive policy, no answer yet, at ${width} px`, () => {
    test.use({ consented: false, viewport: { width, height } });

    test('maps wait behind a placeholder; one loads on its own button; "Allow all embeds" loads the rest and answers the banner', async ({ page, baseURL, context, consoleErrors }) => {
      const elsewhere = await watchThirdParties(page, baseURL!);
      await page.goto('/map');
      await runtimeReady(page);
      const maps = page.locator('[data-block-type="map"]');
      await expect(maps).toHaveCount(3);
      const placeholders = page.getByRole('group', { name: 'Google Maps map' });
      await expect(placeholders).toHaveCount(3);
      await expect(placeholders.first()).toContainText('This map comes from Google Maps. Loading it sends Google Maps your IP address and browser details, and Google Maps may set cookies.');
      await page.waitForLoadState('networkidle');
      expect(elsewhere).toEqual([]);

      // One map, now: the others keep waiting, and nothing is stored.
      const first = maps.first();
      await first.getByRole('button', { name: 'Load the map' }).click();
      await expect(first).toHaveAttribute('data-map-state', 'loaded');
      expect(elsewhere).toEqual(['maps.googleapis.com']);
      await expect(placeholders).toHaveCount(2);
      expect((await context.cookies()).find((cookie) => cookie.name === 'ss_cookieAllowed')).toBeUndefined();
      await expect(page.getByRole('region', { name: 'Cookie banner' })).toBeVisible();

      // All embeds: the banner's accept, so the banner goes and every map loads, without a reload.
      await maps.nth(1).getByRole('button', { name: 'Allow all embeds' }).click();
      await expect(page.locator('[data-map-state="loaded"]')).toHaveCount(3);
      await expect(placeholders).toHaveCount(0);
      expect((await context.cookies()).find((cookie) => cookie.name === 'ss_cookieAllowed')?.value).toBe('true');
      await expect(page.getByRole('region', { name: 'Cookie banner' })).toHaveCount(0);
      expect(consoleErrors).toEqual([]);
    });

    test('a video plays from its provider only once the visitor loads it; the banner\'s accept loads a waiting one', async ({ page, baseURL }) => {
      const elsewhere = await watchThirdParties(page, baseURL!);
      await page.goto('/media');
      await runtimeReady(page);
      const youtube = page.locator('#block-video-youtube');
      const play = youtube.getByRole('button', { name: 'Play video: Big Buck Bunny' });
      await play.hover(); // no preconnect either
      await play.press('Enter');
      const gate = youtube.getByRole('group', { name: 'YouTube video' });
      await expect(gate).toBeVisible();
      // The keyboard lands on the choice, and the placeholder stays within the poster's box.
      await expect(gate.getByRole('button', { name: 'Load the video' })).toBeFocused();
      const [gateBox, frameBox] = await Promise.all([gate.boundingBox(), youtube.locator('.tv-frame').boundingBox()]);
      expect(gateBox).toEqual(frameBox);
      await page.waitForTimeout(300);
      expect(elsewhere).toEqual([]);
      await expect(page.locator('link[rel="preconnect"]')).toHaveCount(0);

      await page.keyboard.press('Enter');
      await expect(youtube.locator('iframe')).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\//);
      // The frame's request is seen a moment after its src is set.
      await expect.poll(() => elsewhere).toContain('www.youtube-nocookie.com');

      // The Vimeo video waits behind its placeholder until the banner's own accept.
      const vimeo = page.locator('#block-video-vimeo');
      await vimeo.getByRole('button', { name: /^Play video/ }).click();
      await expect(vimeo.getByRole('group', { name: 'Vimeo video' })).toBeVisible();
      await page.getByRole('region', { name: 'Cookie banner' }).getByRole('button', { name: 'Accept cookies' }).click();
      await expect(vimeo.locator('iframe')).toHaveAttribute('src', /^https:\/\/player\.vimeo\.com\//);
    });
  });
}

test.describe('declined', () => {
  test.use({ consented: false });

  test('after declining the placeholder stays and the one-off load still works', async ({ page, baseURL }) => {
    const elsewhere = await watchThirdParties(page, baseURL!);
    await page.goto('/map');
    await runtimeReady(page);
    await page.getByRole('region', { name: 'Cookie banner' }).getByRole('button', { name: 'No thanks' }).click();
    const first = page.locator('[data-block-type="map"]').first();
    await expect(first.getByRole('group', { name: 'Google Maps map' })).toBeVisible();
    expect(elsewhere).toEqual([]);
    await first.getByRole('button', { name: 'Load the map' }).click();
    await expect(first).toHaveAttribute('data-map-state', 'loaded');
  });
});
