/**
 * WCAG 2.4.11 Focus not obscured: a keyboard user tabbing down a phone's page with the cookie
 * banner up and the bottom stack (badge, mobile information bar) showing always sees the element
 * that has focus; the browser scrolls it clear of what the runtime fixes to the screen's foot.
 */
import { expect, runtimeReady, test } from './fixtures';

test.describe('with the cookie banner and the bottom stack on a phone', () => {
  test.use({ consented: false, viewport: { width: 390, height: 640 }, isMobile: true, hasTouch: true });

  test('every element that takes focus on the way down the page is in sight, above the banner and the stack', async ({ page, consoleErrors }) => {
    await page.goto('/announcements');
    await runtimeReady(page);
    const banner = page.getByRole('region', { name: 'Cookie banner' });
    await expect(banner).toBeVisible();
    await expect(page.locator('.site-mobile-info-bar')).toBeVisible();
    await page.waitForTimeout(400); // the stack slides in

    const hidden: string[] = [];
    let visited = 0;
    for (let step = 0; step < 60; step++) {
      await page.keyboard.press('Tab');
      const focus = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        if (element.closest('.site-cookie-banner, .site-bottom-stack')) return null;
        const box = element.getBoundingClientRect();
        const covers = [...document.querySelectorAll('.site-cookie-banner, .site-bottom-stack')].map((cover) => cover.getBoundingClientRect().top);
        return { name: `${element.tagName.toLowerCase()} ${element.textContent?.trim().slice(0, 30)}`, bottom: box.bottom, coveredFrom: Math.min(...covers) };
      });
      if (!focus) break; // on to the banner itself: the page is done
      visited++;
      if (focus.bottom > focus.coveredFrom + 1) hidden.push(`${focus.name}: its foot at ${Math.round(focus.bottom)}, covered from ${Math.round(focus.coveredFrom)}`);
    }
    expect(visited).toBeGreaterThan(15);
    expect(hidden).toEqual([]);

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
});
