/**
 * Text that changes while it shows, in an element of its own for each wording. A browser that
 * translates the page (Chrome's and Edge's translation) moves each text node's words into
 * elements of its own and leaves the node out of the page, so a new wording written into that
 * node would never show: the counter would stay at 0, the captcha at "Verifying…". A new
 * element per wording is new text, which shows, and which the browser translates in turn.
 */
export const changingText = (text: string) => (text ? <span key={text}>{text}</span> : null);
