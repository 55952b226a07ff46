/**
 * Themes that put a transform, a filter or paint containment on <body> (a GPU hint, a page
 * transition, a tint): each makes the body the box that `position: fixed` is fixed to, so what
 * the runtime fixes to the screen's foot would sit at the page's end instead. The runtime puts
 * it in the top layer, which no ancestor's effect reaches; and, as the cookie banner does, it
 * waits there for a theme's modal dialog to close rather than cover it.
 */
import type { Page } from '@playwright/test';
import { expect, runtimeReady, test, themeRule } from './fixtures';

/** Where the bottom stack is on the screen, and the screen's height. */
const stackBox = (page: Page) =>
  page.evaluate(() => {
    const box = document.querySelector('.site-bottom-stack')!.getBoundingClientRect();
    return { top: Math.round(box.top), bottom: Math.round(box.bottom), screen: innerHeight };
  });

test.use({ viewport: { width: 390, height: 640 }, isMobile: true, hasTouch: true });

for (const rule of ['body { transform: translateZ(0) }', 'body { filter: saturate(1.1) }', 'body { contain: paint }']) {
  test(`${rule}: the badge and the mobile information bar stay at the screen's foot, and the page's end scrolls clear of them`, async ({ page, consoleErrors }) => {
    await themeRule(page, rule);
    await page.goto('/announcements');
    await runtimeReady(page);
    await expect(page.locator('.site-bottom-stack .site-mobile-info-bar')).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.body).transform !== 'none' || getComputedStyle(document.body).filter !== 'none' || getComputedStyle(document.body).contain !== 'none')).toBe(true);
    // Before: the stack sat below the page's last line (top 975 on a 640 px screen), out of sight until the end.
    await expect.poll(() => stackBox(page)).toMatchObject({ bottom: 640 });
    const { top } = await stackBox(page);
    expect(top).toBeGreaterThan(500);
    await page.mouse.wheel(0, 300);
    await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(0);
    expect(await stackBox(page)).toMatchObject({ top, bottom: 640 });
    // At the page's end its last link is above the stack, and takes the tap.
    await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
    const last = page.getByRole('link', { name: 'sign in' });
    await expect.poll(async () => (await last.boundingBox())!.y + (await last.boundingBox())!.height).toBeLessThanOrEqual(top);
    const end = (await last.boundingBox())!;
    expect(await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.textContent, [end.x + end.width / 2, end.y + end.height / 2])).toBe('sign in');
    expect(consoleErrors).toEqual([]);
  });
}

test("with a theme's age gate open as the page loads, the stack waits for it to close: it never covers the gate's button", async ({ page, consoleErrors }) => {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      const gate = document.createElement('dialog');
      gate.style.cssText = 'margin:auto auto 0;width:100%;max-width:none;box-sizing:border-box;padding:24px';
      gate.innerHTML = '<p>Are you 18 or older?</p><form method="dialog"><button>Yes, I am 18</button></form>';
      document.body.append(gate);
      gate.showModal();
    });
  });
  await page.goto('/announcements');
  await runtimeReady(page);
  const stack = page.locator('.site-bottom-stack');
  await expect(stack).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  await expect(stack).toBeHidden();
  const yes = page.getByRole('button', { name: 'Yes, I am 18' });
  const box = (await yes.boundingBox())!;
  expect(await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.textContent, [box.x + box.width / 2, box.y + box.height / 2])).toBe('Yes, I am 18');
  await yes.click();
  await expect(stack).toBeVisible();
  await expect.poll(() => stackBox(page)).toMatchObject({ bottom: 640 });
  await expect(stack.locator('.site-mobile-info-bar')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
