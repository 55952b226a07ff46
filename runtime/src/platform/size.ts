/**
 * An element's width as layout finds it. A ResizeObserver reports it after each layout that
 * changes it, so nothing forces a layout: a page mounting many blocks lays out once, and a block
 * a theme keeps unrendered off screen (`content-visibility: auto`) is not laid out for it.
 */
import { readThenWrite } from './dom-batch';
import { listen, type Teardown } from './events';

/** Calls `watcher` with the border-box width now-ish and whenever it changes. */
export function watchWidth(element: Element, watcher: (width: number) => void): Teardown {
  if (typeof ResizeObserver !== 'function') {
    // Without an observer: read with the page's other layout reads, and again on window resizes.
    const read = () => readThenWrite(() => element.getBoundingClientRect().width, watcher);
    read();
    return listen(window, 'resize', read);
  }
  const observer = new ResizeObserver((entries) => {
    const entry = entries[entries.length - 1]!;
    watcher(entry.borderBoxSize?.[0]?.inlineSize ?? entry.contentRect.width);
  });
  observer.observe(element);
  return () => observer.disconnect();
}
