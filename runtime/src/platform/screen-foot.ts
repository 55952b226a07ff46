/**
 * What the runtime fixes to the foot of the screen (a bottom cookie banner, the bottom stack)
 * must not hide the element that has keyboard focus (WCAG 2.4.11). Each one ends the page with
 * room of its height, so that the page's last links can be scrolled clear of it, and their
 * heights together are the root's bottom scroll padding while they show, so that the browser
 * scrolls a focused element clear of them.
 */
import type { Teardown } from './events';

/** Themes and tests know it by this name (docs/services/cookie-consent.md). */
const FOOT_ROOM_CLASS = 'site-screen-foot-room';
const rooms = new Set<HTMLElement>();

function pad(): void {
  let height = 0;
  rooms.forEach((room) => (height += room.offsetHeight));
  document.documentElement.style.scrollPaddingBottom = height ? `${height}px` : '';
}

/** Keeps focus clear of `element`, fixed at the screen's foot, until the teardown. */
export function coverScreenFoot(element: HTMLElement): Teardown {
  // Rooms in a copy of the page that a theme put back (Turbo's cache, htmx's history on Back) make room for nothing.
  document.querySelectorAll(`.${FOOT_ROOM_CLASS}`).forEach((copy) => rooms.has(copy as HTMLElement) || copy.remove());
  const room = document.createElement('div');
  room.className = FOOT_ROOM_CLASS;
  room.setAttribute('aria-hidden', 'true');
  document.body.append(room);
  rooms.add(room);
  const size = () => {
    room.style.height = `${element.offsetHeight}px`;
    pad();
  };
  const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(size) : undefined;
  observer?.observe(element);
  size();
  return () => {
    observer?.disconnect();
    room.remove();
    rooms.delete(room);
    pad();
  };
}
