import { describe, expect, it } from 'vitest';
import { workerPause } from '../src/workers/pause';

describe('a worker’s pause', () => {
  it('ends at a wake; a wake while the worker is busy looking ends its next pause at once, once', async () => {
    const pause = workerPause();
    const waited = (ms: number) => {
      const started = Date.now();
      return pause.wait(ms).then(() => Date.now() - started);
    };
    const woken = waited(60_000);
    pause.wake();
    expect(await woken).toBeLessThan(1_000);
    // Work queued while the worker's query ran: the wake comes when no pause is waiting.
    pause.wake();
    expect(await waited(60_000)).toBeLessThan(1_000);
    // Remembered once: the pause after that waits its time.
    expect(await waited(50)).toBeGreaterThanOrEqual(45);
  });
});
