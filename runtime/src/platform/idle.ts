/**
 * Work that may wait for the browser to be idle (a census hit per rendered button): run in
 * idle periods a few at a time, so a page of many blocks does not spend its load on them.
 * Whatever is still waiting runs when the page is hidden or left, so nothing is lost.
 */
import { listen } from './events';
import { untilDestroyed } from './lifetime';

/** Idle work runs within this long even on a page that is never idle. */
export const IDLE_TIMEOUT_MS = 2000;
/** Stop a slice while this much of the idle period is left (the browser's own work). */
const IDLE_RESERVE_MS = 1;
/**
 * Work runs in slices at most this long (no long task, also as Lighthouse counts: see SLICE_MS in
 * yield.ts); once overdue, the next soon after.
 */
export const IDLE_SLICE_MS = 5;
export const OVERDUE_TIMEOUT_MS = 50;

type Deadline = Pick<IdleDeadline, 'timeRemaining' | 'didTimeout'>;

/** Waiting jobs in order (a Set: a cancelled one leaves at once, not when its turn comes). */
const jobs = new Set<() => void>();
let scheduled = false;
let listening = false;

function runNext(): void {
  const [job] = jobs;
  jobs.delete(job!);
  try {
    job!();
  } catch (error) {
    console.error('Idle work failed.', error);
  }
}

function drain(deadline: Deadline): void {
  scheduled = false;
  // Slices stay short even in a long idle period: on a slow phone one job takes many times
  // what it takes here, and a whole idle period of them (up to 50 ms) is then a long task.
  // Overdue work (a page that is never idle) runs in such slices back to back.
  const sliceEnd = performance.now() + IDLE_SLICE_MS;
  while (jobs.size > 0) {
    runNext();
    if (performance.now() >= sliceEnd || (!deadline.didTimeout && deadline.timeRemaining() <= IDLE_RESERVE_MS)) break;
  }
  if (jobs.size > 0) schedule(deadline.didTimeout ? OVERDUE_TIMEOUT_MS : IDLE_TIMEOUT_MS);
}

function schedule(timeout = IDLE_TIMEOUT_MS): void {
  if (scheduled) return;
  scheduled = true;
  if (typeof requestIdleCallback === 'function') requestIdleCallback(drain, { timeout });
  else setTimeout(() => drain({ timeRemaining: () => 0, didTimeout: true }), 1);
}

function runAll(): void {
  while (jobs.size > 0) runNext();
}

/**
 * Module level on purpose: listeners created inside `whenIdle` would keep its first caller's
 * scope alive for the life of the page.
 */
function listenForHiding(): void {
  listening = true;
  const stops = [listen(document, 'visibilitychange', () => document.visibilityState === 'hidden' && runAll()), listen(window, 'pagehide', runAll)];
  // The runtime destroyed: what still waits runs now (its blocks took theirs back first).
  untilDestroyed(() => {
    stops.forEach((stop) => stop());
    listening = false;
    runAll();
  });
}

/**
 * Runs `job` when the browser is idle (within IDLE_TIMEOUT_MS), or at the latest when the page
 * hides. Answers a cancel: a block destroyed first takes its job (and what it holds) back.
 */
export function whenIdle(job: () => void): () => void {
  if (!listening) listenForHiding();
  // Wrapped, so that the same function queued twice is two jobs.
  const queued = () => job();
  jobs.add(queued);
  schedule();
  return () => void jobs.delete(queued);
}
