/**
 * `npm run bench -- --paints=/cart,/blocks --runs=5`: the paints a visitor on a phone sees, in
 * Chromium itself rather than Lighthouse's simulation: first contentful paint and largest
 * contentful paint at 412 x 823 with a slow 4G connection (150 ms, 1.6 Mbit/s down) and 4x CPU
 * throttling, each page with the runtime and without it (`?bench-no-runtime`) in interleaved
 * runs, medians; and how often the largest paint was the cookie banner's text.
 */
import type { Browser } from '@playwright/test';
import { median } from './main-thread';

interface Paints {
  fcp: number;
  lcp: number;
  banner: boolean;
}

async function paintsOnce(browser: Browser, url: string): Promise<Paints> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(() => {
    const w = window as unknown as { benchLcp: { t: number; banner: boolean } | null };
    w.benchLcp = null;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LargestContentfulPaint[]) w.benchLcp = { t: entry.startTime, banner: !!entry.element?.closest('.site-cookie-banner') };
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  await page.waitForTimeout(3000); // a late block or banner is a later candidate
  const paints = await page.evaluate(() => {
    const lcp = (window as unknown as { benchLcp: { t: number; banner: boolean } | null }).benchLcp;
    return { fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN, lcp: lcp?.t ?? NaN, banner: lcp?.banner ?? false };
  });
  await context.close();
  return paints;
}

export async function measurePaints(browser: Browser, base: string, paths: string[], runs: number): Promise<string[]> {
  const lines = [`Paints on a phone (412 x 823, slow 4G, 4x CPU), ${runs} interleaved runs each, medians, with / without the runtime:`];
  for (const path of paths) {
    const runsOf = { with: [] as Paints[], without: [] as Paints[] };
    for (let i = 0; i < runs; i++) {
      runsOf.with.push(await paintsOnce(browser, base + path));
      runsOf.without.push(await paintsOnce(browser, `${base}${path}${path.includes('?') ? '&' : '?'}bench-no-runtime`));
    }
    const ms = (list: Paints[], key: 'fcp' | 'lcp') => Math.round(median(list.map((run) => run[key])));
    const banner = (list: Paints[]) => `${list.filter((run) => run.banner).length}/${runs}`;
    lines.push(`${path}: FCP ${ms(runsOf.with, 'fcp')} / ${ms(runsOf.without, 'fcp')} ms, LCP ${ms(runsOf.with, 'lcp')} / ${ms(runsOf.without, 'lcp')} ms [${runsOf.with.map((run) => Math.round(run.lcp)).join(', ')}], LCP the cookie banner in ${banner(runsOf.with)} / ${banner(runsOf.without)}`);
  }
  return lines;
}
