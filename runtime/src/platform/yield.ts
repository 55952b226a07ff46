// Its own module: site.js needs it at boot, and the timers in timing.ts stay in their chunk.
/**
 * Lets the browser run other tasks (input, rendering) before the rest of the work: boot is cut
 * at its seams so that no part of it is one long task. `scheduler.yield()` keeps our place at
 * the front of the queue where the browser has it; elsewhere a zero timeout.
 */
export const yieldToMain = (): Promise<void> =>
  (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler?.yield?.() ?? new Promise((resolve) => setTimeout(resolve));

/**
 * Work runs in one go for this long (ms, as the clock runs: a slow phone gets through less of
 * it), then gives the main thread back. Lighthouse times an unthrottled run and multiplies each
 * task by four, so a task counts as long from 12.5 ms: a slice, the piece of work that overruns
 * it and the rendering update after it must fit in that. 10 ms slices did not (Lighthouse's TBT
 * medians 16-32 ms on `/announcements`, 9 on `/map`; 0-1 with 5 ms slices); 5 ms is also React's
 * scheduler's slice. At 4x throttling in Chromium the two made no difference we could measure.
 */
export const SLICE_MS = 5;

let last: Promise<unknown> = Promise.resolve();
let sliceEnd = 0;

/**
 * Resolves when it is the caller's turn: after every turn asked for before it has started its
 * work, and in a new task once the work since the last yield has run for SLICE_MS. Boot steps,
 * chunk imports (each costs milliseconds of its own) and block mounts take turns, so that many
 * of them make many short tasks rather than one long one.
 */
export const turn = (): Promise<unknown> =>
  (last = last.then(() => performance.now() < sliceEnd || yieldToMain().then(() => void (sliceEnd = performance.now() + SLICE_MS))));
