import type { Page } from '@playwright/test';
import { expect, holdChunk, layoutShifted, runtimeReady, test, watchLayoutShifts } from './fixtures';

/** A stand-in for the maps API, served by route interception: it records what it is given. */
const STUB = `
window.__maps = { maps: [], markers: [] };
window.google = { maps: {
  Size: class { constructor(width, height) { this.width = width; this.height = height; } },
  Map: class { constructor(element, options) { this.element = element; this.options = options; element.dataset.stubMap = 'drawn'; window.__maps.maps.push(this); } setCenter(c) { this.center = c; } },
  Marker: class { constructor(options) { this.options = options; this.listeners = {}; window.__maps.markers.push(this); } addListener(type, fn) { this.listeners[type] = fn; } setMap() {} },
} };
const callback = new URL(document.currentScript.src).searchParams.get('callback');
setTimeout(() => window[callback](), 0);
`;

/** Layout shifts watched, and the map chunk held until the page is on screen (fixtures.ts). */
async function watchShiftsWithLateMount(page: Page): Promise<void> {
  await watchLayoutShifts(page);
  await holdChunk(page, 'map');
}

async function stubMaps(page: Page): Promise<string[]> {
  const asked: string[] = [];
  await page.route('https://maps.googleapis.com/**', (route) => {
    asked.push(route.request().url());
    return route.fulfill({ contentType: 'text/javascript', body: STUB });
  });
  return asked;
}

