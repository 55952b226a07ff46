import type { PageContext } from '../../../contract/context/types';
import { CONTEXT_ELEMENT_ID, readContext } from '../context/read';

/**
 * The page context of each page a theme swaps in. Turbo puts the new page's head scripts in
 * beside the old ones (those it does not hold already), Astro puts the new head in, a swapped
 * body brings its own, and htmx's hx-boost keeps the head: a context element the document did
 * not hold at the last page is the new page's. A page put back without one (Turbo's copy of a
 * page on Back, a path htmx swapped in again) has the context its path had before, the load's
 * included; a path never seen with one has its collection and item sent as none rather than
 * as the page left's.
 */
export function swappedContexts(first: Readonly<PageContext>): () => Readonly<PageContext> {
  const elements = () => [...document.querySelectorAll(`script#${CONTEXT_ELEMENT_ID}`)];
  let held = elements();
  const known = new Map([[location.pathname, first]]);
  return () => {
    const now = elements();
    const brought = now.filter((element) => !held.includes(element)).pop();
    held = now;
    if (brought) known.set(location.pathname, readContext(brought));
    return known.get(location.pathname) ?? { ...first, collectionId: null, collection: null, itemId: null, item: null };
  };
}
