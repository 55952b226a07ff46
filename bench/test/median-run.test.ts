import { describe, expect, it } from 'vitest';
import { medianRun, type MainThreadRun } from '../main-thread';

const run = (figures: Partial<MainThreadRun>): MainThreadRun => ({ readyMs: 100, longTasks: 0, longestMs: 0, tbtMs: 0, ...figures });

describe('medianRun (the typical run of several)', () => {
  it('takes the median of every figure, main-thread time and its parts included', () => {
    const typical = medianRun([
      run({ tbtMs: 300, mainThreadMs: 3000, scriptMs: 900, styleLayoutMs: 700 }),
      run({ tbtMs: 100, mainThreadMs: 3400, scriptMs: 800, styleLayoutMs: 900 }),
      run({ tbtMs: 200, mainThreadMs: 3200, scriptMs: 1000, styleLayoutMs: 800 }),
    ]);
    expect(typical).toMatchObject({ tbtMs: 200, mainThreadMs: 3200, scriptMs: 900, styleLayoutMs: 800 });
  });

  it('takes ready over the runs that have one, and leaves out a figure no run has', () => {
    const typical = medianRun([run({ readyMs: null }), run({ readyMs: 400 }), run({ readyMs: 200, causedLongTasks: 1 })]);
    expect(typical.readyMs).toBe(300);
    expect(typical.causedLongTasks).toBe(0);
    expect(typical.mainThreadMs).toBeUndefined();
    expect(medianRun([run({ readyMs: null })]).readyMs).toBeNull();
  });
});
