/**
 * Faults in a real browser: offline, server errors, 10-second stalls and connection resets for
 * form submission, the data layer, widget rendering and the collectors. The spec's messages
 * show, retries stay bounded, nothing is uncaught, a form can be sent again once the network is
 * back, and queued collector events arrive after reconnecting.
 */
import type { Page } from '@playwright/test';
import { expect, fillContact, hidePage, queryServerDb, runtimeReady, test } from './fixtures';

const SAVE = '**/api/form/SaveFormSubmission**';
const uncaught = (errors: string[]) => errors.filter((error) => error.startsWith('uncaught'));

async function openContactForm(page: Page, message: string) {
  await page.goto('/contact');
  await runtimeReady(page);
  await fillContact(page, 'faults@example.com', message);
}
const send = (page: Page) => page.getByRole('button', { name: 'Send message' }).click();
const storedMessages = (marker: string) =>
  queryServerDb<{ values_json: string }>("SELECT values_json FROM form_submissions WHERE form_id = 'contact'").filter((row) => row.values_json.includes(marker)).length;

test.describe('a form under network faults', () => {
  test('offline: the key call fails with the spec message; back online, the same form is sent once', async ({ page, context, consoleErrors }) => {
    await openContactForm(page, 'fault-offline');
    await context.setOffline(true);
    await send(page);
    await expect(page.getByText('Could not get a form submission key, please try again later.')).toBeVisible();
    await context.setOffline(false);
    await send(page);
    await expect(page.getByText('Thank you!')).toBeVisible();
    expect(storedMessages('fault-offline')).toBe(1);
    expect(uncaught(consoleErrors)).toEqual([]);
  });

  test('503 and a connection reset: one attempt each (a POST is never retried), then it goes through', async ({ page, consoleErrors }) => {
    await openContactForm(page, 'fault-503-reset');
    let attempts = 0;
    await page.route(SAVE, (route) => {
      attempts += 1;
      return route.fulfill({ status: 503, contentType: 'application/json', body: '{}' });
    });
    await send(page);
    await expect(page.getByText('Unknown error, please try again later.')).toBeVisible();
    expect(attempts).toBe(1);
    await page.unroute(SAVE);
    await page.route(SAVE, (route) => {
      attempts += 1;
      return route.abort('connectionreset');
    });
    await send(page);
    await expect(page.getByText('Unable to connect to the product. Please try again.')).toBeVisible();
    expect(attempts).toBe(2);
    await page.unroute(SAVE);
    await send(page);
    await expect(page.getByText('Thank you!')).toBeVisible();
    expect(storedMessages('fault-503-reset')).toBe(1);
    expect(uncaught(consoleErrors)).toEqual([]);
  });

  test('a 10-second stall: the form says it is submitting, then succeeds, sent once', async ({ page, consoleErrors }) => {
    test.setTimeout(40_000);
    await openContactForm(page, 'fault-stall');
    await page.route(SAVE, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 10_000));
      await route.continue();
    });
    const started = Date.now();
    await send(page);
    await expect(page.getByRole('button', { name: 'Submitting…' })).toBeDisabled();
    await expect(page.getByText('Thank you!')).toBeVisible({ timeout: 20_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(10_000);
    expect(storedMessages('fault-stall')).toBe(1);
    expect(uncaught(consoleErrors)).toEqual([]);
  });
});

test('the data layer retries a failing GET three times, then rejects with the spec message', async ({ page, consoleErrors }) => {
  await page.goto('/plain');
  await runtimeReady(page);
  let calls = 0;
  await page.route('**/api/commerce/products**', (route) => {
    calls += 1;
    return route.fulfill({ status: 503, contentType: 'application/json', body: '{}' });
  });
  const outcome = await page.evaluate(() =>
    window.SiteRuntime!.api.request('/api/commerce/products', { onFailure: () => undefined } as never).then(
      () => 'resolved',
      (error: Error) => error.message,
    ),
  );
  expect(calls).toBe(4); // the call and MAX_RETRIES (3)
  expect(outcome).toBe('This service is temporarily unavailable. Please try again later.');
  expect(uncaught(consoleErrors)).toEqual([]);
});

