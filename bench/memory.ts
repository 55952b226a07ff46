/**
 * Memory: the JS heap and DOM counters after mounting 1,000 blocks, then over ten destroy/init
 * cycles (each measured after a forced garbage collection), and the detached DOM nodes left
 * after the last destroy (CDP DOM.getDetachedDomNodes).
 */
import { heapGrowth, heapSummary, type HeapSummary } from './heap-diff';
import { detachedRetainers } from './retainers';
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
  /** Cycles run before the measured ones (absent in results from before they were). */
  warmUpCycles?: number;
  detachedAfterDestroy: number;
  /** Detached nodes after each destroy: a leak grows with the cycles. */
  detachedPerCycle?: number[];
  /** The first detached nodes, described. */
  detachedNodes?: string[];
  /** Detached elements the page holds (not only DevTools, which keeps nodes it has reported). */
  detachedHeldByPage?: number;
  /** How the first of them are reached from a GC root (heap snapshot). */
  retainedBy?: string[];
  /** What the heap gained from the second cycle to the last, by constructor (heap snapshots). */
  grewMost?: string[];
}

async function sample(cdp: CDPSession, cycle: number): Promise<MemorySample> {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = await cdp.send('Runtime.getHeapUsage');
  const counters = await cdp.send('Memory.getDOMCounters');
  return { cycle, heapKB: Math.round(heap.usedSize / 1024), nodes: counters.nodes, listeners: counters.jsEventListeners };
}

/** Mount/destroy cycles run before the measured ones. */
const WARM_UP_CYCLES = 3;

export async function measureMemory(browser: Browser, base: string, blocks: number, cycles: number): Promise<MemoryResult> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('HeapProfiler.enable');
  await page.goto(`${base}/bench/blocks-${blocks}-tessera`, { timeout: 120_000 });
  await page.waitForFunction(() => window.SiteRuntime !== undefined);
  await page.evaluate(() => window.SiteRuntime!.ready);
  const mounted = await sample(cdp, 0);
  // Unmeasured cycles first: V8 compiles the mounting code up through its tiers over the first
  // few mounts (in a twenty-cycle run the heap grew 240 KB in cycles 1 to 4, nearly all of it
  // code, and 39 KB from 4 to 20), which is not the growth a leak makes.
  for (let cycle = 0; cycle < WARM_UP_CYCLES; cycle++) {
    await page.evaluate(() => window.SiteRuntime!.destroy(document.querySelector('main')!));
    await page.evaluate(() => window.SiteRuntime!.init(document.querySelector('main')!));
  }
  const samples: MemorySample[] = [];
  let detached = 0;
  let described: string[] = [];
  let retainedBy: string[] = [];
  let heldByPage = 0;
  const detachedPerCycle: number[] = [];
  let afterWarmUp: HeapSummary | undefined;
  let grewMost: string[] = [];
  for (let cycle = 1; cycle <= cycles; cycle++) {
    await page.evaluate(() => window.SiteRuntime!.destroy(document.querySelector('main')!));
    // Blink lets go of removed elements at its next rendering update: let two frames pass.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await cdp.send('HeapProfiler.collectGarbage');
    const { detachedNodes } = await cdp.send('DOM.getDetachedDomNodes');
    detachedPerCycle.push(detachedNodes.length);
    if (cycle === cycles) {
      detached = detachedNodes.length;
      described = detachedNodes.slice(0, 10).map(({ treeNode }) => describeNode(treeNode));
      if (detached > 0) {
        const found = await detachedRetainers(cdp);
        retainedBy = found.paths.slice(0, 3);
        heldByPage = found.heldByPage;
      }
    }
    await page.evaluate(() => window.SiteRuntime!.init(document.querySelector('main')!));
    samples.push(await sample(cdp, cycle));
    // Snapshots after the second cycle (caches and chunks warm) and the last, compared.
    if (cycle === 2) afterWarmUp = await heapSummary(cdp);
    if (cycle === cycles && afterWarmUp) grewMost = await heapGrowth(afterWarmUp, cdp);
  }
  await context.close();
  // Growth: the last cycle against the first measured one.
  return { blocks, mounted, warmUpCycles: WARM_UP_CYCLES, cycles: samples, growthKB: samples.at(-1)!.heapKB - samples[0]!.heapKB, detachedAfterDestroy: detached, detachedPerCycle, detachedNodes: described, retainedBy, detachedHeldByPage: heldByPage, grewMost };
}

interface TreeNode {
  nodeName: string;
  attributes?: string[];
  children?: TreeNode[];
}

/** `DIV.tg-controls (3 children)`: enough to find who made a node that outlived its block. */
function describeNode(node: TreeNode): string {
  const attributes = node.attributes ?? [];
  const attribute = (name: string) => attributes[attributes.indexOf(name) + 1];
  const id = attributes.includes('id') ? `#${attribute('id')}` : '';
  const className = attributes.includes('class') ? `.${attribute('class')!.trim().split(/\s+/).join('.')}` : '';
  return `${node.nodeName}${id}${className} (${node.children?.length ?? 0} children)`;
}
