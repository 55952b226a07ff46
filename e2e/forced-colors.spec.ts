/**
 * Forced colours (Windows' contrast themes, `forced-colors: active`): the browser paints every
 * fill in the theme's one background colour and drops every shadow. What the runtime lays over
 * the page (the cookie banner, the bars and badge, dialogs) must then draw its own edge, or its
 * text reads as the page's and the page it covers vanishes without a sign; and a colour key
 * (the chart's legend) must keep the colours it is a key to.
 */
import type { Locator } from '@playwright/test';
import { api, expect, OWNER, runtimeReady, test } from './fixtures';

test.use({ forcedColors: 'active', colorScheme: 'dark', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

type Side = 'top' | 'right' | 'bottom' | 'left';
const ALL_SIDES: Side[] = ['top', 'right', 'bottom', 'left'];

/** The sides on which an element draws a line in a colour other than its own fill: a border, or an outline (all round). */
const edges = (surface: Locator): Promise<Side[]> =>
  surface.evaluate((element, sides) => {
    const style = getComputedStyle(element);
    const visible = (lineStyle: string, width: string, color: string) =>
      lineStyle !== 'none' && lineStyle !== 'hidden' && parseFloat(width) >= 1 && color !== style.backgroundColor && !/^rgba\(.*, 0\)$|^transparent$/.test(color);
    if (visible(style.outlineStyle, style.outlineWidth, style.outlineColor)) return sides;
    return sides.filter((side) => visible(style.getPropertyValue(`border-${side}-style`), style.getPropertyValue(`border-${side}-width`), style.getPropertyValue(`border-${side}-color`)));
  }, ALL_SIDES);

test.describe('a visitor the cookie banner asks', () => {
  test.use({ consented: false });

  test('the banner has an edge where it meets the page, as a bar at the foot and as a popup in a corner', async ({ page }) => {
    await page.goto('/');
    await runtimeReady(page);
    const banner = page.getByRole('region', { name: 'Cookie banner' });
    await expect(banner).toBeVisible();
    expect(await page.evaluate(() => matchMedia('(forced-colors: active)').matches)).toBe(true);
    expect(await edges(banner)).toContain('top');

    await page.goto('/cookies-popup');
    await runtimeReady(page);
    await expect(banner).toBeVisible();
    expect(await edges(banner)).toEqual(ALL_SIDES);
  });
});

test('the bars and the badge each have an edge where they meet the page', async ({ page }) => {
  await page.goto('/announcements');
  await runtimeReady(page);
  const announcement = page.getByRole('complementary', { name: 'Announcement' });
  await expect(announcement).toBeVisible();
  expect(await edges(announcement)).toContain('bottom');
  // At the foot of a phone's screen, over the page as it scrolls by.
  for (const name of ['Licensed images', 'Contact information']) {
    const bar = page.getByRole('complementary', { name });
    await expect(bar).toBeVisible();
    expect(await edges(bar), name).toContain('top');
  }
  const badge = page.getByRole('complementary', { name: 'Badge' });
  await expect(badge).toBeVisible();
  expect(await edges(badge)).toEqual(ALL_SIDES);
});

test("dialogs have an edge all round: the runtime's own and a product's quick view", async ({ page }) => {
  await page.goto('/blocks');
  await runtimeReady(page);
  await page.getByRole('button', { name: 'Quick view: Harbour print' }).click();
  const quickView = page.getByRole('dialog', { name: 'Harbour print' });
  await expect(quickView).toBeVisible();
  expect(await edges(quickView)).toEqual(ALL_SIDES);
  await page.keyboard.press('Escape');
  await expect(quickView).toBeHidden();

  await page.evaluate(() => void window.SiteRuntime!.dialog.alert({ title: 'Saved', message: 'Your changes are saved.' }));
  const alert = page.getByRole('dialog', { name: 'Saved' });
  await expect(alert).toBeVisible();
  expect(await edges(page.locator('.site-modal'))).toEqual(ALL_SIDES);
});

test("a chart's legend keeps the colour of each series, as its bars do", async ({ page }) => {
  await page.goto('/blocks');
  await runtimeReady(page);
  const chart = page.locator('[data-block-type="chart"] figure').filter({ has: page.locator('.chart-legend') }).first();
  await chart.scrollIntoViewIfNeeded();
  const { keys, bars, page: background } = await chart.evaluate((figure) => ({
    keys: [...figure.querySelectorAll('.chart-legend li > span')].map((swatch) => getComputedStyle(swatch).backgroundColor),
    // The bars' colours in the order of their series (each series draws its bars in its own colour).
    bars: [...new Set([...figure.querySelectorAll('svg rect')].map((bar) => getComputedStyle(bar).fill))].filter((fill) => fill !== 'none'),
    page: getComputedStyle(document.body).backgroundColor,
  }));
  expect(keys.length).toBeGreaterThan(1);
  expect(new Set(keys).size).toBe(keys.length);
  expect(keys).not.toContain(background);
  expect(bars).toEqual(expect.arrayContaining(keys));
});

test("the owner's performance chart keeps a colour per metric in its legend, as its lines do; the panel's chosen tab and the pressed preview size stand out", async ({ page }) => {
  await page.goto('/plain');
  await runtimeReady(page);
  const metrics = { lcp: 1500, fcp: 900, ttfb: 300 };
  const stored = await api(page, 'POST', '/api/1/performance/records', [{ app: 'site', event: 'pageSpeed', pageLoadId: `forced-${Date.now()}`, timestamp: Date.now(), data: { pathname: '/plain', metrics } }]);
  expect(stored.ok()).toBe(true);
  expect((await api(page, 'POST', '/api/auth/Login', OWNER)).ok()).toBe(true);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/config/?frameUrl=/plain');
  const markers = page.locator('#config-panel .u-legend .u-series:not(:first-child) .u-marker');
  await expect(markers).toHaveCount(Object.keys(metrics).length);
  const colours = await markers.evaluateAll((found) => found.map((marker) => getComputedStyle(marker).borderTopColor));
  expect(new Set(colours).size).toBe(colours.length);
  // The panel's chosen tab stands out from the others.
  const tabs = page.locator('#config-panel [role="tab"]');
  const fills = await tabs.evaluateAll((found) => found.map((tab) => [tab.getAttribute('aria-selected'), getComputedStyle(tab).backgroundColor]));
  const chosen = fills.filter(([selected]) => selected === 'true').map(([, fill]) => fill);
  const others = fills.filter(([selected]) => selected !== 'true').map(([, fill]) => fill);
  expect([chosen.length, others.length > 0]).toEqual([1, true]);
  expect(others).not.toContain(chosen[0]);
  // So does the preview size that is pressed.
  const sizes = page.getByRole('group', { name: 'Preview size' }).getByRole('button');
  const sizeFills = await sizes.evaluateAll((found) => found.map((size) => [size.getAttribute('aria-pressed'), getComputedStyle(size).backgroundColor]));
  const pressed = sizeFills.filter(([state]) => state === 'true').map(([, fill]) => fill);
  expect(pressed).toHaveLength(1);
  expect(sizeFills.filter(([state]) => state !== 'true').map(([, fill]) => fill)).not.toContain(pressed[0]);
});
