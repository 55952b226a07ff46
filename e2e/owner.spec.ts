/**
 * The owner's ways in and around the config app: the redirect from the site, Escape and
 * Shift+Escape, the panel and the framed site on a desktop and a phone, device previews.
 * The owner's data (submissions, members, orders, dashboards): owner-data.spec.ts.
 */
import type { Page } from '@playwright/test';
import { test, expect, runtimeReady, axeViolations, queryServerDb, signIn, OWNER, VIEWER } from './fixtures';

/** Waits for the owner chunk to have run on the page (it decides about the redirect). */
async function ownerChunkLoaded(page: Page, path: string) {
  const loaded = page.waitForResponse((r) => /\/runtime\/chunks\/owner-[\w-]+\.js$/.test(r.url()));
  await page.goto(path);
  await loaded;
  await runtimeReady(page);
  // The redirect would have started by now; give it a moment to show.
  await page.waitForTimeout(300);
}

/** Waits for the owner tools to have started in a framed page: their outlines' sheet is adopted. */
async function ownerToolsStarted(page: Page, url: RegExp) {
  // The frame may still be on its way to the page (a loaded machine).
  await expect.poll(() => page.frame({ url }) !== null).toBe(true);
  await page.frame({ url })!.waitForFunction(() => [...document.adoptedStyleSheets].some((sheet) => [...sheet.cssRules].some((rule) => rule.cssText.includes('site-owner-outline'))));
}

test.describe('owner redirect', () => {
  test('an owner goes to /config/ with the frameUrl; noredirect holds for the session', async ({ page }) => {
    await signIn(page, OWNER);
    await page.goto('/faq?x=1&y=%2F');
    await page.waitForURL((url) => url.pathname === '/config/');
    expect(new URL(page.url()).search).toBe(`?frameUrl=${encodeURIComponent('/faq?x=1&y=%2F')}`);
    await expect(page.locator('iframe')).toHaveAttribute('src', '/faq?x=1&y=%2F');

    await ownerChunkLoaded(page, '/faq?noredirect');
    expect(new URL(page.url()).pathname).toBe('/faq');
    await ownerChunkLoaded(page, '/blocks');
    expect(new URL(page.url()).pathname).toBe('/blocks');
  });

  test('a viewer and a developer-mode site are not redirected', async ({ browser, baseURL }) => {
    const viewer = await (await browser.newContext({ baseURL })).newPage();
    await signIn(viewer, VIEWER);
    await ownerChunkLoaded(viewer, '/faq');
    expect(new URL(viewer.url()).pathname).toBe('/faq');
    await viewer.context().close();

    const owner = await (await browser.newContext({ baseURL })).newPage();
    await signIn(owner, OWNER);
    // The same site with developer mode on (a site flag in its context).
    await owner.route('**/faq', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: (await response.text()).replace('"developerMode":false', '"developerMode":true') });
    });
    await ownerChunkLoaded(owner, '/faq');
    expect(await owner.evaluate(() => window.SiteRuntime!.context.website.developerMode)).toBe(true);
    expect(new URL(owner.url()).pathname).toBe('/faq');
    await owner.context().close();
  });

  test('on the front end Escape goes to the config area; Shift+Escape logs out once', async ({ page, context }) => {
    await signIn(page, OWNER);
    await ownerChunkLoaded(page, '/faq?noredirect');
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.pathname === '/config/');
    expect(new URL(page.url()).searchParams.get('frameUrl')).toBe('/faq?noredirect');

    const logouts: string[] = [];
    page.on('request', (r) => r.url().includes('/api/auth/Logout') && logouts.push(r.method()));
    await ownerChunkLoaded(page, '/gallery?noredirect');
    await page.keyboard.press('Shift+Escape');
    await page.keyboard.press('Shift+Escape');
    await page.waitForURL((url) => url.pathname === '/' );
    await expect(page.getByRole('dialog', { name: 'Logout Successful' })).toContainText('You have been successfully logged out');
    expect(logouts).toEqual(['POST']);
    expect((await context.cookies()).some((c) => c.name === 'site_session')).toBe(false);
  });

  test('Escape inside a dialog closes the dialog, not the page', async ({ page }) => {
    await signIn(page, OWNER);
    await ownerChunkLoaded(page, '/faq?noredirect');
    await page.evaluate(() => void window.SiteRuntime!.dialog.confirm({ title: 'Keep me?' }));
    const dialog = page.getByRole('alertdialog', { name: 'Keep me?' }).or(page.getByRole('dialog', { name: 'Keep me?' }));
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect(new URL(page.url()).pathname).toBe('/faq');
  });
});

