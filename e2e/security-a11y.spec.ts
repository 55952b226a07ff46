/**
 * Every demo page under the server's Content-Security-Policy (scripts from the site or with the
 * response's nonce, no eval), scanned by axe (WCAG 2.x A and AA, best practices) once the runtime is ready, and
 * again in each state a visitor can bring about: banner shown, dialog, lightbox, form errors,
 * popup overlay. A strict policy without the nonce still runs the runtime.
 */
import { readdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { axeViolations, expect, requestCallback, runtimeReady, test } from './fixtures';

const DEMO_PAGES = readdirSync(new URL('../examples', import.meta.url))
  .filter((file) => file.endsWith('.html'))
  .map((file) => (file === 'index.html' ? '/' : `/${file.replace(/\.html$/, '')}`));

/** Records every CSP violation the page reports (its own scripts included) from the start. */
async function recordCspViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`));
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

const uncaught = (errors: string[]) => errors.filter((error) => error.startsWith('uncaught'));

test.describe('every demo page', () => {
  for (const path of DEMO_PAGES) {
    test(`${path}: nonce CSP with no violation, no uncaught error, no axe violation`, async ({ page, consoleErrors }) => {
      const violations = await recordCspViolations(page);
      const response = await page.goto(path);
      const headers = response!.headers();
      expect(headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/]{22}==';/);
      expect(headers['content-security-policy']).not.toMatch(/unsafe-eval/);
      expect(headers['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(headers['x-content-type-options']).toBe('nosniff');
      await runtimeReady(page);
      // Before axe: it fetches the page's stylesheets itself, which the policy's connect-src refuses.
      expect(await violations()).toEqual([]);
      expect(uncaught(consoleErrors)).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});

test.describe('states a visitor brings about, scanned by axe', () => {
  test.describe('cookie banner', () => {
    test.use({ consented: false });
    test('shown', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('region', { name: 'Cookie banner' })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  });

  test('a runtime dialog open', async ({ page }) => {
    await page.goto('/plain');
    await runtimeReady(page);
    const answer = page.evaluate(() => window.SiteRuntime!.dialog.confirm({ title: 'Delete?', message: 'Really?', showReject: true }));
    await expect(page.getByRole('alertdialog', { name: 'Delete?' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    expect(await answer).toBe('cancel');
  });

  test('the lightbox open', async ({ page }) => {
    await page.setViewportSize({ width: 1200, height: 900 });
    await page.goto('/gallery?nomotion=true');
    await runtimeReady(page);
    await page.locator('#block-grid > figure').nth(1).click();
    await expect(page.getByRole('dialog', { name: 'Grid' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('images with alt="" that open the lightbox: image buttons named by their alt, opened by the keyboard', async ({ page }) => {
    // The theme's markup with the first grid image's and the image block's alt left empty.
    await page.route((url) => url.pathname === '/gallery', async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(/(id="block-(?:grid|hero)"[\s\S]*?<img[^>]*?)alt="[^"]*"/g, '$1alt=""');
      await route.fulfill({ response, body });
    });
    await page.goto('/gallery?nomotion=true');
    await runtimeReady(page);
    const image = page.locator('#block-grid > figure img').first();
    await expect(image).toHaveAttribute('alt', 'Image 1');
    await expect(page.locator('#block-hero img')).toHaveAttribute('alt', 'Image');
    expect(await axeViolations(page, '#block-grid')).toEqual([]);
    expect(await axeViolations(page, '#block-hero')).toEqual([]);
    await image.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Grid' })).toBeVisible();
  });

  test('a form showing its errors', async ({ page }) => {
    await page.goto('/contact');
    await runtimeReady(page);
    await page.getByRole('textbox', { name: 'Email (required)' }).fill('not-an-email');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('One or more fields is invalid, please check your entries.')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    // Its checkboxes and radios are targets of at least 24 px (WCAG 2.5.8), not the browser's 13.
    for (const choice of [page.getByRole('checkbox', { name: 'Design' }), page.getByRole('radio', { name: 'Phone' })]) {
      const box = (await choice.boundingBox())!;
      expect([box.width, box.height]).toEqual([24, 24]);
    }
  });

  test('the popup overlay open', async ({ page }) => {
    await page.goto('/offers');
    await expect(page.getByRole('dialog', { name: 'Get our monthly notes' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});

test('under a strict policy without the nonce the runtime still runs; an owner success script does not', async ({ page, consoleErrors }) => {
  // The server's own policy with its nonce taken out: `script-src 'self'` and nothing inline.
  await page.route('**/callback', async (route) => {
    const response = await route.fetch();
    const policy = response.headers()['content-security-policy']!.replace(/ 'nonce-[^']+'/, '');
    expect(policy).toContain("script-src 'self';");
    await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': policy } });
  });
  const violations = await recordCspViolations(page);
  await requestCallback(page);
  expect(await page.evaluate(() => document.documentElement.dataset.callbackScriptRan)).toBeUndefined();
  // Only the owner's inline script was refused; nothing of the runtime's own.
  expect(await violations()).toEqual(['script-src-elem blocked inline']);
  expect(uncaught(consoleErrors)).toEqual([]);
});
