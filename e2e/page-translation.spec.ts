/**
 * A visitor whose browser translates the page (Chrome and Edge offer it on every page in
 * another language than theirs, and phones take it up most). The translation moves each text
 * node's words into `<font>` elements of its own and leaves the node out of the page; it then
 * translates the text that is added later. What the runtime's UI says as the visitor goes on
 * (the form's counter, messages and button, the captcha's state) must still show.
 */
import type { Page } from '@playwright/test';
import { expect, fillCallback, fillContact, runtimeReady, test } from './fixtures';

/** Translates the page as Chrome does, into capitals: now, and whatever text comes later. */
async function translatePage(page: Page): Promise<void> {
  await page.evaluate(() => {
    const wrap = (root: Node) => {
      const texts: Text[] = [];
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      if (root.nodeType === Node.TEXT_NODE) texts.push(root as Text);
      while (walker.nextNode()) texts.push(walker.currentNode as Text);
      for (const text of texts) {
        if (!text.data.trim() || text.parentElement?.closest('script, style, textarea, font')) continue;
        const outer = document.createElement('font');
        const inner = outer.appendChild(document.createElement('font'));
        outer.style.verticalAlign = inner.style.verticalAlign = 'inherit';
        inner.textContent = text.data.toUpperCase();
        text.replaceWith(outer);
      }
    };
    wrap(document.body);
    new MutationObserver((records) => records.forEach((record) => record.addedNodes.forEach((node) => node.isConnected && wrap(node)))).observe(document.body, { childList: true, subtree: true });
  });
}

test('the contact form in a translated page: the counter counts, the messages and the button say what happens', async ({ page, consoleErrors }) => {
  await page.goto('/contact');
  await runtimeReady(page);
  await translatePage(page);
  const counter = page.locator('.site-form-counter');
  await expect(counter).toHaveText('0 / 500');
  await expect(page.locator('.site-form-submit')).toHaveText('SEND MESSAGE');
  await page.locator('textarea').fill('Hello there');
  await expect(counter).toHaveText('11 / 500');
  await page.locator('textarea').fill('Hello');
  await expect(counter).toHaveText('5 / 500');

  const send = page.locator('.site-form-submit');
  await send.click();
  await expect(page.locator('.site-form-general[role="alert"]')).toHaveText('ONE OR MORE FIELDS IS INVALID, PLEASE CHECK YOUR ENTRIES.');

  // Held on its way, the submission shows the button's Submitting…, then the thanks.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/form/SaveFormSubmission*', async (route) => {
    await held;
    await route.continue();
  });
  await fillContact(page, 'translated@example.com');
  await send.click();
  await expect(send).toHaveText('SUBMITTING…');
  await expect(page.locator('.site-form-general[role="alert"]')).toHaveText('');
  release();
  await expect(page.getByText('THANK YOU! WE WILL GET BACK TO YOU SOON.')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('the captcha in a translated page says Verifying..., then Verified', async ({ page }) => {
  await page.goto('/callback');
  await runtimeReady(page);
  await fillCallback(page);
  await translatePage(page);
  const status = page.locator('.site-form-captcha').getByRole('status');
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/form/captcha/challenge*', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('checkbox', { name: "I'm not a robot" }).check();
  await expect(status).toHaveText('VERIFYING...');
  release();
  await expect(status).toHaveText('VERIFIED', { timeout: 15_000 });
});
