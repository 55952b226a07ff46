import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/chromium';

/** End-to-end tests: Debian's Chromium against the real server on a random port. */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: 'list',
  use: {
    browserName: 'chromium',
    // One browser context per worker, reset between tests (cookies, cache, every visited origin's
    // storage, service workers, routes, init scripts, clock, viewport; the fixtures add DevTools
    // sessions and offline mode): a new context's first page starts two renderer processes,
    // which cost more than most tests. e2e/isolation.spec.ts checks that each test is a new visitor.
    reuseContext: true,
    launchOptions: chromiumLaunchOptions,
    trace: 'off',
  },
});
