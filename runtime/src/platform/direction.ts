/**
 * Reading direction. A page in a right-to-left language (`<html dir="rtl">`, a `dir` on any
 * ancestor, or CSS `direction`) lays a row out from the right: what comes next is to the left,
 * so the arrow keys, swipes and clicks that move through slides, images and tabs turn with it.
 * Read where it is used (a key, a swipe, placing a strip once its layout is known), not kept, so
 * a page that changes its direction later is followed.
 */
export function isRightToLeft(element: Element): boolean {
  return getComputedStyle(element).direction === 'rtl';
}

/** +1 for the arrow key that goes forward in the element's reading direction, -1 back, 0 for any other key. */
export function arrowStep(key: string, element: Element): -1 | 0 | 1 {
  if (key !== 'ArrowLeft' && key !== 'ArrowRight') return 0;
  return (key === 'ArrowRight') !== isRightToLeft(element) ? 1 : -1;
}
