/**
 * Teardowns of what outlives one call: a page service's parts (some start in chunks that
 * arrive later) and what the runtime's parts share for as long as it runs (the Escape
 * listener, the beacon transport's page-hide flush, idle work). `SiteRuntime.destroy()` with
 * no root runs them all, and the page is as it was before site.js.
 */
import type { Teardown } from './events';
import { reportError } from './report';

const run = (teardown: Teardown) => {
  try {
    teardown();
  } catch (error) {
    reportError(error, 'A teardown failed');
  }
};

export interface Teardowns {
  /** Keeps a teardown once (anything else is ignored); once stopped, runs it at once. */
  add(teardown: unknown): void;
  /** Runs every teardown, the last added first. */
  stop: Teardown;
}

export function teardowns(): Teardowns {
  let kept: Teardown[] | null = [];
  return {
    add: (teardown) => {
      if (typeof teardown !== 'function') return;
      if (kept) kept.includes(teardown as Teardown) || kept.push(teardown as Teardown);
      else run(teardown as Teardown);
    },
    stop: () => {
      const all = kept ?? [];
      kept = null;
      all.reverse().forEach(run);
    },
  };
}

const shared = new Set<Teardown>();

/**
 * A shared part registers how it stops when it starts (and starts again on its next use); an
 * open dialog registers how it closes. The answer takes the registration back.
 */
export function untilDestroyed(stop: Teardown): Teardown {
  shared.add(stop);
  return () => void shared.delete(stop);
}

export function stopShared(): void {
  const all = [...shared];
  shared.clear();
  all.reverse().forEach(run);
}
