import type { PageContext } from '../../../contract/context/types';
import { CONTEXT_ELEMENT_ID, readContext } from './read';

/** The page context's element, for the block host's observer (it sees each one that comes in). */
export const CONTEXT_SELECTOR = `script#${CONTEXT_ELEMENT_ID}`;

/**
 * The page context of the page now, on a theme that swaps pages in without a reload. Each
 * context element that comes into the document is the new page's: Turbo and Astro put the new
 * head's in (Turbo keeps the old ones, and does not put one in twice), a swapped body or swup's
 * container brings its own; htmx's hx-boost keeps the head, so a context there never changes.
 * The swappers change the address before the swap or in the same task, so the context is kept
 * under its page's path a task later; a page put back without one (Turbo's copy on Back, a
 * page whose context it holds already) has its path's.
 */
export interface PageContexts {
  /** The context the page now brought, else its path's, else the last page's. */
  now(): Readonly<PageContext>;
  /** Whether the page now brought one or its path had one: otherwise `now()` is the last page's. */
  known(): boolean;
  /** A context element came into the document. */
  add(element: Element): void;
}

export function pageContexts(first: Readonly<PageContext>): PageContexts {
  const seen = new WeakSet(document.querySelectorAll(CONTEXT_SELECTOR));
  const byPath = new Map([[location.pathname, first]]);
  let last = first;
  let arrived: Readonly<PageContext> | undefined;
  const add = (element: Element) => {
    if (seen.has(element)) return;
    seen.add(element);
    const context = (arrived = readContext(element));
    setTimeout(() => {
      byPath.set(location.pathname, (last = context));
      if (arrived === context) arrived = undefined;
    });
  };
  return {
    now: () => arrived ?? (last = byPath.get(location.pathname) ?? last),
    known: () => !!arrived || byPath.has(location.pathname),
    add,
  };
}
