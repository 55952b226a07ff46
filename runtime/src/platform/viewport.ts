/**
 * Whether elements are within a margin of the viewport, for many elements at once: one
 * IntersectionObserver per margin serves every caller (a page of galleries asks hundreds).
 * The margin holds inside scrolling boxes too (`scrollMargin`): a theme that scrolls its page in
 * a box of its own.
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

/**
 * Module level on purpose: a callback created inside a call would keep that call's scope (and
 * the first watcher, and all it holds) alive for as long as the shared observer lives.
 */
function deliver(changes: IntersectionObserverEntry[], observer: IntersectionObserver): void {
  for (const entry of observers.values()) {
    if (entry.observer !== observer) continue;
    for (const change of changes) {
      entry.near.set(change.target, change.isIntersecting);
      entry.watchers.get(change.target)?.forEach((watcher) => watcher(change.isIntersecting));
    }
  }
}

function observerFor(marginPx: number): MarginObserver {
  let entry = observers.get(marginPx);
  if (!entry) {
    entry = { observer: new IntersectionObserver(deliver, { rootMargin: `${marginPx}px`, scrollMargin: `${marginPx}px` }), watchers: new Map(), near: new Map() };
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
    // The last one: the observer goes too (a destroyed runtime leaves none behind).
    if (watchers.size === 0) {
      observer.disconnect();
      observers.delete(marginPx);
    }
  };
}
