/**
 * Long tasks on every demo page at 4x CPU throttling, with the runtime and without it (the
 * front server strips its script tag): the runtime should cause none. Medians of several runs.
 */
import type { Browser } from '@playwright/test';
import { medianRun, runOnce, type MainThreadRun } from './main-thread';

export interface DemoPageRuns {
  page: string;
  with: MainThreadRun;
  without: MainThreadRun;
}

export async function measureDemoPages(browser: Browser, base: string, pages: string[], runs: number): Promise<DemoPageRuns[]> {
  const results: DemoPageRuns[] = [];
  for (const page of pages) {
    const withRuns: MainThreadRun[] = [];
    const withoutRuns: MainThreadRun[] = [];
    // Interleaved, so that a busy moment on the machine hits both sides alike.
    for (let i = 0; i < runs; i++) {
      withRuns.push(await runOnce(browser, base + page, 'tessera'));
      withoutRuns.push(await runOnce(browser, `${base}${page}${page.includes('?') ? '&' : '?'}bench-no-runtime`, 'none'));
    }
    results.push({ page, with: medianRun(withRuns), without: medianRun(withoutRuns) });
  }
  return results;
}

/**
 * The runtime causes no long task on the page: in the median run, no long task that its scripts
 * made long (main-thread.ts). Results from before that was measured fall back to comparing the
 * page with and without it: no more long tasks, and no more blocking time.
 */
export const addsNoLongTask = (r: DemoPageRuns) =>
  r.with.causedLongTasks !== undefined ? r.with.causedLongTasks === 0 : r.with.longTasks <= r.without.longTasks && r.with.tbtMs <= r.without.tbtMs;
