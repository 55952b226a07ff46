/**
 * Long tasks on every demo page at 4x CPU throttling, with the runtime and without it (the
 * front server strips its script tag): the runtime should add none. Medians of several runs.
 */
import type { Browser } from '@playwright/test';
import { median, runOnce, type MainThreadRun } from './main-thread';

export interface DemoPageRuns {
  page: string;
  with: MainThreadRun;
  without: MainThreadRun;
}

const medianRun = (runs: MainThreadRun[]): MainThreadRun => ({
  readyMs: runs.some((run) => run.readyMs === null) ? null : median(runs.map((run) => run.readyMs!)),
  longTasks: median(runs.map((run) => run.longTasks)),
  longestMs: median(runs.map((run) => run.longestMs)),
  tbtMs: median(runs.map((run) => run.tbtMs)),
});

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

/** The runtime adds no long task to a page: no more of them, and no more blocking time, than without it. */
export const addsNoLongTask = (r: DemoPageRuns) => r.with.longTasks <= r.without.longTasks && r.with.tbtMs <= r.without.tbtMs;
