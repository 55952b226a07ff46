/**
 * XSS probes: hostile values wherever the runtime or the owner app shows or follows something a
 * visitor controls (a gallery's itemId and the hash, hidden-field query values, frameUrl, form
 * values in the owner app, error texts in the system error overlay). None executes.
 */
import type { Page } from '@playwright/test';
import { OWNER, expect, fillContact, runtimeReady, signIn, test } from './fixtures';

const PAYLOADS = [
  '<img src=x onerror="window.__pwned=1">',
  '"><svg onload="window.__pwned=1">',
  '<script>window.__pwned=1</script>',
  "javascript:window.__pwned=1",
];

/** Fails the test if any probe ran: a global it sets, or a dialog it opens. */
async function watchForExecution(page: Page): Promise<() => Promise<void>> {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return async () => {
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
  };
}

async function openConfigAsOwner(page: Page) {
  await signIn(page, OWNER);
  await page.goto('/config/?frameUrl=%2Fplain');
}

test('gallery itemId and hash values are data, never markup', async ({ page }) => {
  const nothingRan = await watchForExecution(page);
  const slideshowIndex = () => page.evaluate(() => (window.SiteRuntime!.block(document.getElementById('block-slideshow')!) as unknown as { index: number }).index);
  // The probes go where the gallery reads: a real slide's id in the same place selects it.
  await page.goto('/gallery?itemId=photo-3');
  await runtimeReady(page);
  expect(await slideshowIndex()).toBe(2);
  for (const payload of PAYLOADS) {
    await page.goto(`/gallery?itemId=${encodeURIComponent(payload)}#${encodeURIComponent(payload)}`);
    await runtimeReady(page);
    expect(new URL(page.url()).searchParams.get('itemId')).toBe(payload);
    await page.evaluate((hash) => (location.hash = hash), payload);
    await page.waitForTimeout(100);
    // Read, compared with the slides' ids, matched none: the gallery is mounted on its first slide.
    await expect(page.locator('#block-slideshow')).toHaveAttribute('data-block-status', 'mounted');
    expect(await slideshowIndex()).toBe(0);
    await nothingRan();
  }
});

test('hidden-field query values are sent as text and shown as text in the owner app', async ({ page, browser, baseURL }) => {
  const marker = `xss-${Date.now()}`;
  const visitor = await browser.newPage({ baseURL });
  const visitorRan = await watchForExecution(visitor);
  const payload = `${marker}${PAYLOADS[0]}`;
  await visitor.goto(`/contact?utm_campaign=${encodeURIComponent(payload)}`);
  await runtimeReady(visitor);
  await fillContact(visitor, 'probe@example.com', PAYLOADS[2], PAYLOADS[1]);
  await visitor.getByRole('button', { name: 'Send message' }).click();
  await expect(visitor.getByText('Thank you!')).toBeVisible();
  await visitorRan();
  await visitor.close();

  const ownerRan = await watchForExecution(page);
  await openConfigAsOwner(page);
  const submissions = page.locator('#config-panel .config-submissions');
  await expect(submissions).toContainText(payload); // shown as the text it is
  await expect(submissions.locator('img, svg, script')).toHaveCount(0);
  await ownerRan();
});

test('frameUrl values never reach the frame as anything but a same-site path', async ({ page }) => {
  await openConfigAsOwner(page);
  const nothingRan = await watchForExecution(page);
  for (const payload of [...PAYLOADS, 'data:text/html,<script>parent.__pwned=1</script>']) {
    await page.goto(`/config/?frameUrl=${encodeURIComponent(payload)}`);
    await expect(page.locator('iframe')).toHaveAttribute('src', '/');
    await nothingRan();
  }
});

test('server error texts in the system error overlay are text', async ({ page }) => {
  const nothingRan = await watchForExecution(page);
  await page.route('**/api/probe**', (route) => route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ error: PAYLOADS.join(' ') }) }));
  await page.goto('/plain');
  await runtimeReady(page);
  const failure = page.evaluate(() => window.SiteRuntime!.api.request('/api/probe', { method: 'POST' }).catch((e: Error) => e.message));
  const overlay = page.getByRole('alertdialog', { name: 'Something Went Wrong!' });
  await expect(overlay).toBeVisible();
  await expect(overlay).toContainText(PAYLOADS[0]!);
  await expect(overlay.locator('img, svg, script')).toHaveCount(0);
  expect(await failure).toBe(PAYLOADS.join(' '));
  await nothingRan();
});
