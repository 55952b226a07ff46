/**
 * The tests of a worker share one browser context (playwright.config.ts), so that each test does
 * not pay for new renderer processes. What one test leaves must not reach the next: the second
 * test here finds the tab the first one used (its history) and a new visitor in it.
 */
import { expect, runtimeReady, test } from './fixtures';

test.describe.configure({ mode: 'serial' });
test.use({ consented: false });

test('a visitor accepts cookies, stores data and leaves the browser offline at a larger font size', async ({ page, context }) => {
  await page.goto('/faq');
  await runtimeReady(page);
  await page.getByRole('region', { name: 'Cookie banner' }).getByRole('button', { name: 'Accept cookies' }).click();
  await expect.poll(async () => (await context.cookies()).map((cookie) => cookie.name)).toContain('ss_cookieAllowed');
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        localStorage.setItem('left-by-the-first-test', 'local');
        sessionStorage.setItem('left-by-the-first-test', 'session');
        indexedDB.open('left-by-the-first-test').onsuccess = resolve;
      }),
  );
  const cdp = await context.newCDPSession(page);
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: 24, fixed: 13 } });
  await context.setOffline(true);
});

test('the next test in the same tab is a new visitor: no cookie, storage or database, online, default fonts', async ({ page, context, reuseContext }) => {
  test.skip(!reuseContext, 'each test has a context of its own');
  // The tab is the one the first test used: without that, nothing below would be tested.
  expect(await page.evaluate(() => history.length)).toBeGreaterThan(1);
  expect(await context.cookies()).toEqual([]);
  await page.goto('/faq');
  await runtimeReady(page);
  await expect(page.getByRole('region', { name: 'Cookie banner' })).toBeVisible();
  expect(
    await page.evaluate(async () => ({
      local: localStorage.getItem('left-by-the-first-test'),
      session: sessionStorage.getItem('left-by-the-first-test'),
      databases: (await indexedDB.databases()).map((database) => database.name),
      online: navigator.onLine,
      fontSize: getComputedStyle(document.documentElement).fontSize,
    })),
  ).toEqual({ local: null, session: null, databases: [], online: true, fontSize: '16px' });
});
