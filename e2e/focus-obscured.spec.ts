/**
 * WCAG 2.4.11 Focus not obscured: a keyboard user tabbing down a phone's page with the cookie
 * banner up and the bottom stack (badge, mobile information bar) showing always sees the element
 * that has focus; the browser scrolls it clear of what the runtime fixes to the screen's foot,
 * and a banner at the screen's top moves to its foot when focus lands on what it covers.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, runtimeReady, test } from './fixtures';

const COVERS = '.site-cookie-banner, .site-bottom-stack';

/** Tabs down the page until focus reaches the banner; names each focused element a cover overlaps. */
async function tabDownThePage(page: Page): Promise<{ visited: number; hidden: string[] }> {
  const hidden: string[] = [];
  let visited = 0;
  for (let step = 0; step < 60; step++) {
    await page.keyboard.press('Tab');
    const focus = await page.evaluate((covers) => {
      const element = document.activeElement as HTMLElement;
      // On to the banner itself, or past the page's last element (to the browser's own UI): the page is done.
      if (element.closest(covers) || element === document.body) return null;
      const box = element.getBoundingClientRect();
      const over = [...document.querySelectorAll(covers)]
        .map((cover) => cover.getBoundingClientRect())
        .filter((cover) => box.left < cover.right && cover.left < box.right && box.top < cover.bottom && cover.top < box.bottom);
      return { name: `${element.tagName.toLowerCase()} ${element.textContent?.trim().slice(0, 30)}`, top: box.top, bottom: box.bottom, over: over.map((cover) => `${Math.round(cover.top)}–${Math.round(cover.bottom)}`) };
    }, COVERS);
    if (!focus) break;
    visited++;
    if (focus.over.length) hidden.push(`${focus.name} (${Math.round(focus.top)}–${Math.round(focus.bottom)}) under ${focus.over.join(', ')}`);
  }
  return { visited, hidden };
}

/** Once the runtime is ready: the cookie banner up and the bottom stack slid in; the banner. */
async function coversShown(page: Page): Promise<Locator> {
  await runtimeReady(page);
  const banner = page.getByRole('region', { name: 'Cookie banner' });
  await expect(banner).toBeVisible();
  await expect(page.locator('.site-mobile-info-bar')).toBeVisible();
  await page.waitForTimeout(400); // the stack slides in
  return banner;
}

/** Tabs down the whole page: every element that takes focus (more than `atLeast`) is in sight. */
async function everyFocusInSight(page: Page, atLeast = 15): Promise<void> {
  const { visited, hidden } = await tabDownThePage(page);
  expect(visited).toBeGreaterThan(atLeast);
  expect(hidden).toEqual([]);
}

test.describe('with the cookie banner and the bottom stack on a phone', () => {
  test.use({ consented: false, viewport: { width: 390, height: 640 }, isMobile: true, hasTouch: true });

  test('every element that takes focus on the way down the page is in sight, above the banner and the stack', async ({ page, consoleErrors }) => {
    await page.goto('/announcements');
    const banner = await coversShown(page);
    await everyFocusInSight(page);

    // The banner answered and gone, the page keeps only the stack's share of the padding.
    const padding = () => page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).scrollPaddingBottom) || 0);
    const withBanner = await padding();
    await banner.getByRole('button', { name: 'Accept cookies' }).click();
    await expect(banner).toHaveCount(0);
    const stackHeight = await page.locator('.site-bottom-stack').evaluate((stack) => (stack as HTMLElement).offsetHeight);
    expect(withBanner).toBeGreaterThan(stackHeight + 100);
    await expect.poll(padding).toBe(stackHeight);
    expect(consoleErrors).toEqual([]);
  });

  // At scroll 0 a banner at the top covers the header's links and the skip link: no scrolling reveals them.
  for (const [name, path, position, force] of [
    ['the popup in the top right corner the server rendered', '/cookies-popup', 'top-right', null],
    ['a bar at the top (a preview)', '/faq', 'top', { cookieBannerVariant: 'BAR', cookieBannerPosition: 'TOP' }],
  ] as const) {
    test(`${name} moves to the screen's foot when focus lands on what it covers, not before`, async ({ page, consoleErrors }) => {
      await page.goto(path);
      await runtimeReady(page);
      if (force) await page.evaluate((detail) => document.dispatchEvent(new CustomEvent('cookieBanner:force', { detail })), force);
      const banner = page.getByRole('region', { name: 'Cookie banner' });
      await expect(banner).toHaveClass(new RegExp(`site-cookie-banner-${position}\\b`));
      const header = await page.getByRole('link', { name: 'Home' }).boundingBox();
      const top = await banner.boundingBox();
      expect(header!.y).toBeLessThan(top!.y + top!.height); // the page's first links are under it

      // Reading and scrolling move nothing: no shift that no key asked for.
      await page.mouse.wheel(0, 300);
      await page.waitForTimeout(300);
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(banner).toHaveClass(new RegExp(`site-cookie-banner-${position}\\b`));
      await expect(page.locator('.site-screen-foot-room')).toHaveCount(0);

      await everyFocusInSight(page, 10);
      await expect(banner).toHaveClass(new RegExp(`site-cookie-banner-${position.replace('top', 'bottom')}\\b`));
      const foot = await banner.boundingBox();
      expect(foot!.y + foot!.height).toBeGreaterThan(600); // at the foot of the 640 px screen
      await expect(page.locator('.site-screen-foot-room')).toHaveCount(1);
      expect(consoleErrors).toEqual([]);
    });
  }
});

