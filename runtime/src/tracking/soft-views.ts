import type { Teardown } from '../platform/events';

/**
 * Pages a theme swaps in without a reload (Hotwire Turbo, Astro's view transitions, swup put a
 * new `<body>` in; htmx's hx-boost new contents): each swap that brings another path is a page
 * view, as a page load is. What tells a swap: another body, or the element that began it gone;
 * only `<html>`'s and `<body>`'s children are watched. The swappers change the address before
 * the swap or in the same task, so it is read a task later. An address a block writes (the
 * lightbox's item, a slideshow's slide) keeps the path: no page view. `onView` gets the address
 * of the page left, the new page's referrer.
 */
export function watchSoftViews(onView: (left: string) => void): Teardown {
  let body: HTMLElement;
  let first: Element | null;
  let path = location.pathname;
  let address = location.href;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const watch = () => {
    body = document.body;
    first = body.firstElementChild;
    swaps.observe(body, { childList: true });
  };
  const swaps = new MutationObserver(() => {
    if (body === document.body && first?.isConnected !== false) return;
    watch();
    timer = setTimeout(() => {
      if (location.pathname === path) return;
      const left = address;
      path = location.pathname;
      address = location.href;
      onView(left);
    });
  });
  swaps.observe(document.documentElement, { childList: true });
  watch();
  return () => {
    swaps.disconnect();
    clearTimeout(timer);
  };
}
