/**
 * `npm run bench -- --profile=/bench/blocks-100-tessera`: loads one page at 4x CPU throttling
 * under the CDP profiler until ready, writes bench/profiles/<name>.cpuprofile (open it in
 * Chromium's DevTools, Performance panel) and prints the functions with the most self time.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Browser } from '@playwright/test';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export async function profilePage(browser: Browser, base: string, path: string): Promise<string[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
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
  await context.close();
  mkdirSync('bench/profiles', { recursive: true });
  const file = `bench/profiles/${path.replace(/\W+/g, '-').replace(/^-|-$/g, '')}.cpuprofile`;
  writeFileSync(file, JSON.stringify(profile));
  // Self time per function: each sample's time goes to the node it landed in.
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)!.callFrame;
    const key = `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*\/(runtime|bench)\//, '$1/')}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 20);
  return [
    `API calls: ${[...calls].map(([path, n]) => `${path} ×${n}`).join(', ') || 'none'}`,
    ...problems.map((text) => `console error: ${text}`),
    `Wrote ${file}. Self time at 4x throttling:`,
    ...top.map(([name, ms]) => `${ms.toFixed(1).padStart(8)} ms  ${name}`),
  ];
}
