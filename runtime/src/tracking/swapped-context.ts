import type { PageContext } from '../../../contract/context/types';
import { CONTEXT_ELEMENT_ID, readContext } from '../context/read';

/**
 * The page context of each page a theme swaps in. Turbo puts the new page's head scripts in
 * beside the old ones (those it does not hold already), Astro puts the new head in, a swapped
 * body brings its own, and htmx's hx-boost keeps the head: a context element the document did
 * not hold at the last page is the new page's. Without one (the context in a head htmx kept, a
 * page Turbo puts back on Back) the new page's collection and item are not known, and are sent
 * as none rather than as the page left's.
 */
export function swappedContexts(first: Readonly<PageContext>): () => Readonly<PageContext> {
  const elements = () => [...document.querySelectorAll(`script#${CONTEXT_ELEMENT_ID}`)];
  let held = elements();
  return () => {
    const now = elements();
    const brought = now.filter((element) => !held.includes(element)).pop();
    held = now;
    return brought ? readContext(brought) : { ...first, collectionId: null, collection: null, itemId: null, item: null };
  };
}
