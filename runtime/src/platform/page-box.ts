/**
 * The box that scrolls a theme's page: the body, or where the theme fixes html or body to the
 * screen (overflow hidden), the box it scrolls its page in instead (an app-like theme's wrapper,
 * a CSS-only parallax theme's): the scrolling box at the screen's middle, not a dialog's, and
 * not a small one there (a wide table's).
 */
export function pageBox(): HTMLElement {
  const fixed = [document.documentElement, document.body].some((element) => /hidden|clip/.test(getComputedStyle(element).overflowY));
  const middle = fixed ? document.elementFromPoint(innerWidth / 2, innerHeight / 2) : null;
  for (let box = middle?.closest('dialog,[popover]') ? null : middle; box && box !== document.body; box = box.parentElement) {
    if (/auto|scroll/.test(getComputedStyle(box).overflowY) && box.clientHeight * 2 > innerHeight) return box as HTMLElement;
  }
  return document.body;
}
