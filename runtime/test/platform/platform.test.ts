import { describe, expect, it, vi } from 'vitest';
import { readCookie, removeCookie, writeCookie } from '../../src/platform/cookies';
import { queryParam } from '../../src/platform/query-string';
import { liveRelativeTime, relativeTime } from '../../src/platform/relative-time';
import { setErrorSink } from '../../src/platform/report';
import { STORAGE_WARNING, resetStorageWarning, safeStorage } from '../../src/platform/storage';
import { debounce, throttle } from '../../src/platform/timing';
import { WAIT_NO_PARENT, WAIT_PARENT_GONE, waitForElement } from '../../src/platform/wait-for-element';

// Spec part 1 §9.
const RELATIVE_TIME_REFRESH_MS = 5000;
const THROTTLE_SAMPLE_COUNT = 22;
const WAIT_RETRY_MS = 100;

describe('cookies', () => {
  it('writes, reads (decoded) and removes', () => {
    writeCookie('ss_test', 'a b|c', { maxAgeMs: 60_000 });
    expect(readCookie('ss_test')).toBe('a b|c');
    expect(readCookie('missing')).toBeNull();
    removeCookie('ss_test');
    expect(readCookie('ss_test')).toBeNull();
  });
});

describe('safeStorage', () => {
  it('works normally', () => {
    const local = safeStorage('local');
    expect(local.set('k', 'v')).toBe(true);
    expect(local.get('k')).toBe('v');
    local.remove('k');
    expect(local.get('k')).toBeNull();
  });

  it('never throws when storage does, and warns once with the spec text', () => {
    resetStorageWarning();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const session = safeStorage('session');
    expect(session.get('k')).toBeNull();
    expect(session.set('k', 'v')).toBe(false);
    expect(warn).toHaveBeenCalledOnce();
    expect(warn).toHaveBeenCalledWith(STORAGE_WARNING, expect.any(DOMException));
  });
});

describe('debounce', () => {
  it('runs once after the quiet period with the last arguments, and can be cancelled', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const debounced = debounce(fn, 100);
    debounced(1);
    debounced(2);
    vi.advanceTimersByTime(99);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledExactlyOnceWith(2);
    debounced(3);
    debounced.cancel();
    vi.advanceTimersByTime(200);
    expect(fn).toHaveBeenCalledOnce();
  });
});

describe('throttle', () => {
  it('waits twice the average of the last 22 run times', () => {
    vi.useFakeTimers();
    let clock = 0;
    const costs = [10, 30];
    const fn = vi.fn((_label: string) => {
      clock += costs.shift() ?? 20;
    });
    const throttled = throttle(fn, () => clock);
    throttled('a'); // takes 10 → wait 2 × 10 = 20
    expect(throttled.waitMs).toBe(20);
    throttled('b'); // too soon: kept for later
    throttled('c');
    expect(fn).toHaveBeenCalledTimes(1);
    clock += 20;
    vi.advanceTimersByTime(20);
    expect(fn).toHaveBeenLastCalledWith('c');
    expect(throttled.waitMs).toBe(40); // 2 × (10 + 30) / 2
  });

  it('keeps only the last 22 samples', () => {
    let clock = 0;
    let cost = 1000;
    const throttled = throttle(() => {
      clock += cost;
    }, () => clock);
    throttled();
    cost = 1;
    for (let i = 0; i < THROTTLE_SAMPLE_COUNT - 1; i += 1) {
      clock += 1_000_000;
      throttled();
    }
    // 22 samples: the slow first run still counts.
    expect(throttled.waitMs).toBeCloseTo((2 * (1000 + 21)) / 22);
    clock += 1_000_000;
    throttled();
    // The 23rd run pushes it out.
    expect(throttled.waitMs).toBe(2);
  });
});

describe('waitForElement', () => {
  it('resolves once the selector matches, retrying every 100 ms', async () => {
    vi.useFakeTimers();
    const found = waitForElement('.late');
    await vi.advanceTimersByTimeAsync(WAIT_RETRY_MS * 2);
    document.body.innerHTML = '<p class="late"></p>';
    await vi.advanceTimersByTimeAsync(WAIT_RETRY_MS);
    expect((await found).length).toBe(1);
  });

  it('rejects without a parent or selector, when the parent leaves, and on time-out', async () => {
    vi.useFakeTimers();
    await expect(waitForElement('')).rejects.toThrow(WAIT_NO_PARENT);
    await expect(waitForElement('.x', { parent: null })).rejects.toThrow(WAIT_NO_PARENT);
    const parent = document.createElement('div');
    document.body.appendChild(parent);
    const gone = waitForElement('.x', { parent });
    const goneAssertion = expect(gone).rejects.toThrow(WAIT_PARENT_GONE);
    parent.remove();
    await vi.advanceTimersByTimeAsync(WAIT_RETRY_MS);
    await goneAssertion;
    const late = waitForElement('.never', { timeoutMs: 300 });
    const lateAssertion = expect(late).rejects.toThrow('waitForElement: ".never" not found within 300 ms');
    await vi.advanceTimersByTimeAsync(400);
    await lateAssertion;
  });
});

describe('queryParam', () => {
  it('reads a parameter', () => {
    expect(queryParam('a', 'https://x.test/p?a=1&b=2')).toBe('1');
  });

  it('reports an invalid URL to the error service and answers null', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reported: string[] = [];
    const off = setErrorSink((_e, message) => reported.push(message));
    expect(queryParam('a', 'http://[bad')).toBeNull();
    off();
    expect(reported[0]).toContain('Invalid url in query helper');
  });
});

describe('relativeTime', () => {
  const now = Date.UTC(2026, 10, 22, 12);
  it.each([
    [0, 'just now'],
    [4_000, 'just now'],
    [5_000, 'about 5 seconds ago'],
    [59_000, 'about 59 seconds ago'],
    [60_000, 'about 1 minute ago'],
    [5 * 60_000, 'about 5 minutes ago'],
    [3 * 3_600_000, 'about 3 hours ago'],
  ])('%i ms ago → %s', (ago, text) => {
    expect(relativeTime(now - ago, now)).toBe(text);
  });

  it('shows a date after a day, and refreshes every 5000 ms', () => {
    expect(relativeTime(now - 2 * 86_400_000, now)).toMatch(/2026/);
    vi.useFakeTimers({ now });
    const element = document.createElement('span');
    const stop = liveRelativeTime(element, now);
    expect(element.textContent).toBe('just now');
    vi.advanceTimersByTime(RELATIVE_TIME_REFRESH_MS * 2);
    expect(element.textContent).toBe('about 10 seconds ago');
    stop();
    vi.advanceTimersByTime(RELATIVE_TIME_REFRESH_MS * 2);
    expect(element.textContent).toBe('about 10 seconds ago');
  });
});
