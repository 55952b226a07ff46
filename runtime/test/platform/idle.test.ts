import { afterEach, describe, expect, it, vi } from 'vitest';

type IdleCallback = (deadline: { timeRemaining(): number; didTimeout: boolean }) => void;

describe('whenIdle', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
    vi.useRealTimers();
  });

  it('runs jobs in idle periods while time remains, within a time-out, and the rest when the page hides', async () => {
    const callbacks: IdleCallback[] = [];
    const timeouts: number[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: IdleCallback, options: { timeout: number }) => {
      callbacks.push(callback);
      timeouts.push(options.timeout);
      return callbacks.length;
    });
    const { whenIdle, IDLE_TIMEOUT_MS, IDLE_SLICE_MS, OVERDUE_TIMEOUT_MS } = await import('../../src/platform/idle');
    const ran: number[] = [];
    for (let i = 0; i < 5; i++) whenIdle(() => ran.push(i));
    expect(ran).toEqual([]);
    expect(callbacks).toHaveLength(1);
    expect(timeouts).toEqual([IDLE_TIMEOUT_MS]);
    expect(IDLE_TIMEOUT_MS).toBe(2000);
    expect([IDLE_SLICE_MS, OVERDUE_TIMEOUT_MS]).toEqual([5, 50]);
    // 3 ms of idle time: three jobs, then only the reserve is left. The clock is the test's (a
    // busy machine's took the 5 ms slice between two jobs).
    const standing = vi.spyOn(performance, 'now').mockReturnValue(1000);
    let left = 3;
    callbacks.shift()!({ timeRemaining: () => left--, didTimeout: false });
    standing.mockRestore();
    expect(ran).toEqual([0, 1, 2]);
    // Timed out: a short slice (here the clock stands still past it after one job), then soon again.
    const now = vi.spyOn(performance, 'now');
    now.mockReturnValueOnce(1000).mockReturnValue(1000 + IDLE_SLICE_MS);
    callbacks.shift()!({ timeRemaining: () => 0, didTimeout: true });
    now.mockRestore();
    expect(ran).toEqual([0, 1, 2, 3]);
    expect(timeouts).toEqual([IDLE_TIMEOUT_MS, IDLE_TIMEOUT_MS, OVERDUE_TIMEOUT_MS]);
    window.dispatchEvent(new Event('pagehide'));
    expect(ran).toEqual([0, 1, 2, 3, 4]);
    // The callback already asked for finds nothing left and asks for no other.
    callbacks.shift()!({ timeRemaining: () => 50, didTimeout: false });
    expect(callbacks).toHaveLength(0);
  });

  it('a long idle period runs one 5 ms slice, then asks again (no long task on a slow phone)', async () => {
    const callbacks: IdleCallback[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: IdleCallback) => callbacks.push(callback));
    const { whenIdle, IDLE_SLICE_MS } = await import('../../src/platform/idle');
    const ran: number[] = [];
    let clock = 1000;
    const now = vi.spyOn(performance, 'now').mockImplementation(() => clock);
    // Each job takes 2 ms; the browser offers 49 ms of idle time.
    for (let i = 0; i < 20; i++)
      whenIdle(() => {
        ran.push(i);
        clock += 2;
      });
    callbacks.shift()!({ timeRemaining: () => 49, didTimeout: false });
    expect(ran).toEqual([0, 1, 2]);
    expect(clock - 1000).toBeLessThanOrEqual(IDLE_SLICE_MS + 2);
    expect(callbacks).toHaveLength(1);
    now.mockRestore();
  });

  it('overdue work runs for a short slice per callback, not one job at a time', async () => {
    const callbacks: IdleCallback[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: IdleCallback) => callbacks.push(callback));
    const { whenIdle } = await import('../../src/platform/idle');
    const ran: number[] = [];
    // The clock is the test's: each job takes 0.04 ms, whatever else the machine is doing.
    let clock = 1000;
    const now = vi.spyOn(performance, 'now').mockImplementation(() => clock);
    for (let i = 0; i < 150; i++)
      whenIdle(() => {
        ran.push(i);
        clock += 0.04;
      });
    callbacks.shift()!({ timeRemaining: () => 0, didTimeout: true });
    now.mockRestore();
    // As many as fit in one 5 ms slice (not one job per callback), then a callback for the rest.
    expect(ran.length).toBeGreaterThanOrEqual(124);
    expect(ran.length).toBeLessThanOrEqual(126);
    expect(callbacks).toHaveLength(1);
  });

  it('a failing job is logged and the next one runs; without requestIdleCallback a timer drives it', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { whenIdle } = await import('../../src/platform/idle');
    const ran: string[] = [];
    whenIdle(() => {
      throw new Error('boom');
    });
    whenIdle(() => ran.push('second'));
    await vi.advanceTimersByTimeAsync(5);
    expect(ran).toEqual(['second']);
    expect(errors).toHaveBeenCalledWith('Idle work failed.', expect.any(Error));
  });

  it('a cancelled job never runs and is let go; the same function queued twice runs twice', async () => {
    const callbacks: IdleCallback[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: IdleCallback) => callbacks.push(callback));
    const { whenIdle } = await import('../../src/platform/idle');
    const ran: string[] = [];
    const cancelFirst = whenIdle(() => ran.push('first'));
    const twice = () => ran.push('twice');
    whenIdle(twice);
    whenIdle(twice);
    cancelFirst();
    cancelFirst(); // cancelling again is harmless
    vi.spyOn(performance, 'now').mockReturnValue(1000);
    callbacks.shift()!({ timeRemaining: () => 50, didTimeout: false });
    expect(ran).toEqual(['twice', 'twice']);
    window.dispatchEvent(new Event('pagehide'));
    expect(ran).toEqual(['twice', 'twice']);
  });
});