test.describe('map block', () => {
  test('loads the script once, draws each map with its style and marker, and the marker opens the maps page', async ({ page, consoleErrors }) => {
    const asked = await stubMaps(page);
    await page.goto('/map');
    await runtimeReady(page);
    await expect(page.locator('#block-map-shop')).toHaveAttribute('data-map-state', 'loaded');
    await expect(page.locator('[data-map-state="loaded"]')).toHaveCount(3);
    expect(asked).toHaveLength(1);
    expect(Object.fromEntries(new URL(asked[0]!).searchParams)).toEqual({ v: '3', callback: '__tesseraMapsReady', key: 'demo-maps-key', language: 'en', region: 'US' });

    const drawn = await page.evaluate(() => {
      const maps = (window as unknown as { __maps: { maps: Array<{ element: Element; options: Record<string, unknown> }>; markers: Array<{ options: Record<string, unknown>; listeners: Record<string, unknown> }> } }).__maps;
      return {
        maps: maps.maps.map((m) => ({ block: m.element.closest('[data-block-type]')!.id, ...m.options }) as Record<string, unknown> & { block: string }),
        markers: maps.markers.map((m) => ({ ...m.options, map: undefined, click: typeof m.listeners.click }) as Record<string, unknown>),
      };
    });
    const shop = drawn.maps.find((m) => m.block === 'block-map-shop')!;
    expect(shop).toMatchObject({ center: { lat: 40.7411, lng: -73.9897 }, zoom: 15, mapTypeId: 'roadmap', styles: [{ stylers: [{ saturation: -100 }] }], gestureHandling: 'greedy', disableDefaultUI: true, zoomControl: true });
    expect(drawn.maps.find((m) => m.block === 'block-map-satellite')).toMatchObject({ mapTypeId: 'satellite' });
    const dark = drawn.maps.find((m) => m.block === 'block-map-dark')!;
    expect(dark).toMatchObject({ center: { lat: 40.72, lng: -74 }, zoom: 12, gestureHandling: 'none' });
    expect(JSON.stringify(dark.styles)).toContain('"invert_lightness":true');
    expect(JSON.stringify(dark.styles)).toContain('"elementType":"labels"');
    // Markers come in whatever order the maps mounted: find them by their title.
    const shopMarker = drawn.markers.find((m) => m.title === 'Tessera Shop');
    const darkMarker = drawn.markers.find((m) => m.title === 'Default centre');
    expect(shopMarker).toMatchObject({ position: { lat: 40.7411, lng: -73.9897 }, draggable: false, title: 'Tessera Shop', icon: { scaledSize: { width: 24, height: 32 } }, click: 'function' });
    expect(String((shopMarker!.icon as { url: string }).url)).toMatch(/\/runtime\/map-marker\.svg$/);
    expect(darkMarker!.click).toBe('undefined');

    // Clicking the marker opens the external maps page in a new window.
    await page.context().route('https://maps.google.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>maps</title>' }));
    const popup = page.waitForEvent('popup');
    await page.evaluate(() =>
      (window as unknown as { __maps: { markers: Array<{ options: { title: string }; listeners: { click: () => void } }> } }).__maps.markers.find((m) => m.options.title === 'Tessera Shop')!.listeners.click(),
    );
    const opened = new URL((await popup).url());
    expect(Object.fromEntries(opened.searchParams)).toEqual({ q: '175 Fifth Avenue, New York, NY 10010, United States', ll: '40.7411,-73.9897', z: '15' });

    // The address and link stay under every map.
    await expect(page.locator('#block-map-shop')).toContainText('Tessera Shop, 175 Fifth Avenue, New York, NY 10010, United States');
    await expect(page.locator('#block-map-satellite')).toContainText('51.5007, -0.1246');
    await expect(page.locator('#block-map-shop').getByRole('link', { name: 'Open in Maps' })).toHaveAttribute('target', '_blank');
    expect(consoleErrors).toEqual([]);
  });

  for (const fault of ['internetdisconnected', 'connectionreset', 500, 503] as const) {
    test(`${fault}: the box stays as a plain panel over the address and its Open in Maps link, and nothing moved`, async ({ page, consoleErrors }) => {
      await page.route('https://maps.googleapis.com/**', (route) => (typeof fault === 'number' ? route.fulfill({ status: fault, body: '' }) : route.abort(fault)));
      await watchShiftsWithLateMount(page);
      await page.goto('/map');
      await runtimeReady(page);
      const shop = page.locator('#block-map-shop');
      await expect(shop).toHaveAttribute('data-map-state', 'failed');
      await expect(page.locator('[data-map-state="failed"]')).toHaveCount(3);
      // The panel is no map region any more: the address and its link are the map now.
      await expect(shop.getByRole('region')).toHaveCount(0);
      const panel = shop.locator('.tm-canvas');
      await expect(panel).toHaveCSS('background-image', /map-marker\.svg/);
      const box = (await panel.boundingBox())!;
      expect(Math.abs(box.width / box.height - 16 / 9)).toBeLessThan(0.02);
      expect(await layoutShifted(page)).toBe(0);
      await expect(shop.getByRole('link', { name: 'Open in Maps' })).toHaveAttribute('href', /^https:\/\/maps\.google\.com\/maps\?q=175\+Fifth\+Avenue/);
      expect(consoleErrors.filter((error) => error.startsWith('uncaught'))).toEqual([]);
    });
  }

  test.describe('at a phone\'s width, mounted once the page is on screen', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the map arrives in the room runtime.css held for it: nothing moves', async ({ page }) => {
      await stubMaps(page);
      await watchShiftsWithLateMount(page);
      await page.goto('/map');
      await runtimeReady(page);
      await expect(page.locator('[data-map-state="loaded"]')).toHaveCount(3);
      await expect(page.locator('#block-map-shop .tm-canvas')).toHaveAttribute('data-stub-map', 'drawn');
      expect(await layoutShifted(page)).toBe(0);
    });

    test.describe('restrictive policy, no answer yet', () => {
      test.use({ consented: false });

      test('the consent placeholder fills the map\'s box: nothing moves, and loading the map keeps the box', async ({ page }) => {
        await stubMaps(page);
        await watchShiftsWithLateMount(page);
        await page.goto('/map');
        await runtimeReady(page);
        const shop = page.locator('#block-map-shop');
        const gate = shop.getByRole('group', { name: 'Google Maps map' });
        await expect(gate).toBeVisible();
        const room = (await shop.locator('.tm-canvas').boundingBox())!;
        expect(await gate.boundingBox()).toEqual(room);
        // The whole notice and both buttons can be reached inside the box on a phone.
        await gate.getByRole('button', { name: 'Allow all embeds' }).scrollIntoViewIfNeeded();
        await expect(gate.getByRole('button', { name: 'Allow all embeds' })).toBeInViewport();
        expect(await layoutShifted(page)).toBe(0);
        await gate.getByRole('button', { name: 'Load the map' }).click();
        await expect(shop).toHaveAttribute('data-map-state', 'loaded');
        expect(await shop.locator('.tm-canvas').boundingBox()).toEqual(room);
      });
    });
  });

  test('a script that never answers fails the load after 30 seconds', async ({ page }) => {
    // The installed clock also flows with real time, so the test reads the fake time of each
    // state change rather than counting on how long the page took to load. The observer
    // notes "loading" a little after the timer starts: hence the half second of slack.
    await page.clock.install();
    await page.addInitScript(() => {
      const states: { state: string | null; at: number }[] = [];
      (window as unknown as { __mapStates: typeof states }).__mapStates = states;
      new MutationObserver((records) => {
        for (const record of records) {
          const target = record.target as Element;
          if (target.id === 'block-map-shop') states.push({ state: target.getAttribute('data-map-state'), at: Date.now() });
        }
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-map-state'] });
    });
    // The request is held, never answered.
    await page.route('https://maps.googleapis.com/**', () => undefined);
    await page.goto('/map');
    await runtimeReady(page);
    const shop = page.locator('#block-map-shop');
    await expect(shop).toHaveAttribute('data-map-state', 'loading');
    await page.clock.runFor(31_000);
    await expect(shop).toHaveAttribute('data-map-state', 'failed');
    await expect(page.locator('[data-map-state="failed"]')).toHaveCount(3);
    const states = await page.evaluate(() => (window as unknown as { __mapStates: { state: string; at: number }[] }).__mapStates);
    expect(states.map(({ state }) => state)).toEqual(['loading', 'failed']);
    const waited = (states[1]?.at ?? 0) - (states[0]?.at ?? 0);
    expect(waited).toBeGreaterThan(29_500);
    expect(waited).toBeLessThan(30_500);
  });
});
