/**
 * The heading level for a title a block adds (a form's section titles): one below the last
 * heading before the block in the page, so that a screen reader's outline has no gap (an `h1`
 * page title followed by a form's sections gives `h2`s). From 2 to 6; 2 on a page without one.
 */
export function headingLevelAfter(element: Element): number {
  let level = 1;
  for (const heading of Array.from(element.ownerDocument.querySelectorAll('h1, h2, h3, h4, h5, h6'))) {
    // Document order: the first heading in or after the block ends the search.
    if (!(heading.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING)) break;
    level = Number(heading.localName[1]);
  }
  return Math.min(6, level + 1);
}
