/**
 * Main thread at 4x CPU throttling (CDP Emulation.setCPUThrottlingRate): pages of 10, 100 and
 * 1,000 mixed blocks, each with Tessera, with the peer stack doing the same work, and with no
 * script at all (the limit). Per run: time from the script's arrival (its responseEnd) to
 * ready, the long tasks (PerformanceObserver 'longtask') and their total blocking time, up to
 * two seconds after ready, and how many of those long tasks the page's script caused: the
 * Long Animation Frames API names the script of every piece of work in a frame, so a long task
 * is the script's when its scripts ran in it and it would be under 50 ms without them.
 * Rendering that the script's DOM changes bring about is not attributed (the blocking time
 * beside the page without the script shows it). And the main thread's time in all its tasks,
 * with the script's and style and layout's part (CDP Performance.getMetrics). Medians of
 * several runs, the variants interleaved.
 */
import type { Browser } from '@playwright/test';
import type { Variant } from './pages';

export interface MainThreadRun {
  readyMs: number | null;
  longTasks: number;
  longestMs: number;
  tbtMs: number;
  /** Long tasks that the page's script made long (see above); absent in older results. */
  causedLongTasks?: number;
  /** The longest of them, 0 without any. */
  longestCausedMs?: number;
  /**
   * Main-thread time of every task from navigation to two seconds after ready, and the script's
   * and style and layout's part of it (CDP Performance.getMetrics: TaskDuration, ScriptDuration,
   * RecalcStyleDuration + LayoutDuration). The work itself, wherever it falls: steadier from run
   * to run than blocking time, which depends on how it is cut into tasks. Absent in older results.
   */
  mainThreadMs?: number;
  scriptMs?: number;
  styleLayoutMs?: number;
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
  window.__scripts = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => { for (const frame of list.getEntries()) for (const s of frame.scripts) window.__scripts.push([s.startTime, s.duration, s.sourceURL]); }).observe({ type: 'long-animation-frame', buffered: true });
`;

/** The script each variant brings: its chunks, or the peer stack's bundle. */
export const VARIANT_SCRIPTS: Record<Variant, string | null> = { tessera: '/runtime/', peers: '/bench/peer-stack.js', none: null };

/** [start, duration] of long tasks; [start, duration, source URL] of the scripts that ran in long animation frames. */
export function causedBy(tasks: [number, number][], scripts: [number, number, string][], prefix: string): { count: number; longestMs: number } {
  const ours = scripts.filter(([, , url]) => url && new URL(url).pathname.startsWith(prefix));
  let count = 0;
  let longestMs = 0;
  for (const [start, duration] of tasks) {
    const scriptMs = ours.filter(([at]) => at >= start - 1 && at < start + duration).reduce((sum, [, ms]) => sum + ms, 0);
    if (scriptMs > 0 && duration - scriptMs < 50) {
      count++;
      longestMs = Math.max(longestMs, duration);
    }
  }
  return { count, longestMs };
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** The median of each figure over several runs; ready over the runs that have one. */
export function medianRun(runs: MainThreadRun[]): MainThreadRun {
  const ready = runs.map((run) => run.readyMs).filter((value): value is number => value !== null);
  const of = (figure: (run: MainThreadRun) => number) => median(runs.map(figure));
  // A figure results from before it was measured lack stays absent (the report says n/a).
  const optional = (figure: (run: MainThreadRun) => number | undefined) =>
    runs.some((run) => figure(run) !== undefined) ? of((run) => figure(run) ?? 0) : undefined;
  return {
    readyMs: ready.length ? median(ready) : null,
    longTasks: of((run) => run.longTasks),
    longestMs: of((run) => run.longestMs),
    tbtMs: of((run) => run.tbtMs),
    causedLongTasks: optional((run) => run.causedLongTasks),
    longestCausedMs: optional((run) => run.longestCausedMs),
    mainThreadMs: optional((run) => run.mainThreadMs),
    scriptMs: optional((run) => run.scriptMs),
    styleLayoutMs: optional((run) => run.styleLayoutMs),
  };
}

/** CDP's cumulative durations (seconds) as milliseconds. */
function taskTimes(metrics: { name: string; value: number }[]): Pick<MainThreadRun, 'mainThreadMs' | 'scriptMs' | 'styleLayoutMs'> {
  const ms = (name: string) => (metrics.find((metric) => metric.name === name)?.value ?? 0) * 1000;
  return { mainThreadMs: ms('TaskDuration'), scriptMs: ms('ScriptDuration'), styleLayoutMs: ms('RecalcStyleDuration') + ms('LayoutDuration') };
}

export async function runOnce(browser: Browser, url: string, variant: Variant, throttle = 4): Promise<MainThreadRun> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  await cdp.send('Performance.enable');
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
  const { metrics } = await cdp.send('Performance.getMetrics');
  const { tasks, scripts } = await page.evaluate(() => {
    const w = window as unknown as { __longTasks: [number, number][]; __scripts: [number, number, string][] };
    return { tasks: w.__longTasks, scripts: w.__scripts };
  });
  await context.close();
  const prefix = VARIANT_SCRIPTS[variant];
  const caused = prefix ? causedBy(tasks, scripts, prefix) : { count: 0, longestMs: 0 };
  return {
    causedLongTasks: caused.count,
    longestCausedMs: caused.longestMs,
    readyMs,
    longTasks: tasks.length,
    longestMs: Math.max(0, ...tasks.map(([, duration]) => duration)),
    tbtMs: tasks.reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0),
    ...taskTimes(metrics),
  };
}

/** Each count in the plain theme, and the `contained` counts again in the contained theme. */
export async function measureMainThread(browser: Browser, base: string, counts: number[], runs: number, containedCounts: number[] = []): Promise<MainThreadResult[]> {
  const results: MainThreadResult[] = [];
  const pages = [...counts.map((blocks) => ({ blocks, contained: false })), ...containedCounts.map((blocks) => ({ blocks, contained: true }))];
  const variants: Variant[] = ['none', 'tessera', 'peers'];
  for (const { blocks, contained } of pages) {
    // Interleaved (none, Tessera, peers, none, …), as --compare does: a busy moment on the
    // machine falls on every variant alike.
    const all = new Map<Variant, MainThreadRun[]>(variants.map((variant) => [variant, []]));
    for (let i = 0; i < runs; i++) {
      for (const variant of variants) all.get(variant)!.push(await runOnce(browser, `${base}/bench/blocks-${blocks}-${variant}${contained ? '-contained' : ''}`, variant));
    }
    for (const variant of variants) results.push({ blocks, variant, contained, runs, ...medianRun(all.get(variant)!) });
  }
  return results;
}
