import { test as base, expect, type Page } from '@playwright/test';

export { OWNER, VIEWER } from './global-setup';

/** Every test gets the server's address as baseURL and a list of the page's console errors. */
export const test = base.extend<{ consoleErrors: string[] }>({
  baseURL: async ({}, use) => {
    await use(process.env.TESSERA_BASE_URL);
  },
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
    await use(errors);
  },
});

export { expect };

/** Waits until the runtime has initialised every block present at start. */
export async function runtimeReady(page: Page): Promise<void> {
  await page.waitForFunction(() => window.SiteRuntime !== undefined);
  await page.evaluate(() => window.SiteRuntime!.ready);
}
