import { describe, expect, it, vi } from 'vitest';
import { CROSS_ORIGIN_HINT, createReporter, fromExtension, type ErrorEvent } from '../../src/errors/reporter';
import { trace } from '../../src/net/trace';
import { flush } from '../../src/net/beacon';

function setup() {
  vi.useFakeTimers();
  const batches: ErrorEvent[][] = [];
  const reporter = createReporter((batch) => batches.push(batch));
  const reports = () => batches.flat().map((event) => JSON.parse(event.data) as { message: string; stack: string; count: number });
  return { reporter, batches, reports };
}

describe('error reporter (spec part 1 §8–9)', () => {
  it('sends 1 s after the last error, with the event list shape', () => {
    const { reporter, batches } = setup();
    reporter.report(new Error('a'));
    vi.advanceTimersByTime(999);
    reporter.report(new Error('b'));
    vi.advanceTimersByTime(999);
    expect(batches).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(batches).toHaveLength(1);
    expect(batches[0]!.map((e) => e.event)).toEqual(['javascript_error', 'javascript_error']);
    expect(typeof batches[0]![0]!.timestamp).toBe('number');
  });

  it('cuts stack traces to 5000 characters', () => {
    const { reporter, reports } = setup();
    const error = new Error('long');
    error.stack = 'x'.repeat(9000);
    reporter.report(error);
    vi.advanceTimersByTime(1000);
    expect(reports()[0]!.stack).toHaveLength(5000);
  });

  it('counts identical errors instead of repeating them, even after sending', () => {
    const { reporter, reports, batches } = setup();
    for (let i = 0; i < 5; i += 1) reporter.report(new Error('same'), undefined, undefined, { source: 'a.js', line: 3 });
    vi.advanceTimersByTime(1000);
    expect(reports()).toMatchObject([{ message: 'same', count: 5 }]);
    reporter.report(new Error('same'), undefined, undefined, { source: 'a.js', line: 3 });
    vi.advanceTimersByTime(1000);
    expect(batches).toHaveLength(1);
  });

  it('keeps at most 10 queued and sends at most 20 batches a page', () => {
    const { reporter, batches } = setup();
    for (let i = 0; i < 50; i += 1) reporter.report(new Error(`e${i}`));
    vi.advanceTimersByTime(1000);
    expect(batches[0]).toHaveLength(10);
    for (let round = 0; round < 30; round += 1) {
      reporter.report(new Error(`round ${round}`));
      vi.advanceTimersByTime(1000);
    }
    expect(batches).toHaveLength(20);
  });

  it('drops extension errors and reports a cross-origin Script error once, with a hint', () => {
    const { reporter, reports } = setup();
    const extension = new Error('ext');
    extension.stack = 'Error: ext\n    at chrome-extension://abc/content.js:1:2';
    reporter.report(extension);
    reporter.report('Script error.', 'Script error.', undefined, { source: '', line: 0 });
    reporter.report('Script error.', 'Script error.', undefined, { source: 'x', line: 1 });
    vi.advanceTimersByTime(1000);
    expect(reports().map((r) => r.message)).toEqual([CROSS_ORIGIN_HINT]);
    expect(fromExtension('at moz-extension://x/a.js:1:1')).toBe(true);
    expect(fromExtension('at https://site.test/a.js:1:1\n at chrome-extension://x/b.js')).toBe(false);
  });
});

describe('trace events', () => {
  it('batch and wait 30000 ms before they go', () => {
    vi.useFakeTimers();
    const beacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: beacon });
    trace('video', { provider: 'x' });
    trace('video', { provider: 'y' });
    vi.advanceTimersByTime(29_999);
    expect(beacon).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(beacon).toHaveBeenCalledOnce();
    flush();
  });
});
