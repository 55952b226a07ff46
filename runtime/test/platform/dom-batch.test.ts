import { afterEach, describe, expect, it, vi } from 'vitest';
import { readThenWrite } from '../../src/platform/dom-batch';

describe('readThenWrite', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('runs every read of the batch before any write, in one later task', async () => {
    vi.useFakeTimers();
    const order: string[] = [];
    readThenWrite(
      () => (order.push('read a'), 1),
      (value) => order.push(`write a ${value}`),
    );
    readThenWrite(
      () => (order.push('read b'), 2),
      (value) => order.push(`write b ${value}`),
    );
    expect(order).toEqual([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual(['read a', 'read b', 'write a 1', 'write b 2']);
  });

  it('a failing read or write is reported and the others still run', async () => {
    vi.useFakeTimers();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const written: number[] = [];
    readThenWrite(
      () => {
        throw new Error('boom');
      },
      () => written.push(0),
    );
    readThenWrite(
      () => 1,
      () => {
        throw new Error('bang');
      },
    );
    readThenWrite(
      () => 2,
      (value) => written.push(value),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(written).toEqual([2]);
    expect(errors.mock.calls.map((call) => call[0])).toEqual(['A layout read failed.', 'A layout write failed.']);
  });

  it('work queued by a write waits for the next batch', async () => {
    vi.useFakeTimers();
    const order: string[] = [];
    readThenWrite(
      () => order.push('read 1'),
      () => readThenWrite(() => order.push('read 2'), () => order.push('write 2')),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual(['read 1']);
    await vi.advanceTimersByTimeAsync(1);
    expect(order).toEqual(['read 1', 'read 2', 'write 2']);
  });
});