test.describe('config app', () => {
  test('Escape in the app and in the frame toggles the panel; the guide closes first', async ({ page, context }) => {
    await signIn(page, OWNER);
    await page.goto('/config/?frameUrl=%2Ffaq');
    const toggle = page.getByRole('button', { name: /panel/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('#config-panel')).toBeHidden();
    expect((await context.cookies()).find((c) => c.name === 'frame-expanded')?.value).toBe('false');

    // Inside the framed site: its runtime forwards the key to the app.
    const frame = page.frameLocator('iframe');
    await frame.getByRole('heading', { name: 'FAQ' }).click();
    // The owner chunk's styles go in right after its key forwarding starts; the chunk's download
    // alone raced that start, which takes a turn of its own.
    await ownerToolsStarted(page, /\/faq$/);
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');

    // Mouse tracking: a block under the pointer is outlined and named.
    await frame.locator('[data-block-type="accordion"]').first().hover();
    await expect(frame.locator('[data-block-type="accordion"]').first()).toHaveClass(/site-owner-outline/);
    await expect(frame.locator('.site-owner-label')).toHaveText('accordion');

    await page.getByRole('button', { name: 'Guide' }).click();
    await expect(page.getByRole('dialog', { name: 'Guide' })).toBeVisible();
    await frame.getByRole('heading', { name: 'FAQ' }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Guide' })).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');

    // The address follows the page the owner opens inside the frame.
    await frame.getByRole('link', { name: 'Galleries' }).click();
    await expect(page).toHaveURL(/\/config\/\?frameUrl=%2Fgallery$/);
    // The panel state survives a reload.
    await page.locator('.config-bar h1').click();
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await page.reload();
    await expect(page.getByRole('button', { name: /panel/ })).toHaveAttribute('aria-expanded', 'false');
  });

  test('Shift+Escape in the frame logs out once and lands on the frame URL with logout=true', async ({ page }) => {
    await signIn(page, OWNER);
    await page.goto('/config/?frameUrl=%2Ffaq%3Fq%3D1');
    const logouts: string[] = [];
    page.on('request', (r) => r.url().includes('/api/auth/Logout') && logouts.push(r.method()));
    const frame = page.frameLocator('iframe');
    await frame.getByRole('heading', { name: 'FAQ' }).click();
    // The framed page's owner chunk has started (it forwards the keys, then adds its styles).
    await ownerToolsStarted(page, /\/faq\?q=1$/);
    // Twice, as fast as the keyboard goes: the focus is inside the frame.
    await page.keyboard.press('Shift+Escape');
    await page.keyboard.press('Shift+Escape');
    await page.waitForURL((url) => url.pathname === '/faq');
    await expect(page.getByRole('dialog', { name: 'Logout Successful' })).toContainText('You have been successfully logged out');
    expect(new URL(page.url()).searchParams.get('q')).toBe('1');
    expect(logouts).toEqual(['POST']);
  });

  test('the app fills the window: the panel scrolls on its own, the stage keeps its place with the panel hidden', async ({ page }) => {
    await signIn(page, OWNER);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/config/?frameUrl=%2F');
    const stage = page.locator('.config-stage');
    const box = () => stage.evaluate((e) => { const r = e.getBoundingClientRect(); return { left: r.left, right: r.right, bottom: Math.round(r.bottom) }; });
    await expect(page.getByRole('complementary', { name: 'Config panel' }).getByRole('heading', { name: 'Performance' })).toBeVisible();
    // The document itself never scrolls: the panel's sections are taller than the window (once
    // their data has arrived: on a loaded machine the heading shows before the rest has filled in).
    await expect.poll(() => page.locator('.config-panel').evaluate((e) => e.scrollHeight > e.clientHeight)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(800);
    expect(await box()).toMatchObject({ right: 1280, bottom: 800 });
    await page.getByRole('button', { name: 'Phone', exact: true }).click();
    await page.getByRole('button', { name: 'Hide panel' }).click();
    await expect.poll(box).toEqual({ left: 0, right: 1280, bottom: 800 });
    // The phone-sized frame in the middle of the stage, as tall as it.
    const frame = await page.locator('iframe').evaluate((f) => { const r = f.getBoundingClientRect(); return { left: r.left, width: r.width, bottom: Math.round(r.bottom) }; });
    expect(frame).toEqual({ left: (1280 - 428) / 2, width: 428, bottom: 800 });
  });

  test('on a phone the site and the panel take turns on the whole screen', async ({ page }) => {
    await signIn(page, OWNER);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/config/?frameUrl=%2Ffaq');
    const frame = page.locator('iframe');
    const panel = page.locator('#config-panel');
    const box = (locator: typeof frame) => locator.evaluate((e) => { const r = e.getBoundingClientRect(); return { left: r.left, right: r.right, bottom: Math.round(r.bottom) }; });
    // No remembered state: the page the owner came to, across the screen, the panel one press away.
    await expect(frame).toBeVisible();
    await expect(panel).toBeHidden();
    expect(await box(frame)).toEqual({ left: 0, right: 390, bottom: 844 });
    // The screen is the phone preview: no preview sizes; the bar's buttons share one line.
    await expect(page.getByRole('group', { name: 'Preview size' })).toBeHidden();
    const barButtonTops = () => page.locator('.config-bar-actions button').evaluateAll((buttons) => buttons.map((b) => b.getBoundingClientRect().top));
    expect(new Set(await barButtonTops()).size).toBe(1);

    await page.getByRole('button', { name: 'Show panel' }).click();
    await expect(panel.getByRole('heading', { name: 'Performance' })).toBeVisible();
    await expect(frame).toBeHidden();
    expect(await box(panel)).toEqual({ left: 0, right: 390, bottom: 844 });
    // The guide shows over the open panel.
    await page.getByRole('button', { name: 'Guide' }).click();
    await expect(page.getByRole('dialog', { name: 'Guide' })).toBeInViewport({ ratio: 1 });
    await page.getByRole('button', { name: 'Close guide' }).click();
    // Escape (a keyboard on a tablet) from inside the panel, then from inside the site: focus
    // never stays on what was just hidden, it goes to the toggle.
    await panel.getByRole('tab', { name: 'Insights' }).focus();
    await page.keyboard.press('Escape');
    await expect(frame).toBeVisible();
    await expect(page.getByRole('button', { name: 'Show panel' })).toBeFocused();
    // The framed page forwards the key once its owner tools have started (a loaded CI machine took longer than the steps above).
    await ownerToolsStarted(page, /\/faq$/);
    await page.frameLocator('iframe').getByRole('link', { name: 'FAQ' }).first().focus();
    await page.keyboard.press('Escape');
    await expect(frame).toBeHidden();
    await expect(page.getByRole('button', { name: 'Hide panel' })).toBeFocused();

    // 320 px (WCAG 1.4.10), the panel remembered as open: nothing wider than the screen, no axe violation.
    await page.setViewportSize({ width: 320, height: 700 });
    await page.reload();
    await expect(panel.getByRole('heading', { name: 'Performance' })).toBeVisible();
    expect(new Set(await barButtonTops()).size).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(320);
    expect(await axeViolations(page, '.config-layout')).toEqual([]);
    await page.getByRole('tab', { name: 'Editing' }).click();
    await expect(page.getByRole('heading', { name: 'Announcement bar' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(320);
    // The pages list is a card per page and the dataset grid shares out its columns: neither
    // scrolls sideways; a checkbox's visible label presses it.
    const sideways = (name: string) => page.getByRole('region', { name }).evaluate((e) => e.scrollWidth - e.clientWidth);
    expect(await sideways('Pages table')).toBe(0);
    expect(await sideways('Dataset grid')).toBe(0);
    // Nor does the panel itself, a link editor open (its page list has long names).
    await panel.getByRole('button', { name: /^Edit link:/ }).first().click();
    await expect(panel.getByLabel('Page', { exact: true })).toBeVisible();
    expect(await panel.evaluate((e) => e.scrollWidth - e.clientWidth)).toBe(0);
    const newsRow = page.getByRole('region', { name: 'Pages table' }).getByRole('row').filter({ hasText: '/news' });
    const saved = panel.getByRole('status').filter({ hasText: 'Studio news' });
    await newsRow.getByText('Locked', { exact: true }).click();
    await expect(panel.getByLabel('Lock Studio news')).toBeChecked();
    await expect(saved).toHaveText('Studio news: Available, locked.');
    await newsRow.getByText('Locked', { exact: true }).click();
    await expect(saved).toHaveText('Studio news: Available.');

    // A plan page opens on the plan, the remembered panel aside.
    await page.goto('/settings/billing/billing/website/change-plan');
    await expect(page.locator('.config-plan')).toBeInViewport();
    await expect(panel).toBeHidden();
  });

  test('device previews size the frame; trial links open the plan panel', async ({ page }) => {
    await signIn(page, OWNER);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/config/?frameUrl=%2F');
    for (const [name, width] of [['Phone', 428], ['Tablet', 768]] as const) {
      await page.getByRole('button', { name, exact: true }).click();
      await expect(page.getByRole('button', { name, exact: true })).toHaveAttribute('aria-pressed', 'true');
      await expect.poll(() => page.locator('iframe').evaluate((f) => f.getBoundingClientRect().width)).toBe(width);
    }
    await page.getByRole('button', { name: 'Desktop', exact: true }).click();
    await expect.poll(() => page.locator('iframe').evaluate((f) => f.getBoundingClientRect().width)).toBeGreaterThanOrEqual(1024 - 400);

    await page.getByRole('link', { name: 'Upgrade' }).click();
    await expect(page).toHaveURL(/\/settings\/billing\/billing\/upgrade$/);
    await expect(page.getByRole('heading', { name: 'Upgrade your trial' })).toBeVisible();
    await page.getByRole('radio', { name: /Business/ }).check();
    await page.getByRole('button', { name: 'Choose plan' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Business' })).toHaveText('Your site is now on the Business plan.');
    await expect(page.getByRole('link', { name: 'Upgrade' })).toHaveCount(0);
    expect(queryServerDb<{ value: string }>("SELECT value FROM settings WHERE key = 'plan'")).toEqual([{ value: 'business' }]);
  });
});

test.describe('the config app on a touch phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("every field of the panel keeps 16 px text, so that the phone's browser does not zoom into the app as one is focused", async ({ page }) => {
    await signIn(page, OWNER);
    await page.goto('/config/?frameUrl=%2Ffaq');
    await page.getByRole('button', { name: 'Show panel' }).click();
    const panel = page.locator('#config-panel');
    const fields = panel.locator('input:not([type=hidden], [type=radio], [type=checkbox], [type=file]), select, textarea, [contenteditable="true"]');
    const small = () => fields.evaluateAll((found) => found.filter((field) => parseFloat(getComputedStyle(field).fontSize) < 16).map((field) => field.getAttribute('aria-label') ?? (field as HTMLInputElement).labels?.[0]?.textContent ?? field.outerHTML.slice(0, 60)));
    await expect(panel.getByLabel('Range')).toBeVisible();
    // Before: 15 px (the app's text), 14 px in the tables.
    expect(await small()).toEqual([]);
    await page.getByRole('tab', { name: 'Editing' }).click();
    await expect(panel.getByRole('textbox', { name: 'Announcement text' })).toBeVisible();
    await expect(panel.getByLabel('Column 1 name')).toBeVisible();
    // The tab's editors load one by one: all of them in before the sizes are read.
    await expect.poll(() => fields.count()).toBeGreaterThan(20);
    expect(await small()).toEqual([]);
  });
});
