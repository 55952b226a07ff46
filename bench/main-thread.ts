/**
 * Main thread at 4x CPU throttling (CDP Emulation.setCPUThrottlingRate): pages of 10, 100 and
 * 1,000 mixed blocks, each with Tessera, with the peer stack doing the same work, and with no
 * script at all (the limit). Per run: time from the script's arrival (its responseEnd) to
 * ready, the long tasks (PerformanceObserver 'longtask') and their total blocking time, up to
 * two seconds after ready. Medians of several runs.
 */
import type { Browser } from '@playwright/test';
import type { Variant } from './pages';

export interface MainThreadRun {
  readyMs: number | null;
  longTasks: number;
  longestMs: number;
  tbtMs: number;
}
export interface MainThreadResult extends MainThreadRun {
  blocks: number;
  variant: Variant;
  /** The page in the theme that leaves off-screen sections unrendered (CONTAINED_THEME). */
  contained?: boolean;
  runs: number;
}

const OBSERVE = `
  window.__longTasks = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });
`;

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export async function runOnce(browser: Browser, url: string, variant: Variant, throttle = 4): Promise<MainThreadRun> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  await page.addInitScript(OBSERVE);
  await page.goto(url, { timeout: 120_000 });
  const readyMs = await page.evaluate(async (kind) => {
    const w = window as unknown as { SiteRuntime?: { ready: Promise<void> }; peerReady?: Promise<void> };
    const script = kind === 'tessera' ? '/runtime/site.js' : kind === 'peers' ? '/bench/peer-stack.js' : null;
    if (!script) return null;
    while (!(kind === 'tessera' ? w.SiteRuntime : w.peerReady)) await new Promise((resolve) => setTimeout(resolve, 5));
    await (kind === 'tessera' ? w.SiteRuntime!.ready : w.peerReady);
    const done = performance.now();
    const entry = performance.getEntriesByType('resource').find((e) => new URL(e.name).pathname === script) as PerformanceResourceTiming | undefined;
    return entry ? done - entry.responseEnd : null;
  }, variant);
  await page.waitForTimeout(2000); // quiet time: late long tasks count too
  const tasks = await page.evaluate(() => (window as unknown as { __longTasks: [number, number][] }).__longTasks);
  await context.close();
  return {
    readyMs,
    longTasks: tasks.length,
    longestMs: Math.max(0, ...tasks.map(([, duration]) => duration)),
    tbtMs: tasks.reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0),
  };
}

/** Each count in the plain theme, and the `contained` counts again in the contained theme. */
export async function measureMainThread(browser: Browser, base: string, counts: number[], runs: number, containedCounts: number[] = []): Promise<MainThreadResult[]> {
  const results: MainThreadResult[] = [];
  const pages = [...counts.map((blocks) => ({ blocks, contained: false })), ...containedCounts.map((blocks) => ({ blocks, contained: true }))];
  for (const { blocks, contained } of pages) {
    for (const variant of ['none', 'tessera', 'peers'] as Variant[]) {
      const all: MainThreadRun[] = [];
      // Interleaving would be fairer still; runs of one variant back to back keep caches alike.
      for (let i = 0; i < runs; i++) all.push(await runOnce(browser, `${base}/bench/blocks-${blocks}-${variant}${contained ? '-contained' : ''}`, variant));
      const ready = all.map((run) => run.readyMs).filter((value): value is number => value !== null);
      results.push({
        blocks,
        variant,
        contained,
        runs,
        readyMs: ready.length ? median(ready) : null,
        longTasks: median(all.map((run) => run.longTasks)),
        longestMs: median(all.map((run) => run.longestMs)),
        tbtMs: median(all.map((run) => run.tbtMs)),
      });
    }
  }
  return results;
}
