import type { Teardown } from '../platform/events';

/**
 * Pages a theme swaps in without a reload (Hotwire Turbo and Astro's view transitions put a new
 * `<body>` in, htmx's hx-boost new contents, swup a new container): each swap that brings
 * another path is a page view, as a page load is. Only `<html>`'s and `<body>`'s children are
 * watched, so a swapped container must be one of the body's. The swappers change the address
 * before the swap or in the same task, so it is read a task later. An address a block writes
 * (the lightbox's item, a slideshow's slide) keeps the path: no page view. `onView` gets the
 * address of the page left, the new page's referrer.
 */
export function watchSoftViews(onView: (left: string) => void): Teardown {
  let body = document.body;
  let path = location.pathname;
  let address = location.href;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const swaps = new MutationObserver(() => {
    if (body !== document.body) swaps.observe((body = document.body), { childList: true });
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (location.pathname === path) return;
      const left = address;
      path = location.pathname;
      address = location.href;
      onView(left);
    });
  });
  swaps.observe(document.documentElement, { childList: true });
  swaps.observe(body, { childList: true });
  return () => {
    swaps.disconnect();
    clearTimeout(timer);
  };
}
