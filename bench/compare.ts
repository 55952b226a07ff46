/**
 * `--compare=/a,/b`: pages measured side by side at 4x throttling in interleaved runs (a, b, a,
 * b, …), so that the machine's noise falls on both alike: median blocking time, long tasks,
 * ready time and main-thread time of each, as in the main-thread section, and in how many runs
 * the script caused a long task (what the demo-page target counts). For trying a change
 * against the build before it (an address on another server, such as `--serve` from a checkout
 * of that build, or a query value the experiment reads), or one page against another.
 */
import type { Browser } from '@playwright/test';
import { medianRun, runOnce, type MainThreadRun } from './main-thread';
import type { Variant } from './pages';

/** The variant a page runs as: the peer pages, the pages without a script, or Tessera's. */
const variantOf = (path: string): Variant => (/-peers\b/.test(path) ? 'peers' : /-none\b/.test(path) ? 'none' : 'tessera');

export async function comparePages(browser: Browser, base: string, paths: string[], runs: number): Promise<string[]> {
  const all = new Map<string, MainThreadRun[]>(paths.map((path) => [path, []]));
  const url = (path: string) => (/^https?:\/\//.test(path) ? path : base + path);
  for (let i = 0; i < runs; i++) for (const path of paths) all.get(path)!.push(await runOnce(browser, url(path), variantOf(path)));
  const lines = [`Interleaved runs at 4x throttling (${runs} each), medians; blocking time of every run in brackets:`];
  for (const [path, list] of all) {
    const typical = medianRun(list);
    const tbt = list.map((run) => run.tbtMs);
    lines.push(
      `${path}: blocking ${Math.round(typical.tbtMs)} ms [${tbt.map(Math.round).join(', ')}], long tasks ${typical.longTasks}, caused by the script ${typical.causedLongTasks} (in ${list.filter((run) => run.causedLongTasks).length} of ${runs} runs), ready ${typical.readyMs === null ? 'n/a' : `${Math.round(typical.readyMs)} ms`}, main thread ${Math.round(typical.mainThreadMs!)} ms (script ${Math.round(typical.scriptMs!)}, style and layout ${Math.round(typical.styleLayoutMs!)})`,
    );
  }
  return lines;
}
