import { animationsSettled, expect, holdChunk, layoutShifted, runtimeReady, test, themeRule, touchDrag, watchLayoutShifts } from './fixtures';

const KEYS = { version: 'ss-popup-overlay-version', submitted: 'ss-popup-overlay-submitted', closedAt: 'ss-popup-overlay-closed' };
const DAY = 86_400_000;

test('the popup overlay is a modal dialog: focus in, Escape closes, remembered', async ({ page }) => {
  const census: string[] = [];
  page.on('request', (request) => request.url().includes('/api/census/overlay') && census.push(request.postData() ?? ''));
  await page.goto('/offers');
  const popup = page.getByRole('dialog', { name: 'Get our monthly notes' });
  await expect(popup).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Close' })).toBeFocused();
  await expect(popup.locator('xpath=..')).toHaveCSS('align-items', 'flex-end'); // BOTTOM_RIGHT
  const email = popup.getByRole('textbox', { name: /Email/ });
  await expect(email).toBeVisible(); // the newsletter block inside mounts on its own
  await page.keyboard.press('Tab');
  await expect(email).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(popup).toHaveCount(0);
  const stored = await page.evaluate((keys) => ({ version: localStorage.getItem(keys.version), closed: Number(localStorage.getItem(keys.closedAt)) }), KEYS);
  expect(stored.version).toBe('1');
  expect(Date.now() - stored.closed).toBeLessThan(60_000);
  expect(JSON.parse(census[0]!)).toMatchObject({ event: 'view', websiteId: '5f1e0c0ffee0000000000001' });
  await page.reload();
  await runtimeReady(page);
  await page.waitForTimeout(300);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the popup shows again after displayFrequency days or for a newer version', async ({ page }) => {
  await page.goto('/offers');
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // Seven days and a minute ago:
  await page.evaluate(([keys, ago]) => localStorage.setItem(keys.closedAt, String(Date.now() - ago)), [KEYS, 7 * DAY + 60_000] as const);
  await page.reload();
  await expect(page.getByRole('dialog', { name: 'Get our monthly notes' })).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // Closed just now, but the stored version is older than the site's (1):
  await page.evaluate((keys) => localStorage.setItem(keys.version, '0'), KEYS);
  await page.reload();
  await expect(page.getByRole('dialog', { name: 'Get our monthly notes' })).toBeVisible();
});

