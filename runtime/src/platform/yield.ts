// Its own module: site.js needs it at boot, and the timers in timing.ts stay in their chunk.
/**
 * Lets the browser run other tasks (input, rendering) before the rest of the work: boot is cut
 * at its seams so that no part of it is one long task. `scheduler.yield()` keeps our place at
 * the front of the queue where the browser has it; elsewhere a zero timeout.
 */
export const yieldToMain = (): Promise<void> =>
  (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler?.yield?.() ?? new Promise((resolve) => setTimeout(resolve));
