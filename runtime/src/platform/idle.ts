/**
 * Work that may wait for the browser to be idle (a census hit per rendered button): run in
 * idle periods a few at a time, so a page of many blocks does not spend its load on them.
 * Whatever is still waiting runs when the page is hidden or left, so nothing is lost.
 */
import { listen } from './events';

/** Idle work runs within this long even on a page that is never idle. */
export const IDLE_TIMEOUT_MS = 2000;
/** Stop a slice while this much of the idle period is left (the browser's own work). */
const IDLE_RESERVE_MS = 1;
/** Once overdue, work runs in slices this long (no long task), the next one soon after. */
export const OVERDUE_SLICE_MS = 10;
export const OVERDUE_TIMEOUT_MS = 50;

type Deadline = Pick<IdleDeadline, 'timeRemaining' | 'didTimeout'>;

const jobs: Array<() => void> = [];
let scheduled = false;
let listening = false;

function run(job: () => void): void {
  try {
    job();
  } catch (error) {
    console.error('Idle work failed.', error);
  }
}

function drain(deadline: Deadline): void {
  scheduled = false;
  // Overdue work (a page that is never idle) runs in short slices, back to back.
  const overdueUntil = deadline.didTimeout ? performance.now() + OVERDUE_SLICE_MS : 0;
  while (jobs.length > 0) {
    run(jobs.shift()!);
    if (deadline.didTimeout ? performance.now() >= overdueUntil : deadline.timeRemaining() <= IDLE_RESERVE_MS) break;
  }
  if (jobs.length > 0) schedule(deadline.didTimeout ? OVERDUE_TIMEOUT_MS : IDLE_TIMEOUT_MS);
}

function schedule(timeout = IDLE_TIMEOUT_MS): void {
  if (scheduled) return;
  scheduled = true;
  if (typeof requestIdleCallback === 'function') requestIdleCallback(drain, { timeout });
  else setTimeout(() => drain({ timeRemaining: () => 0, didTimeout: true }), 1);
}

function runAll(): void {
  while (jobs.length > 0) run(jobs.shift()!);
}

/**
 * Module level on purpose: listeners created inside `whenIdle` would keep its first caller's
 * scope alive for the life of the page.
 */
function listenForHiding(): void {
  listening = true;
  listen(document, 'visibilitychange', () => document.visibilityState === 'hidden' && runAll());
  listen(window, 'pagehide', runAll);
}

/** Runs `job` when the browser is idle (within IDLE_TIMEOUT_MS), or at the latest when the page hides. */
export function whenIdle(job: () => void): void {
  if (!listening) listenForHiding();
  jobs.push(job);
  schedule();
}
