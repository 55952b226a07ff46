/** bench/RESULTS.md: every figure with its target and PASS or FAIL beside it. */
import type { PageBytes } from './bytes';
import type { IngestResult } from './ingest';
import type { StorageResult } from './storage';
import { THROTTLING_METHODS, type LighthouseResult } from './lighthouse';
import { addsNoLongTask, type DemoPageRuns } from './demo-main';
import type { MainThreadResult, MainThreadRun } from './main-thread';
import type { MemoryResult } from './memory';
import { PEERS, type Peer } from './bundle';

export interface Results {
  date: string;
  machine: string;
  peerSizes?: Record<Peer, number>;
  likeForLike?: { tessera: number; peers: number; files: { path: string; bytes: number }[] };
  bytes?: PageBytes[];
  mainThread?: MainThreadResult[];
  demoMainThread?: DemoPageRuns[];
  memory?: MemoryResult;
  lighthouse?: LighthouseResult[];
  ingest?: IngestResult[];
  storage?: StorageResult[];
  /** Partial runs merged in since the full run (bench/merge.ts): when, and what they measured. */
  updates?: string[];
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const ms = (value: number | null) => (value === null || Number.isNaN(value) ? 'n/a' : `${Math.round(value)} ms`);
/** Main-thread time and its script and style/layout parts; results from before they were measured have none. */
const taskTime = (run: MainThreadRun) =>
  run.mainThreadMs === undefined ? 'n/a' : `${ms(run.mainThreadMs)} (${ms(run.scriptMs ?? null)}; ${ms(run.styleLayoutMs ?? null)})`;
/** A layout shift score; Lighthouse gives none (NaN, null once in JSON) for a page it cannot score. */
const cls = (value: number | null) => (typeof value === 'number' && Number.isFinite(value) ? value.toFixed(3) : 'n/a');
const verdict = (pass: boolean) => (pass ? '**PASS**' : '**FAIL**');
/** Long tasks the script caused, with the longest of them; n/a in results from before it was measured. */
const caused = (run: MainThreadRun) =>
  run.causedLongTasks === undefined ? 'n/a' : run.causedLongTasks ? `${run.causedLongTasks} (${ms(run.longestCausedMs ?? 0)})` : '0';

/** Lighthouse scored the page with and without the runtime (an error page it does not score; results before errors were kept have null metrics). */
const scored = (r: LighthouseResult): boolean => !r.with.error && !r.without.error && r.with.tbtMs !== null && r.without.tbtMs !== null;
/** Why Lighthouse scored no page: its error code and the status the page answered, where it says. */
const unscored = (r: LighthouseResult): string => {
  const error = r.with.error ?? r.without.error;
  if (!error) return 'no metrics in its report';
  const status = /Status code: \d+/.exec(error)?.[0];
  return status ? `${error.split(':')[0]} (${status})` : error.split(':')[0]!;
};

/** Our chunks that do one peer's work, each with that peer. */
const SINGLE_PEER_CHUNKS: Array<[string, Peer]> = [
  ['chunks/lightbox.js', 'photoswipe'],
  ['chunks/video.js', 'lite-youtube-embed'],
  ['chunks/banner.js', 'vanilla-cookieconsent'],
  ['chunks/collector.js', 'web-vitals'],
  ['chunks/map.js', '@googlemaps/js-api-loader'],
];

export interface Verdicts {
  [target: string]: boolean;
}

export function verdicts(results: Results): Verdicts {
  const out: Verdicts = {};
  if (results.likeForLike) out['like-for-like set ≤ 1/3 of the peer stack (page-view tracker included)'] = results.likeForLike.tessera <= results.likeForLike.peers / 3;
  if (results.mainThread) Object.assign(out, thousandBlockVerdicts(results.mainThread));
  if (results.demoMainThread) out['no long task caused by the runtime on any demo page (4x throttle)'] = results.demoMainThread.every(addsNoLongTask);
  if (results.memory) out['no heap growth over ten mount/destroy cycles, no detached DOM'] = results.memory.growthKB <= 256 && (results.memory.detachedHeldByPage ?? results.memory.detachedAfterDestroy) === 0;
  // A page Lighthouse cannot score either way (it answers an error status) is listed, not judged.
  for (const throttling of THROTTLING_METHODS) {
    const rows = results.lighthouse?.filter((r) => (r.throttling ?? 'simulated') === throttling);
    if (rows?.length) out[`Lighthouse within 1 point and TBT within 10 ms of the page without the runtime (${throttling} throttling)`] = rows.filter(scored).every((r) => r.without.score - r.with.score <= 1 && r.with.tbtMs - r.without.tbtMs <= 10);
  }
  for (const r of results.storage ?? []) {
    out[`${r.engine}: traffic panel within 100 ms at ${r.pageViews.toLocaleString('en')} page views`] = r.panelP95Ms <= 100;
    if (r.performancePanelP95Ms !== undefined) out[`${r.engine}: performance panel within 100 ms at ${(r.pageViews / 10).toLocaleString('en')} page loads measured`] = r.performancePanelP95Ms <= 100;
    out[`${r.engine}: census ingest p99 while the panel is read ≤ 2× its p99 without`] = r.ingestP99DuringReadsMs <= 2 * Math.max(1, r.ingestP99QuietMs);
  }
  if (results.ingest) {
    const hits = results.ingest[0]!;
    out['server ≥ 3,000 census hits/s with p99 < 50 ms, none lost'] = hits.perSecond >= 3000 && hits.p99Ms < 50 && results.ingest.every((r) => r.stored >= r.ok && r.stored <= r.sent);
  }
  return out;
}

/**
 * The 1,000-block page in the plain theme against the peer stack, both over the page without a
 * script: added blocking time at most a quarter of the peers', no long task the runtime caused,
 * ready and added main-thread work no more than the peers'.
 */
function thousandBlockVerdicts(rows: MainThreadResult[]): Verdicts {
  const row = (variant: MainThreadResult['variant']) => rows.find((r) => r.blocks === 1000 && r.variant === variant && !r.contained);
  const [none, ours, peers] = [row('none'), row('tessera'), row('peers')];
  if (!none || !ours || !peers) return {};
  const added = (r: MainThreadRun, figure: (run: MainThreadRun) => number) => figure(r) - figure(none);
  const out: Verdicts = {
    '1,000 blocks: added blocking time ≤ 1/4 of the peer stack\'s (4x throttle)': added(ours, (r) => r.tbtMs) <= added(peers, (r) => r.tbtMs) / 4,
    '1,000 blocks: no long task caused by the runtime (4x throttle)': ours.causedLongTasks === 0,
  };
  if (ours.readyMs !== null && peers.readyMs !== null) out['1,000 blocks: ready no later than the peer stack (4x throttle)'] = ours.readyMs <= peers.readyMs;
  if (ours.mainThreadMs !== undefined && peers.mainThreadMs !== undefined) {
    out['1,000 blocks: added main-thread work ≤ the peer stack\'s (4x throttle)'] = added(ours, (r) => r.mainThreadMs!) <= added(peers, (r) => r.mainThreadMs!);
  }
  return out;
}

export function renderResults(results: Results): string {
  const lines: string[] = ['# Benchmark results', '', `Run ${results.date} on ${results.machine}. Made by \`npm run bench\` (see bench/README.md); medians where a figure is timed. The machine is shared and noisy: read the ratios, not the absolute times.`, ''];
  if (results.updates?.length) lines.push('Re-measured since, by partial runs merged into this one (`--merge`); every other figure is the full run\'s:', '', ...results.updates.map((update) => `- ${update}`), '');
  lines.push('## Targets', '', '| target | result |', '|---|---|');
  for (const [target, pass] of Object.entries(verdicts(results))) lines.push(`| ${target} | ${verdict(pass)} |`);
  lines.push('');
  if (results.peerSizes) {
    lines.push('## 1. Bytes', '', 'The peer stack, bundled by the same Rollup and terser settings (gzip):', '', '| peer | covers | gzip |', '|---|---|---|');
    for (const [peer, size] of Object.entries(results.peerSizes)) lines.push(`| ${peer} | ${PEERS[peer as Peer].covers} | ${kb(size)} |`);
    const total = Object.values(results.peerSizes).reduce((a, b) => a + b, 0);
    lines.push(`| **all** | | **${kb(total)}** |`, '');
    if (results.likeForLike) {
      const { tessera, peers } = results.likeForLike;
      lines.push(`Like-for-like (a page with a slideshow with thumbnails, the lightbox, a video, the cookie banner, performance collection, page-view tracking and a map, as downloaded): Tessera ${kb(tessera)}, peers ${kb(peers)}, ratio 1/${(peers / tessera).toFixed(2)} (target 1/3, aim 1/4): ${verdict(tessera <= peers / 3)}. What it downloads: ${results.likeForLike.files.map((file) => `\`${file.path.replace('/runtime/', '')}\` ${kb(file.bytes)}`).join(', ')}.`, '');
      const pairs = SINGLE_PEER_CHUNKS.map(([chunk, peer]) => ({ chunk, peer, ours: results.likeForLike!.files.find((file) => file.path.endsWith(`/${chunk}`))?.bytes, theirs: results.peerSizes![peer] })).filter((pair) => pair.ours && pair.theirs);
      if (pairs.length) {
        lines.push('The chunks that do the work of one peer, beside it (bench/README.md says what each over its peer does that the peer does not):', '', '| chunk | peer | chunk / peer |', '|---|---|---|');
        for (const pair of pairs) lines.push(`| \`${pair.chunk}\` ${kb(pair.ours!)} | ${pair.peer} ${kb(pair.theirs!)} | ${(pair.ours! / pair.theirs!).toFixed(2)}× |`);
        lines.push('');
      }
    }
  }
  if (results.bytes) {
    lines.push('JavaScript downloaded per demo page (gzip, same-origin scripts, measured in Chromium after `ready`), beside the peer libraries for the features the page uses:', '', '| page | scripts | Tessera | peers used | peer bytes |', '|---|---|---|---|---|');
    for (const row of results.bytes) lines.push(`| \`${row.page}\` | ${row.scripts} | ${kb(row.tessera)} | ${row.peers.join(', ') || '—'} | ${row.peerBytes ? kb(row.peerBytes) : '—'} |`);
    lines.push('');
  }
  if (results.mainThread) {
    lines.push('## 2. Main thread (4x CPU throttling)', '', '| blocks | page | script arrival → ready | long tasks | caused by the script (longest) | longest | total blocking time | added to the limit | main thread (script; style and layout) |', '|---|---|---|---|---|---|---|---|---|');
    for (const r of results.mainThread) {
      const limit = results.mainThread.find((l) => l.blocks === r.blocks && !!l.contained === !!r.contained && l.variant === 'none');
      const name = r.variant === 'none' ? 'no script (the limit)' : r.variant === 'peers' ? 'peer stack' : 'Tessera';
      const added = r.variant === 'none' || !limit ? '' : ms(Math.max(0, r.tbtMs - limit.tbtMs));
      lines.push(`| ${r.blocks}${r.contained ? ', contained theme' : ''} | ${name} | ${ms(r.readyMs)} | ${r.longTasks} | ${caused(r)} | ${ms(r.longestMs)} | ${ms(r.tbtMs)} | ${added} | ${taskTime(r)} |`);
    }
    lines.push(
      '',
      '"Contained theme": the same page with `main > section { content-visibility: auto; contain-intrinsic-size: auto 400px }`, for every variant: sections off screen are not rendered until they come near.',
      '',
      '"Main thread": the time of every task on the page\'s main thread from navigation to two seconds after ready, and the script\'s and style and layout\'s part of it (CDP `Performance.getMetrics`): the work itself, wherever it falls, steadier from run to run than the blocking time, which depends on how the work is cut into tasks.',
      '',
      '"Caused by the script": long tasks in which the page\'s script (Tessera\'s chunks, or the peer bundle) ran and which would be under 50 ms without its time there, from the script attribution of the Long Animation Frames API. Rendering that its DOM changes bring about is not attributed to it; the blocking time beside the limit shows that.',
      '',
    );
  }
  if (results.demoMainThread) {
    lines.push('Every demo page with the runtime and without it (its script tag stripped), medians:', '', '| page | ready | long tasks caused by the runtime (longest) | long tasks with / without | longest with / without | blocking time with / without | runtime causes none |', '|---|---|---|---|---|---|---|');
    for (const r of results.demoMainThread) lines.push(`| \`${r.page}\` | ${ms(r.with.readyMs)} | ${caused(r.with)} | ${r.with.longTasks} / ${r.without.longTasks} | ${ms(r.with.longestMs)} / ${ms(r.without.longestMs)} | ${ms(r.with.tbtMs)} / ${ms(r.without.tbtMs)} | ${verdict(addsNoLongTask(r))} |`);
    lines.push('');
  }
  if (results.memory) {
    const m = results.memory;
    lines.push('## 4. Memory', '', `${m.blocks} blocks mounted: ${m.mounted.heapKB} KB heap, ${m.mounted.nodes} nodes, ${m.mounted.listeners} listeners. After each destroy and init (after a forced GC${m.warmUpCycles ? `; ${m.warmUpCycles} unmeasured cycles first, while V8 compiles the mounting code up through its tiers` : ''}):`, '', '| cycle | heap | nodes | listeners |', '|---|---|---|---|');
    for (const s of m.cycles) lines.push(`| ${s.cycle} | ${s.heapKB} KB | ${s.nodes} | ${s.listeners} |`);
    lines.push('', `Heap growth from cycle 1 to ${m.cycles.length}: ${m.growthKB} KB (target: none beyond 256 KB of noise); detached DOM nodes after the last destroy: ${m.detachedAfterDestroy}${m.detachedNodes?.length ? ` (${m.detachedNodes.join(', ')})` : ''}${m.detachedPerCycle ? `; after each destroy: ${m.detachedPerCycle.join(', ')}` : ''}. Held by the page (a heap snapshot path to a GC root that does not pass through DevTools): ${m.detachedHeldByPage ?? 'not checked'}.`, '', ...(m.retainedBy ?? []).map((path) => `- retained: ${path}`), '');
    if (m.grewMost?.length) lines.push('What the heap gained from cycle 2 to the last (heap snapshots, by constructor):', '', ...m.grewMost.map((line) => `- ${line}`), '');
  }
  for (const throttling of THROTTLING_METHODS) {
    const rows = results.lighthouse?.filter((r) => (r.throttling ?? 'simulated') === throttling);
    if (!rows?.length) continue;
    lines.push(`## 3${throttling === 'simulated' ? '' : 'b'}. Lighthouse 12.8 (mobile, ${throttling} throttling)`, '', '| page | score with / without | TBT with / without | LCP with / without | CLS with / without |', '|---|---|---|---|---|');
    for (const r of rows) {
      if (scored(r)) lines.push(`| \`${r.page}\` | ${r.with.score} / ${r.without.score} | ${ms(r.with.tbtMs)} / ${ms(r.without.tbtMs)} | ${ms(r.with.lcpMs)} / ${ms(r.without.lcpMs)} | ${cls(r.with.cls)} / ${cls(r.without.cls)} |`);
      else lines.push(`| \`${r.page}\` | not scored: ${unscored(r)} | | | |`);
    }
    lines.push('');
  }
  if (results.storage?.length) {
    lines.push(
      '## 5b. Storage at scale (bench/storage.ts)',
      '',
      '| engine | page views stored | seeding | traffic panel (90 days) median / p95 | performance panel (90 days) median / p95 | census p99 quiet / during panel reads | census hits/s, one instance / two |',
      '|---|---|---|---|---|---|---|',
    );
    for (const r of results.storage) {
      lines.push(`| ${r.engine} | ${r.pageViews.toLocaleString('en')} | ${r.seedSeconds.toFixed(1)} s | ${ms(r.panelMedianMs)} / ${ms(r.panelP95Ms)} | ${r.performancePanelP95Ms === undefined ? 'n/a' : `${ms(r.performancePanelMedianMs)} / ${ms(r.performancePanelP95Ms)}`} | ${r.ingestP99QuietMs} / ${r.ingestP99DuringReadsMs} ms | ${r.hitsPerSecondOne} / ${r.hitsPerSecondTwo ?? 'n/a'} |`);
    }
    lines.push('');
  }
  if (results.ingest) {
    lines.push('## 5. Server ingest (autocannon, loopback)', '', '| what | connections | per second | p99 | sent | answered 2xx | stored | errors |', '|---|---|---|---|---|---|---|---|');
    for (const r of results.ingest) lines.push(`| ${r.name} | ${r.connections} | ${r.perSecond} | ${r.p99Ms} ms | ${r.sent} | ${r.ok} | ${r.stored} | ${r.errors} |`);
    lines.push('');
  }
  return lines.join('\n');
}
