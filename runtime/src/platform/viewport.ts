/**
 * Whether elements are within a margin of the viewport, for many elements at once: one
 * IntersectionObserver per margin serves every caller (a page of galleries asks hundreds).
 */
import type { Teardown } from './events';

type Watcher = (near: boolean) => void;

interface MarginObserver {
  observer: IntersectionObserver;
  watchers: Map<Element, Set<Watcher>>;
  /** The last answer per element, for a watcher that joins after it. */
  near: Map<Element, boolean>;
}

const observers = new Map<number, MarginObserver>();

function observerFor(marginPx: number): MarginObserver {
  let entry = observers.get(marginPx);
  if (!entry) {
    const watchers = new Map<Element, Set<Watcher>>();
    const near = new Map<Element, boolean>();
    const observer = new IntersectionObserver(
      (changes) => {
        for (const change of changes) {
          near.set(change.target, change.isIntersecting);
          watchers.get(change.target)?.forEach((watcher) => watcher(change.isIntersecting));
        }
      },
      { rootMargin: `${marginPx}px` },
    );
    entry = { observer, watchers, near };
    observers.set(marginPx, entry);
  }
  return entry;
}

/**
 * Calls `watcher(true)` when `element` comes within `marginPx` of the viewport and
 * `watcher(false)` when it leaves (the first call says where it starts). Without
 * IntersectionObserver the element counts as near.
 */
export function watchNearViewport(element: Element, marginPx: number, watcher: Watcher): Teardown {
  if (typeof IntersectionObserver !== 'function') {
    watcher(true);
    return () => undefined;
  }
  const { observer, watchers, near } = observerFor(marginPx);
  let set = watchers.get(element);
  if (!set) {
    set = new Set();
    watchers.set(element, set);
    observer.observe(element);
  }
  set.add(watcher);
  const known = near.get(element);
  if (known !== undefined) watcher(known);
  return () => {
    const current = watchers.get(element);
    if (!current?.delete(watcher) || current.size > 0) return;
    watchers.delete(element);
    near.delete(element);
    observer.unobserve(element);
  };
}
