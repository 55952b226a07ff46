import { describe, expect, it } from 'vitest';
import type { MainThreadResult } from '../main-thread';
import { verdicts } from '../report';

const row = (variant: MainThreadResult['variant'], tbtMs: number, readyMs: number | null, mainThreadMs: number, causedLongTasks = 0): MainThreadResult => ({
  blocks: 1000,
  variant,
  runs: 5,
  readyMs,
  longTasks: 0,
  longestMs: 0,
  tbtMs,
  causedLongTasks,
  mainThreadMs,
});
const judged = (rows: MainThreadResult[]) => verdicts({ date: '2026-11-26T00:00:00Z', machine: 'test', mainThread: rows });

describe('the 1,000-block targets (issue 41)', () => {
  it('compare what each script adds to the page without one', () => {
    const out = judged([row('none', 200, null, 1500), row('tessera', 400, 3000, 4000), row('peers', 2200, 3200, 4100)]);
    // Added blocking 200 against the peers' 2,000: within a quarter. Added work 2,500 against 2,600.
    expect(out).toEqual({
      "1,000 blocks: added blocking time ≤ 1/4 of the peer stack's (4x throttle)": true,
      '1,000 blocks: no long task caused by the runtime (4x throttle)': true,
      '1,000 blocks: ready no later than the peer stack (4x throttle)': true,
      "1,000 blocks: added main-thread work ≤ the peer stack's (4x throttle)": true,
    });
  });

  it('fail on a caused long task, a later ready, more added work or more than a quarter of the blocking', () => {
    const out = judged([row('none', 200, null, 1500), row('tessera', 800, 3300, 4200, 1), row('peers', 2200, 3200, 4100)]);
    expect(Object.values(out)).toEqual([false, false, false, false]);
  });

  it('judge nothing without all three variants (a partial run)', () => {
    expect(judged([row('tessera', 400, 3000, 4000)])).toEqual({});
  });
});
