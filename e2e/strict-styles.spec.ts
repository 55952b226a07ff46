/**
 * A theme whose Content-Security-Policy allows no inline styles (`style-src` without
 * 'unsafe-inline'), as strict themes have: the runtime's stylesheets are files beside site.js,
 * and the styles of its own UI (dialogs, the popup, tooltips) a constructed sheet, which such a
 * policy allows. Every demo page mounts under the banner and after an answer, and the dialogs
 * look as they should, with no violation.
 */
import { readdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { underPolicy } from './content-policy';
import { expect, runtimeReady, test } from './fixtures';

/**
 * The demo's pages; /classic links no runtime.css, so the reference server puts the served
 * banner's styles inline in it, under its own policy (which allows them), not a theme's.
 */
const DEMO_PAGES = readdirSync(new URL('../examples', import.meta.url))
  .filter((file) => file.endsWith('.html') && file !== 'classic.html')
  .map((file) => (file === 'index.html' ? '/' : `/${file.replace(/\.html$/, '')}`));

/** The site's pages under their own policy, its font hosts included, less 'unsafe-inline' for styles; the style violations. */
function forbidInlineStyles(page: Page): Promise<() => Promise<string[]>> {
  return underPolicy(
    page,
    (policy) => {
      const strict = policy.replace(/(style-src [^;]*?) 'unsafe-inline'/, '$1');
      expect(strict).not.toBe(policy);
      return strict;
    },
    ['style-src'],
  );
}

test.describe('a visitor the banner asks', () => {
  test.use({ consented: false });
  test('every demo page mounts its blocks under the banner and after the answer, with no inline style refused', async ({ page }) => {
    test.setTimeout(90_000);
    const violations = await forbidInlineStyles(page);
    for (const path of DEMO_PAGES) {
      await page.goto(path);
      await runtimeReady(page);
      if (path !== '/robustness') await expect(page.locator('[data-block-status="failed"]'), path).toHaveCount(0);
      expect(await violations(), path).toEqual([]);
    }
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Cookie banner' });
    await expect(banner).toHaveCSS('position', 'fixed');
    await banner.getByRole('button', { name: 'Accept' }).click();
    await expect(banner).toBeHidden();
    expect(await violations()).toEqual([]);
  });
});

test('the dialogs and the popup are styled by the runtime\'s sheet, which the policy allows', async ({ page }) => {
  const violations = await forbidInlineStyles(page);
  await page.goto('/?logout=true');
  const dialog = page.getByRole('dialog', { name: 'Logout Successful' });
  await expect(dialog).toBeVisible();
  // The overlay covers the page and the dialog is a card: the sheet applied.
  await expect(page.locator('.site-modal-overlay')).toHaveCSS('position', 'fixed');
  await expect(page.locator('.site-modal')).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  await dialog.getByRole('button', { name: 'Okay' }).click();
  await expect(dialog).toHaveCount(0);

  await page.goto('/offers');
  const popup = page.getByRole('dialog', { name: 'Get our monthly notes' });
  await expect(popup).toBeVisible();
  await expect(popup.locator('xpath=..')).toHaveCSS('position', 'fixed');
  expect(await violations()).toEqual([]);
});
