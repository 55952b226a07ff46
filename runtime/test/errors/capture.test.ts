import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureErrors, handErrorsTo, MAX_CAPTURED } from '../../src/errors/capture';
import { startErrorReporting, type ErrorEvent } from '../../src/errors/reporter';
import { reportError } from '../../src/platform/report';

let stop: (() => void) | null = null;
afterEach(() => stop?.());

const windowError = (error: Error) => window.dispatchEvent(new window.ErrorEvent('error', { error, message: error.message, filename: 'https://shop.example/app.js', lineno: 3, colno: 7 }));

describe('error capture in site.js', () => {
  it('keeps what happens before the reporter arrives, in order and bounded, then hands it over', () => {
    stop = captureErrors();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    windowError(new Error('early'));
    reportError(new Error('block broke'), 'Block "gallery" failed to initialise.', { blockType: 'gallery' });
    for (let i = 0; i < MAX_CAPTURED + 5; i++) windowError(new Error(`flood ${i}`));
    const handled: unknown[][] = [];
    handErrorsTo((...args) => handled.push(args));
    expect(handled).toHaveLength(MAX_CAPTURED);
    expect(handled[0]).toEqual([expect.objectContaining({ message: 'early' }), undefined, undefined, { source: 'https://shop.example/app.js', line: 3, column: 7 }]);
    expect(handled[1]).toEqual([expect.objectContaining({ message: 'block broke' }), 'Block "gallery" failed to initialise.', { blockType: 'gallery' }]);
    // Later errors go straight to the handler.
    windowError(new Error('late'));
    expect(handled).toHaveLength(MAX_CAPTURED + 1);
    expect((handled.at(-1)![0] as Error).message).toBe('late');
  });

  it('the reporter sends what was caught before it started, with the later errors, 1 s after the last', () => {
    vi.useFakeTimers();
    stop = captureErrors();
    window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: new Error('rejected early') }));
    const batches: ErrorEvent[][] = [];
    const teardown = startErrorReporting((batch) => batches.push(batch));
    windowError(new Error('after start'));
    vi.advanceTimersByTime(999);
    expect(batches).toEqual([]);
    vi.advanceTimersByTime(1);
    const messages = batches.flat().map((event) => (JSON.parse(event.data) as { message: string; detail?: unknown }));
    expect(messages).toEqual([expect.objectContaining({ message: 'rejected early', detail: { kind: 'unhandledrejection' } }), expect.objectContaining({ message: 'after start' })]);
    teardown();
  });
});
