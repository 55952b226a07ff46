/**
 * What the runtime fixes to the foot of the screen (a bottom cookie banner, the bottom stack)
 * must not hide the element that has keyboard focus (WCAG 2.4.11). Each one ends the page with
 * room of its height, so that the page's last links can be scrolled clear of it, and their
 * heights together are the bottom scroll padding of what scrolls the page while they show, so
 * that the browser scrolls a focused element clear of them. What scrolls the page is the window,
 * or on a theme that fixes html and body to the screen, the box it scrolls its page in.
 */
import { listen, type Teardown } from './events';
import { pageBox } from './page-box';

/** Themes and tests know it by this name (docs/services/cookie-consent.md). */
const FOOT_ROOM_CLASS = 'site-screen-foot-room';
const rooms = new Set<HTMLElement>();

/**
 * Gives `box` the height of the rooms that end it (the root: of all) as its bottom scroll
 * padding, added to any the theme gives it for a footer of its own; with none, the theme's.
 */
function pad(box: HTMLElement): void {
  let height = 0;
  rooms.forEach((room) => (box == document.documentElement || room.parentElement == box) && (height += room.offsetHeight));
  const style = box.style;
  style.scrollPaddingBottom = '';
  const theme = getComputedStyle(box).scrollPaddingBottom;
  if (height) style.scrollPaddingBottom = parseFloat(theme) ? `calc(${theme} + ${height}px)` : `${height}px`;
}

/** Keeps focus clear of `element`, fixed at the screen's foot, until the teardown; its room ends `end`, the box that scrolls the page. */
export function coverScreenFoot(element: HTMLElement, end = pageBox()): Teardown {
  // Rooms in a copy of the page that a theme put back (Turbo's cache, htmx's history on Back) make room for nothing.
  document.querySelectorAll(`.${FOOT_ROOM_CLASS}`).forEach((copy) => rooms.has(copy as HTMLElement) || copy.remove());
  const room = document.createElement('div');
  room.className = FOOT_ROOM_CLASS;
  room.setAttribute('aria-hidden', 'true');
  end.append(room);
  rooms.add(room);
  const padPage = () => {
    // A theme's page box scrolls a focused element clear of this one.
    if (end !== document.body) pad(end);
    pad(document.documentElement);
  };
  const size = () => {
    room.style.height = `${element.offsetHeight}px`;
    padPage();
  };
  const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(size) : undefined;
  observer?.observe(element);
  size();
  return () => {
    observer?.disconnect();
    room.remove();
    rooms.delete(room);
    padPage();
  };
}

/**
 * Shows `element` in the top layer (a manual popover): above whatever a theme stacks over its
 * page, and fixed to the screen even where a transform, filter or containment on <body> would
 * fix it to the body instead (at the page's end); where the browser has no popovers, its
 * z-index. Not above a modal dialog the page has open (an age gate): there it would cover the
 * dialog's buttons and take none of the taps it seems to, the page outside a modal being
 * inert. It shows once the last one has closed, and `shown` is told whether it waited.
 */
export function showOnTop(element: HTMLElement, shown?: (waited: boolean) => void): Teardown {
  element.popover = 'manual';
  let waited = false;
  const show = (): void => {
    if (document.querySelector('dialog:modal')) return void (waited = true);
    stop();
    element.showPopover();
    shown?.(waited);
  };
  // `close` does not bubble: heard on its way down.
  const stop = listen(document, 'close', show, { capture: true });
  if ('showPopover' in element) show();
  else stop();
  return stop;
}
