/**
 * `npm run bench -- --profile=/bench/blocks-100-tessera`: loads one page at 4x CPU throttling
 * under the CDP profiler until ready, writes bench/profiles/<name>.cpuprofile (open it in
 * Chromium's DevTools, Performance panel) and prints the functions with the most self time.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Browser } from '@playwright/test';
import { SourceMapConsumer } from 'source-map-js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export async function profilePage(browser: Browser, base: string, path: string, consented = false): Promise<string[]> {
  const context = await browser.newContext();
  // A visitor who has accepted cookies: visitor tracking and its collectors run as well.
  if (consented) await context.addCookies([{ name: 'ss_cookieAllowed', value: 'true', url: base }]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline.stack'] });
  const calls = new Map<string, number>();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) calls.set(pathname, (calls.get(pathname) ?? 0) + 1);
  });
  const problems: string[] = [];
  page.on('console', (message) => message.type() === 'error' && problems.length < 5 && problems.push(message.text().slice(0, 200)));
  await page.goto(base + path, { timeout: 120_000 });
  await page.evaluate(async () => {
    const w = window as unknown as { SiteRuntime?: { ready: Promise<void> }; peerReady?: Promise<void> };
    for (let i = 0; i < 200 && !w.SiteRuntime && !w.peerReady; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    await (w.SiteRuntime?.ready ?? w.peerReady);
  });
  await page.waitForTimeout(1000);
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  const traceText = (await browser.stopTracing()).toString('utf8');
  const trace = JSON.parse(traceText) as { traceEvents: TraceEvent[] };
  await context.close();
  mkdirSync('bench/profiles', { recursive: true });
  const file = `bench/profiles/${path.replace(/\W+/g, '-').replace(/^-|-$/g, '')}.cpuprofile`;
  writeFileSync(file, JSON.stringify(profile));
  writeFileSync(file.replace(/\.cpuprofile$/, '.trace.json'), traceText);
  // Self time per function: each sample's time goes to the node it landed in.
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const key = frameName(byId.get(id)!.callFrame);
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 20);
  return [
    ...renderingSummary(trace.traceEvents),
    `API calls: ${[...calls].map(([path, n]) => `${path} ×${n}`).join(', ') || 'none'}`,
    ...problems.map((text) => `console error: ${text}`),
    `Wrote ${file}. Self time at 4x throttling:`,
    ...top.map(([name, ms]) => `${ms.toFixed(1).padStart(8)} ms  ${name}`),
  ];
}

const maps = new Map<string, SourceMapConsumer | null>();

/** The built runtime is minified: its hidden source maps name the source function and line. */
function frameName(frame: ProfileNode['callFrame']): string {
  const minified = `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*\/(runtime|bench)\//, '$1/')}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
  const runtimeFile = /\/runtime\/([\w./-]+\.js)$/.exec(frame.url.split('?')[0] ?? '')?.[1];
  if (!runtimeFile) return minified;
  if (!maps.has(runtimeFile)) {
    const file = `dist/runtime/${runtimeFile}.map`;
    maps.set(runtimeFile, existsSync(file) ? new SourceMapConsumer(JSON.parse(readFileSync(file, 'utf8'))) : null);
  }
  const original = maps.get(runtimeFile)?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  if (!original?.source) return minified;
  const source = original.source.replace(/^.*?(runtime\/src|node_modules)\//, '$1/');
  return `${original.name ?? frame.functionName ?? '(anonymous)'} ${source}:${original.line}`;
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  tid: number;
  dur?: number;
  args?: { beginData?: { stackTrace?: Array<{ functionName: string; url: string; lineNumber: number; columnNumber: number }> } };
}

/**
 * Layouts and style recalculations from the trace: how many, how long, and which of our
 * functions forced them (a layout with a JavaScript stack was forced by a read).
 */
function renderingSummary(events: TraceEvent[]): string[] {
  const totals = new Map<string, { count: number; ms: number }>();
  const forcedBy = new Map<string, { count: number; ms: number }>();
  const add = (map: typeof totals, key: string, ms: number) => {
    const entry = map.get(key) ?? { count: 0, ms: 0 };
    entry.count++;
    entry.ms += ms;
    map.set(key, entry);
  };
  for (const event of events) {
    if (event.ph !== 'X' || !['Layout', 'UpdateLayoutTree'].includes(event.name)) continue;
    const ms = (event.dur ?? 0) / 1000;
    add(totals, event.name, ms);
    const frame = event.args?.beginData?.stackTrace?.[0];
    if (frame) add(forcedBy, `${event.name} ${frameName({ ...frame, lineNumber: frame.lineNumber - 1, columnNumber: frame.columnNumber - 1 })}`, ms);
  }
  // Long tasks on the page's main thread (the thread with the most layouts) and what filled them.
  const layoutThreads = new Map<number, number>();
  for (const event of events) if (event.name === 'Layout') layoutThreads.set(event.tid, (layoutThreads.get(event.tid) ?? 0) + 1);
  const main = [...layoutThreads].sort((a, b) => b[1] - a[1])[0]?.[0];
  const onMain = events.filter((event) => event.ph === 'X' && event.tid === main).sort((a, b) => a.ts - b.ts);
  // Chromium names a task ThreadControllerImpl::RunTask (older builds: RunTask).
  const isTask = (event: TraceEvent) => event.name.endsWith('RunTask');
  const longTasks = onMain.filter((event) => isTask(event) && (event.dur ?? 0) > 50_000);
  const inside = (task: TraceEvent) => {
    const parts = new Map<string, number>();
    for (const event of onMain) {
      if (event.ts < task.ts || event.ts >= task.ts + task.dur! || event === task || isTask(event)) continue;
      if (!['FunctionCall', 'EvaluateScript', 'v8.compile', 'Layout', 'UpdateLayoutTree', 'Paint', 'ParseHTML', 'PrePaint', 'Layerize', 'TimerFire', 'FireAnimationFrame', 'EventDispatch', 'RunMicrotasks', 'v8.run', 'ResourceReceivedData', 'IntersectionObserverController::computeIntersections', 'ResizeObserverController::DeliverObservations'].includes(event.name)) continue;
      parts.set(event.name, (parts.get(event.name) ?? 0) + event.dur! / 1000);
    }
    return [...parts].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([name, ms]) => `${name} ${ms.toFixed(0)}`).join(', ');
  };
  const line = ([name, { count, ms }]: [string, { count: number; ms: number }]) => `${ms.toFixed(0).padStart(8)} ms ×${String(count).padEnd(6)} ${name}`;
  return [
    'Layouts and style recalculations (trace):',
    ...[...totals].map(line),
    'Forced by (first frame of the stack):',
    ...[...forcedBy].sort((a, b) => b[1].ms - a[1].ms).slice(0, 12).map(line),
    `Long tasks (over 50 ms; nested events overlap): ${longTasks.length}`,
    ...longTasks.slice(0, 25).map((task) => `${(task.dur! / 1000).toFixed(0).padStart(8)} ms at ${((task.ts - onMain[0]!.ts) / 1000).toFixed(0)} ms: ${inside(task)}`),
  ];
}
