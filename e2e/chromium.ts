import type { LaunchOptions } from '@playwright/test';

/** Debian's Chromium as every e2e test launches it (playwright.config.ts); a spec that needs one of Playwright's defaults off takes these and names that default. */
export const chromiumLaunchOptions = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    // Debian's launcher turns GPU rasterization on; without a GPU that goes through SwiftShader, which costs more CPU than Chromium's own software rasterizer.
    '--disable-gpu-rasterization',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
} satisfies LaunchOptions;

/** The same Chromium without one of the flags Playwright adds by default (e.g. `--hide-scrollbars`). */
export function chromiumWithout(defaultArg: string): LaunchOptions {
  return { ...chromiumLaunchOptions, ignoreDefaultArgs: [defaultArg] };
}
