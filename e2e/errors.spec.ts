import { test, expect, runtimeReady, queryServerDb } from './fixtures';

test('a thrown error is stored, sent with the crumb header', async ({ page }) => {
  await page.goto('/faq');
  await runtimeReady(page);
  const marker = `e2e-thrown-${Date.now()}`;
  const sent = page.waitForRequest((request) => request.url().includes('/api/events/RecordJavascriptErrors') && (request.postData() ?? '').includes(marker));
  await page.evaluate((message) => setTimeout(() => { throw new Error(message); }), marker);
  expect((await sent).headers()['x-csrf-token']).toMatch(/\./);
  await expect.poll(() => queryServerDb<{ n: number }>('SELECT COUNT(*) AS n FROM js_errors WHERE message = ?', marker)[0]!.n, { timeout: 10_000 }).toBe(1);
});

test('a storm of 500 errors stays within the caps', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => request.url().includes('/api/events/RecordJavascriptErrors') && requests.push(request.url()));
  await page.goto('/faq');
  await runtimeReady(page);
  const marker = `storm-${Date.now()}`;
  await page.evaluate((prefix) => {
    for (let i = 0; i < 500; i += 1) setTimeout(() => { throw new Error(`${prefix}-${i % 50}`); });
    for (let i = 0; i < 500; i += 1) setTimeout(() => { throw new Error(`${prefix}-same`); });
  }, marker);
  await page.waitForTimeout(2500);
  await page.goto('/plain');
  const rows = queryServerDb<{ message: string; count: number }>("SELECT message, count FROM js_errors WHERE message LIKE ? ", `${marker}%`);
  expect(rows.length).toBeLessThanOrEqual(10);
  expect(requests.length).toBeLessThanOrEqual(20);
});

test('a page without a website id reports nothing', async ({ page }) => {
  const sent: string[] = [];
  page.on('request', (request) => request.url().includes('/api/events/') && sent.push(request.url()));
  await page.goto('/plain');
  await runtimeReady(page);
  await page.evaluate(() => setTimeout(() => { throw new Error('static page error'); }));
  await page.waitForTimeout(1500);
  expect(sent).toEqual([]);
});