test('signing up in the popup hides it for good (showUntilSignup)', async ({ page }) => {
  await page.goto('/offers');
  const popup = page.getByRole('dialog', { name: 'Get our monthly notes' });
  await popup.getByRole('textbox', { name: /Email/ }).fill('popup@example.com');
  await popup.getByRole('button', { name: 'Sign up' }).click();
  await expect(popup.getByText("You're subscribed. Thank you!")).toBeVisible();
  expect(await page.evaluate((keys) => localStorage.getItem(keys.submitted), KEYS)).toBe('true');
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(popup).toHaveCount(0);
  await page.evaluate(([keys, ago]) => localStorage.setItem(keys.closedAt, String(Date.now() - ago)), [KEYS, 30 * DAY] as const);
  await page.reload();
  await runtimeReady(page);
  await page.waitForTimeout(300);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('screenshot mode suppresses the popup overlay', async ({ page }) => {
  await page.goto('/offers?sqsscreenshot=true');
  await runtimeReady(page);
  await page.waitForTimeout(300);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('bars: announcement dismissible for the session, licensed-assets bar and badge', async ({ page }) => {
  // The server renders the bar into the page, so it is there at the first paint; the runtime adopts it.
  const served = await (await page.request.get('/announcements')).text();
  // After the theme's skip link, which stays the first thing a keyboard reaches.
  expect(served).toMatch(/<body>\s*<a class="skip-link" href="#content">Skip to content<\/a>\s*<aside class="site-bar site-announcement-bar" aria-label="Announcement"><div><p>Spring sale: .*<\/div><button type="button" aria-label="Dismiss announcement" disabled>×<\/button><\/aside>/);
  await watchLayoutShifts(page);
  await page.goto('/announcements');
  await runtimeReady(page);
  const announcement = page.getByRole('complementary', { name: 'Announcement' });
  await expect(announcement).toHaveCount(1);
  await expect(announcement).toContainText('Spring sale');
  await expect(announcement.getByRole('button', { name: 'Dismiss announcement' })).toBeEnabled();
  // Nothing moved while the runtime started: no layout shift at all.
  await animationsSettled(page);
  expect(await layoutShifted(page)).toBe(0);
  await expect(page.getByRole('complementary', { name: 'Licensed images' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Badge' })).toHaveText('Made with Tessera');
  await expect(page.getByRole('complementary', { name: 'Contact information' })).toHaveCount(0); // not a phone
  await announcement.getByRole('button', { name: 'Dismiss announcement' }).click();
  await expect(announcement).toHaveCount(0);
  await page.reload();
  await runtimeReady(page);
  await expect(page.getByRole('complementary', { name: 'Licensed images' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Announcement' })).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 800 }, hasTouch: true, isMobile: true });
  test('the mobile information bar shows', async ({ page }) => {
    await page.goto('/announcements');
    await expect(page.getByRole('complementary', { name: 'Contact information' })).toHaveText('Call us: +1 555 0100');
  });

  test("a drag on the popup, around it, or on a product's quick view scrolls nothing behind it; closed, the page scrolls again", async ({ page }) => {
    await themeRule(page, 'body { min-height: 4000px }'); // a page long enough to scroll
    const scrolled = () => page.evaluate(() => Math.round(scrollY));
    /** Drags 250 px up from (195, y), as a thumb reading down the page does. */
    const dragUp = (y: number) => touchDrag(page, [195, y], [195, y - 250]);
    await page.goto('/offers');
    const popup = page.getByRole('dialog', { name: 'Get our monthly notes' });
    await expect(popup).toBeVisible();
    const box = (await popup.boundingBox())!;
    // Before: the page behind moved 420 px with each drag.
    for (const y of [box.y + box.height / 2, 300]) {
      await dragUp(y);
      await page.waitForTimeout(200);
      expect(await scrolled(), `a drag at ${y}`).toBe(0);
    }
    await page.keyboard.press('Escape');
    await expect(popup).toHaveCount(0);

    await page.goto('/blocks');
    await runtimeReady(page);
    await page.getByRole('button', { name: 'Quick view: Harbour print' }).click();
    const quickView = page.getByRole('dialog', { name: 'Harbour print' });
    await expect(quickView).toBeVisible();
    const opened = await scrolled();
    const view = (await quickView.boundingBox())!;
    for (const y of [view.y + view.height / 2, view.y > 400 ? 200 : 700]) {
      await dragUp(y);
      await page.waitForTimeout(200);
      expect(await scrolled(), `a drag at ${y}`).toBe(opened);
    }
    await page.keyboard.press('Escape');
    await expect(quickView).toBeHidden();
    await dragUp(400);
    await expect.poll(scrolled).toBeGreaterThan(opened + 100);
  });
});

for (const [width, height] of [[390, 844], [1280, 800]] as const) {
  test.describe(`a visitor the cookie banner asks, at ${width} px`, () => {
    test.use({ consented: false, viewport: { width, height } });

    test('the popup waits for the banner\'s answer, so the banner stays within reach', async ({ page }) => {
      await page.goto('/offers');
      await runtimeReady(page);
      const banner = page.getByRole('region', { name: 'Cookie banner' });
      await expect(banner).toBeVisible();
      await page.waitForTimeout(1000);
      await expect(page.getByRole('dialog', { name: 'Get our monthly notes' })).toHaveCount(0);
      // Every banner button is what a tap at its centre reaches.
      for (const button of await banner.getByRole('button').all()) {
        const box = (await button.boundingBox())!;
        expect(await button.evaluate((element, [x, y]) => element === document.elementFromPoint(x!, y!) || element.contains(document.elementFromPoint(x!, y!)), [box.x + box.width / 2, box.y + box.height / 2])).toBe(true);
      }
      await banner.getByRole('button', { name: 'No thanks' }).click();
      await expect(page.getByRole('dialog', { name: 'Get our monthly notes' })).toBeVisible();
    });
  });
}

test.describe('the cookie banner asking, on a phone, as the bars arrive after the first paint', () => {
  test.use({ consented: false, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the banner slides up over the stack as it slides in: nothing jumps', async ({ page }) => {
    await watchLayoutShifts(page);
    await holdChunk(page, 'bars');
    await page.goto('/announcements');
    await runtimeReady(page);
    const banner = page.getByRole('region', { name: 'Cookie banner' });
    const contact = page.getByRole('complementary', { name: 'Contact information' });
    await expect(contact).toBeVisible();
    await animationsSettled(page);
    const [bannerBox, stackBox] = [(await banner.boundingBox())!, (await page.locator('.site-bottom-stack').boundingBox())!];
    expect(stackBox.y + stackBox.height).toBeCloseTo(844, 0);
    expect(bannerBox.y + bannerBox.height).toBeCloseTo(stackBox.y, 0);
    expect(await layoutShifted(page)).toBe(0);
  });
});

for (const [width, height, mobile, consented] of [[390, 844, true, true], [1280, 800, false, true], [390, 844, true, false]] as const) {
  test(`fixed bars at ${width} px${consented ? '' : ', the cookie banner asking,'} overlap neither each other nor the end of the page; each can be reached`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, hasTouch: mobile, isMobile: mobile, viewport: { width, height } });
    if (consented) await context.addCookies([{ name: 'ss_cookieAllowed', value: 'true', url: baseURL! }]);
    const page = await context.newPage();
    await page.goto('/announcements');
    await runtimeReady(page);
    const badge = page.getByRole('complementary', { name: 'Badge' });
    await expect(badge).toBeVisible();
    // The licensed-assets bar ends the page; until it is answered the cookie banner covers the
    // end of the page as banners do, but none of the fixed bars: it sits above their stack.
    const bars = [badge, consented ? page.getByRole('complementary', { name: 'Licensed images' }) : page.getByRole('region', { name: 'Cookie banner' })];
    if (mobile) bars.push(page.getByRole('complementary', { name: 'Contact information' }));
    // Scrolled to its end, the page shows every bar whole: a tap at each one's centre reaches it.
    if (mobile) await expect.poll(() => page.evaluate(() => (document.querySelector('.site-screen-foot-room') as HTMLElement | null)?.offsetHeight ?? 0)).toBeGreaterThan(40);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(100);
    await animationsSettled(page);
    const boxes = [];
    for (const bar of bars) {
      const box = (await bar.boundingBox())!;
      boxes.push(box);
      expect(box.y + box.height, (await bar.getAttribute('aria-label')) ?? '').toBeLessThanOrEqual(height + 0.5);
      expect(await bar.evaluate((element, [x, y]) => element.contains(document.elementFromPoint(x!, y!)), [box.x + box.width / 2, box.y + box.height / 2])).toBe(true);
    }
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, b] = [boxes[i]!, boxes[j]!];
        // (Within a pixel: layout rounds.)
        const apart = a.x + a.width <= b.x + 1 || b.x + b.width <= a.x + 1 || a.y + a.height <= b.y + 1 || b.y + b.height <= a.y + 1;
        expect(apart, `${i} and ${j} overlap: ${JSON.stringify([a, b])}`).toBe(true);
      }
    }
    await context.close();
  });
}