test('widget rendering: a failing refresh leaves the published summary in place', async ({ page, consoleErrors }) => {
  let refreshes = 0;
  await page.route('**/api/widget/GetWidgetRendering**', (route) => {
    refreshes += 1;
    return route.fulfill({ status: 500, contentType: 'application/json', body: '{}' });
  });
  await page.goto('/blocks');
  await runtimeReady(page);
  expect(refreshes).toBe(1); // a POST: tried once
  await expect(page.locator('#block-events')).toHaveAttribute('data-block-status', 'mounted');
  await expect(page.locator('#block-events')).toContainText('Gallery opening night');
  await expect(page.getByText('Something Went Wrong!')).toHaveCount(0);
  expect(uncaught(consoleErrors)).toEqual([]);
});

test("blocks whose chunk could not load (the network dropped as the page loaded) mount when the browser is back online", async ({ page, context, consoleErrors }) => {
  // Connectivity drops just as the gallery's chunk is asked for; the rest of the page loaded.
  await page.route('**/runtime/chunks/gallery-*.js', (route) => route.abort('internetdisconnected'));
  await page.goto('/gallery');
  await runtimeReady(page);
  const galleries = page.locator('[data-block-type="gallery"]');
  const statuses = () => galleries.evaluateAll((elements) => [...new Set(elements.map((element) => element.getAttribute('data-block-status')))]);
  expect(await statuses()).toEqual(['failed']);
  // Its authored images are still there: the page is not blank.
  await expect(galleries.first().locator('img').first()).toBeVisible();
  await context.setOffline(true);
  await page.unroute('**/runtime/chunks/gallery-*.js');
  await context.setOffline(false);
  await expect.poll(statuses).toEqual(['mounted']);
  expect(uncaught(consoleErrors)).toEqual([]);
});

test("a block stylesheet that could not load (a theme without runtime.css) is asked for again when the browser is back online", async ({ page, context, consoleErrors }) => {
  await page.route('**/gallery', async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace('<link rel="stylesheet" href="/runtime/runtime.css">', '');
    expect(body).not.toContain('runtime.css');
    await route.fulfill({ response, body });
  });
  await page.route('**/runtime/gallery.css', (route) => route.abort('internetdisconnected'));
  await page.goto('/gallery');
  await runtimeReady(page);
  const galleries = page.locator('[data-block-type="gallery"]');
  await expect(galleries.first()).toHaveAttribute('data-block-status', 'mounted');
  const styled = () => page.evaluate(() => [...document.styleSheets].some((sheet) => sheet.href?.endsWith('/runtime/gallery.css') && sheet.cssRules.length > 0));
  expect(await styled()).toBe(false);
  expect(await page.locator('link[href$="/runtime/gallery.css"]').count()).toBe(0);
  await context.setOffline(true);
  await page.unroute('**/runtime/gallery.css');
  await context.setOffline(false);
  await expect.poll(styled).toBe(true);
  await expect(page.locator('link[href$="/runtime/gallery.css"]')).toHaveCount(1);
  expect(uncaught(consoleErrors)).toEqual([]);
});

test('collector events queued offline wait in the outbox and arrive after reconnecting', async ({ page, context }) => {
  const ids: string[] = [];
  page.on('response', async (response) => {
    if (response.url().includes('/api/1/performance/settings')) ids.push((await response.json()).pageLoadId);
  });
  await page.goto('/faq');
  await runtimeReady(page);
  await expect.poll(() => ids.length).toBe(1);
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => /\/chunks\/collector-/.test(entry.name)));
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
  await context.setOffline(true);
  // The page is hidden while offline: its final performance record cannot go.
  await hidePage(page);
  expect(await page.evaluate(() => localStorage.getItem('site-outbox'))).toContain(ids[0]);
  expect(queryServerDb('SELECT 1 FROM performance_records WHERE page_load_id = ?', ids[0])).toHaveLength(0);
  await context.setOffline(false);
  await expect.poll(() => queryServerDb('SELECT 1 FROM performance_records WHERE page_load_id = ?', ids[0]).length).toBe(1);
  expect(await page.evaluate(() => localStorage.getItem('site-outbox'))).toBeNull();
});
