/** What says the owner has taken over the scrolling (or is typing): the element is left where they put it. */
const OWNER_MOVES = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;
/** Long enough for the sections above to load on a slow network; the owner usually moves before. */
const KEEP_MS = 15_000;

/**
 * Keeps `element` at the top of `scroller` while what is above it loads and grows (charts,
 * tables), until the owner scrolls, touches, clicks or types, or KEEP_MS pass. A browser's
 * scroll anchoring does not do it here: it holds nothing while the scroller is at its top, where
 * a section opened by a link starts before the sections above it have their data. Answers the
 * teardown.
 */
export function keepAtTop(element: HTMLElement, scroller: HTMLElement): () => void {
  const place = () => {
    const drift = element.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
    if (Math.abs(drift) >= 1) scroller.scrollTop += drift;
  };
  const resized = new ResizeObserver(place);
  for (const child of scroller.children) resized.observe(child);
  const stop = () => {
    resized.disconnect();
    clearTimeout(timer);
    for (const type of OWNER_MOVES) removeEventListener(type, stop, true);
  };
  const timer = setTimeout(stop, KEEP_MS);
  for (const type of OWNER_MOVES) addEventListener(type, stop, { capture: true, passive: true });
  place();
  return stop;
}
