/**
 * A site whose Content-Security-Policy enforces Trusted Types (`require-trusted-types-for
 * 'script'; trusted-types tessera`, docs/security.md): the browser then refuses text for
 * innerHTML and script addresses, and the runtime writes through its policy. Every demo page
 * mounts every block under the banner, and what a visitor who answered it then opens (the
 * map, the lightbox, the popup, the cart, the members' sign-in, a form's success with the
 * owner's script) works, with no violation and nothing uncaught, the captcha included.
 */
import { readdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { underPolicy } from './content-policy';
import { expect, requestCallback, runtimeReady, test } from './fixtures';

const ENFORCE = "require-trusted-types-for 'script'; trusted-types tessera";

const DEMO_PAGES = readdirSync(new URL('../examples', import.meta.url))
  .filter((file) => file.endsWith('.html'))
  .map((file) => (file === 'index.html' ? '/' : `/${file.replace(/\.html$/, '')}`));

/** The server's pages with Trusted Types enforced on top of its own policy; the violations the page reports. */
const enforceTrustedTypes = (page: Page) => underPolicy(page, (policy) => (policy ? `${policy}; ${ENFORCE}` : ENFORCE), ['trusted-types', 'require-trusted-types']);

const uncaught = (errors: string[]) => errors.filter((error) => error.startsWith('uncaught') || error.includes('TrustedHTML') || error.includes('TrustedScript'));

/** The demo page of mistakes a theme author can make: its failed blocks are its point. */
const FAILS_ON_PURPOSE = '/robustness';

/** Loads a page and checks that each of its blocks ended mounted, with no violation. */
async function mountsEverything(page: Page, path: string, violations: () => Promise<string[]>): Promise<void> {
  await page.goto(path);
  await runtimeReady(page);
  if (path !== FAILS_ON_PURPOSE) await expect(page.locator('[data-block-status="failed"]'), path).toHaveCount(0);
  expect(await violations(), path).toEqual([]);
}

test.describe('a visitor the banner asks', () => {
  test.use({ consented: false });
  test('every demo page mounts its blocks, the banner shows', async ({ page, consoleErrors }) => {
    test.setTimeout(90_000);
    const violations = await enforceTrustedTypes(page);
    for (const path of DEMO_PAGES) await mountsEverything(page, path, violations);
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Cookie banner' })).toBeVisible();
    expect(uncaught(consoleErrors)).toEqual([]);
  });
});

test('what a visitor who answered the banner opens writes through the policy: the map, the lightbox, the popup, the cart, the members\' sign-in', async ({ page, consoleErrors }) => {
  test.setTimeout(60_000);
  const violations = await enforceTrustedTypes(page);
  // After an answer to the banner: the map loads Google's script, its address through the policy.
  const mapsAsked: string[] = [];
  await page.route('https://maps.googleapis.com/**', (route) => {
    mapsAsked.push(route.request().url());
    return route.fulfill({ contentType: 'text/javascript', body: '' });
  });
  await mountsEverything(page, '/map', violations);
  await expect.poll(() => mapsAsked.length).toBe(1);
  await page.goto('/gallery?nomotion=true');
  await runtimeReady(page);
  await page.locator('#block-grid > figure').nth(1).click();
  await expect(page.getByRole('dialog', { name: 'Grid' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Grid' }).getByRole('button', { name: 'Next image' })).toBeVisible();

  await page.goto('/offers');
  await expect(page.getByRole('dialog', { name: 'Get our monthly notes' })).toBeVisible();

  await page.goto('/blocks');
  await runtimeReady(page);
  await page.getByRole('button', { name: 'Add to cart: Harbour print' }).click();
  await expect(page.locator('.product-status')).toHaveText('Harbour print added to your cart. View cart');
  await page.goto('/cart');
  await runtimeReady(page);
  const cart = page.locator('#sqs-cart-root');
  await cart.getByRole('button', { name: 'Remove Harbour print' }).click();
  await expect(cart.getByRole('rowheader')).toHaveCount(0);

  await page.goto('/members');
  await runtimeReady(page);
  await expect(page.getByRole('form', { name: 'Member sign-in' })).toBeVisible();
  expect(await violations()).toEqual([]);
  expect(uncaught(consoleErrors)).toEqual([]);
});

test('a form with a captcha: verified and sent with only the runtime\'s policy, and the success message runs its script', async ({ page, consoleErrors }) => {
  const violations = await enforceTrustedTypes(page);
  await requestCallback(page);
  // The owner's script in the success HTML ran: its text went through the runtime's policy.
  expect(await page.evaluate(() => document.documentElement.dataset.callbackScriptRan)).toBe('yes');
  expect(await violations()).toEqual([]);
  expect(uncaught(consoleErrors)).toEqual([]);
});
