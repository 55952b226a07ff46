/** Timer helpers. Each returned function carries `cancel()` so that owners can tear it down. */
export interface Cancellable<A extends unknown[]> {
  (...args: A): void;
  cancel(): void;
}

/** Runs `fn` once calls have been quiet for `waitMs`, with the last call's arguments. */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, waitMs: number): Cancellable<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = (...args: A) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), waitMs);
  };
  debounced.cancel = () => clearTimeout(timer);
  return debounced;
}

/**
 * How long typing pauses before a live region speaks what it changed (a character count): one
 * changed at every key would talk over the screen reader's echo of each letter.
 */
export const TYPING_PAUSE_MS = 1000;

/** Spec part 1 §9: the throttle waits twice the average of the last 22 run times. */
export const THROTTLE_SAMPLE_COUNT = 22;
export const THROTTLE_WAIT_FACTOR = 2;

/**
 * Adaptive throttle: after each run it waits twice the average time the last 22 runs took, so
 * cheap handlers stay responsive and expensive ones cannot saturate the main thread. A call
 * during the wait is kept (latest arguments win) and runs when the wait ends.
 */
export function throttle<A extends unknown[]>(
  fn: (...args: A) => void,
  now: () => number = () => performance.now(),
): Cancellable<A> & { readonly waitMs: number } {
  const samples: number[] = [];
  let readyAt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | null = null;

  const waitMs = () =>
    samples.length === 0 ? 0 : (THROTTLE_WAIT_FACTOR * samples.reduce((a, b) => a + b, 0)) / samples.length;

  const run = (args: A) => {
    const start = now();
    try {
      fn(...args);
    } finally {
      const end = now();
      samples.push(end - start);
      if (samples.length > THROTTLE_SAMPLE_COUNT) samples.shift();
      readyAt = end + waitMs();
    }
  };

  const flush = () => {
    timer = undefined;
    if (!pending) return;
    const args = pending;
    pending = null;
    run(args);
  };

  const throttled = ((...args: A) => {
    if (timer === undefined && now() >= readyAt) {
      run(args);
      return;
    }
    pending = args;
    if (timer === undefined) timer = setTimeout(flush, Math.max(0, readyAt - now()));
  }) as Cancellable<A> & { readonly waitMs: number };
  throttled.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
    pending = null;
  };
  Object.defineProperty(throttled, 'waitMs', { get: waitMs });
  return throttled;
}
