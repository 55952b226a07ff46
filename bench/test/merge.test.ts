import { describe, expect, it } from 'vitest';
import type { LighthouseResult } from '../lighthouse';
import type { MainThreadResult } from '../main-thread';
import { mergeResults } from '../merge';
import { renderResults, type Results } from '../report';

const audit = (page: string, score: number): LighthouseResult => ({ page, with: { score, tbtMs: 0, lcpMs: 1000, cls: 0 }, without: { score: 100, tbtMs: 0, lcpMs: 1000, cls: 0 } });
const run = (blocks: number, variant: MainThreadResult['variant'], tbtMs: number, contained = false): MainThreadResult => ({ blocks, variant, contained, runs: 5, readyMs: 100, longTasks: 1, longestMs: 60, tbtMs });
const full: Results = {
  date: '2026-11-23T09:00:00Z',
  machine: 'test',
  lighthouse: [audit('/', 100), audit('/map', 92), audit('/plain', 100)],
  mainThread: [run(1000, 'none', 500), run(1000, 'tessera', 2000), run(1000, 'tessera', 90, true)],
  ingest: [{ name: 'census', seconds: 10, connections: 10, perSecond: 5000, p99Ms: 6, sent: 10, ok: 10, stored: 10, errors: 0 }],
};

describe('merging a partial run into the last full one', () => {
  it('replaces the rows it measured, keeps the others in their order, and says what changed when', () => {
    const merged = mergeResults(full, { date: '2026-11-23T21:00:00Z', machine: 'test', lighthouse: [audit('/map', 99)], mainThread: [run(1000, 'tessera', 1500, true)] });
    expect(merged.lighthouse!.map((r) => [r.page, r.with.score])).toEqual([['/', 100], ['/map', 99], ['/plain', 100]]);
    expect(merged.mainThread!.map((r) => r.tbtMs)).toEqual([500, 2000, 1500]);
    expect(merged.ingest).toBe(full.ingest);
    expect(merged.date).toBe(full.date);
    expect(merged.updates).toEqual(['2026-11-23T21:00:00Z: main thread at 1000 blocks; Lighthouse (simulated throttling) on /map']);
    expect(renderResults(merged)).toContain('- 2026-11-23T21:00:00Z: main thread at 1000 blocks; Lighthouse (simulated throttling) on /map');
  });

  it('adds rows the full run did not have, and keeps earlier updates', () => {
    const once = mergeResults(full, { date: 'A', machine: 'test', lighthouse: [audit('/new', 100)] });
    const twice = mergeResults(once, { date: 'B', machine: 'test', memory: undefined });
    expect(twice.lighthouse!.map((r) => r.page)).toEqual(['/', '/map', '/plain', '/new']);
    expect(twice.updates).toEqual(['A: Lighthouse (simulated throttling) on /new', 'B: nothing']);
  });
});
