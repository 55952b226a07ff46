/**
 * Memory: the JS heap and DOM counters after mounting 1,000 blocks, then over ten destroy/init
 * cycles (each measured after a forced garbage collection), and the detached DOM nodes left
 * after the last destroy (CDP DOM.getDetachedDomNodes).
 */
import type { Browser, CDPSession } from '@playwright/test';

export interface MemorySample {
  cycle: number;
  heapKB: number;
  nodes: number;
  listeners: number;
}
export interface MemoryResult {
  blocks: number;
  mounted: MemorySample;
  cycles: MemorySample[];
  growthKB: number;
  detachedAfterDestroy: number;
}

async function sample(cdp: CDPSession, cycle: number): Promise<MemorySample> {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = await cdp.send('Runtime.getHeapUsage');
  const counters = await cdp.send('Memory.getDOMCounters');
  return { cycle, heapKB: Math.round(heap.usedSize / 1024), nodes: counters.nodes, listeners: counters.jsEventListeners };
}

export async function measureMemory(browser: Browser, base: string, blocks: number, cycles: number): Promise<MemoryResult> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('HeapProfiler.enable');
  await page.goto(`${base}/bench/blocks-${blocks}-tessera`, { timeout: 120_000 });
  await page.waitForFunction(() => window.SiteRuntime !== undefined);
  await page.evaluate(() => window.SiteRuntime!.ready);
  const mounted = await sample(cdp, 0);
  const samples: MemorySample[] = [];
  let detached = 0;
  for (let cycle = 1; cycle <= cycles; cycle++) {
    await page.evaluate(() => window.SiteRuntime!.destroy(document.querySelector('main')!));
    if (cycle === cycles) {
      await cdp.send('HeapProfiler.collectGarbage');
      detached = (await cdp.send('DOM.getDetachedDomNodes')).detachedNodes.length;
    }
    await page.evaluate(() => window.SiteRuntime!.init(document.querySelector('main')!));
    samples.push(await sample(cdp, cycle));
  }
  await context.close();
  // Growth: the last cycles against the first (the first cycle warms caches and chunks up).
  return { blocks, mounted, cycles: samples, growthKB: samples.at(-1)!.heapKB - samples[0]!.heapKB, detachedAfterDestroy: detached };
}
