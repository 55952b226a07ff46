import { describe, expect, it } from 'vitest';
import { causedBy } from '../main-thread';

const site = 'http://127.0.0.1:4800';

describe('causedBy (long tasks the page script made long)', () => {
  it('counts a long task that would be short without the runtime script time in it', () => {
    const tasks: [number, number][] = [[100, 80]];
    const scripts: [number, number, string][] = [[105, 40, `${site}/runtime/site.js`]];
    expect(causedBy(tasks, scripts, '/runtime/')).toEqual({ count: 1, longestMs: 80 });
  });

  it('does not count a task that is long without the runtime, or one the runtime did not run in', () => {
    const tasks: [number, number][] = [
      [100, 120], // 20 ms of ours in it: still 100 ms without them
      [400, 90], // someone else's
    ];
    const scripts: [number, number, string][] = [
      [110, 20, `${site}/runtime/chunks/form-abc.js`],
      [405, 85, `${site}/theme.js`],
    ];
    expect(causedBy(tasks, scripts, '/runtime/')).toEqual({ count: 0, longestMs: 0 });
  });

  it('adds up every runtime script in one task, and ignores scripts without a source', () => {
    const tasks: [number, number][] = [[0, 70]];
    const scripts: [number, number, string][] = [
      [1, 15, `${site}/runtime/site.js`],
      [20, 10, `${site}/runtime/chunks/banner-x.js`],
      [40, 30, ''],
    ];
    // 25 ms of ours: 45 ms without them, so the task is ours.
    expect(causedBy(tasks, scripts, '/runtime/')).toEqual({ count: 1, longestMs: 70 });
  });
});