/** /announcements on a theme that fixes html and body to the screen and scrolls its page in #box (`style`); the box's last line is a link. */
async function goInABox(page: Page, style: string): Promise<void> {
  await page.route('**/announcements-in-a-box', async (route) => {
    const response = await route.fetch({ url: route.request().url().replace('announcements-in-a-box', 'announcements') });
    const html = (await response.text())
      .replace('</head>', `<style>html,body{height:100%;overflow:hidden;margin:0} ${style}</style></head>`)
      .replace(/<body([^>]*)>/, '<body$1><div id="box">')
      .replace('</body>', '<p style="margin:0"><a href="#">Back to the top</a></p></div></body>');
    await route.fulfill({ response, body: html });
  });
  await page.goto('/announcements-in-a-box');
}

/** Scrolls #box to its end; the bottom of its last line. */
const boxEnd = (page: Page) =>
  page.evaluate(() => {
    const box = document.getElementById('box')!;
    box.scrollTop = box.scrollHeight;
    return box.querySelector('p:last-child a')!.getBoundingClientRect().bottom;
  });

test.describe('a theme that scrolls its page in a box of its own, on a phone', () => {
  test.use({ viewport: { width: 390, height: 640 }, isMobile: true, hasTouch: true });

  // html and body fixed to the screen and a wrapper of the whole page scrolling (an app-like theme, a CSS-only parallax theme's): it fills a flex body, is as tall as the screen, or is fixed over it. One keeps room of its own at its foot (for a footer the theme fixes there).
  for (const [name, style, themePadding] of [
    ['fills a flex body', 'body{display:flex;flex-direction:column} #box{flex:1;min-height:0;overflow-y:auto}', 0],
    ['is as tall as the screen', '#box{height:100vh;overflow-y:auto;scroll-padding-bottom:24px}', 24],
    ['is fixed over the screen', '#box{position:fixed;inset:0;overflow-y:auto;perspective:1px}', 0],
  ] as const) test(`a box that ${name} ends with the stack's room: its last line scrolls clear of the stack, and every element that takes focus is in sight`, async ({ page, consoleErrors }) => {
    await goInABox(page, style);
    await runtimeReady(page);
    const stack = page.locator('.site-bottom-stack');
    await expect(page.locator('.site-mobile-info-bar')).toBeVisible();
    await page.waitForTimeout(400); // the stack slides in
    // Before: the last links stayed under the stack.
    await everyFocusInSight(page);
    // Scrolled to its end, the box shows its last line above the stack.
    expect(await boxEnd(page)).toBeLessThanOrEqual((await stack.boundingBox())!.y + 1);
    // The stack's height is added to the theme's own padding, not put in its place.
    const padding = await page.locator('#box').evaluate((box) => parseFloat(getComputedStyle(box).scrollPaddingBottom));
    expect(padding).toBeCloseTo(themePadding + (await stack.boundingBox())!.height, 0);
    expect(consoleErrors).toEqual([]);
  });

  test.describe('with the cookie banner up', () => {
    test.use({ consented: false });

    for (const [name, style] of [
      ['as tall as the screen', '#box{height:100vh;overflow-y:auto}'],
      ['fixed over the screen', '#box{position:fixed;inset:0;overflow-y:auto}'],
    ] as const) test(`a box ${name}: every element that takes focus is in sight above the banner, and the box's last line scrolls clear of it`, async ({ page, consoleErrors }) => {
      await goInABox(page, style);
      const banner = await coversShown(page);
      await everyFocusInSight(page);
      expect(await boxEnd(page)).toBeLessThanOrEqual((await banner.boundingBox())!.y + 1);
      // Answered, the banner takes its room and padding with it; the stack's stay.
      await banner.getByRole('button', { name: 'Accept cookies' }).click();
      await expect(banner).toHaveCount(0);
      const stack = page.locator('.site-bottom-stack');
      expect(await page.locator('#box').evaluate((box) => parseFloat(getComputedStyle(box).scrollPaddingBottom))).toBeCloseTo((await stack.boundingBox())!.height, 0);
      expect(await boxEnd(page)).toBeLessThanOrEqual((await stack.boundingBox())!.y + 1);
      expect(consoleErrors).toEqual([]);
    });
  });
});
