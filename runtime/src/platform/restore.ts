/**
 * A page restored from the back/forward cache (the Back button, at once) is the page as the
 * visitor left it. If they answered the cookie banner since, on another page, it would ask
 * again, or track against their answer: such a page loads afresh. Otherwise it is a new page
 * view, and each service that counts page loads (census, performance) is told by `onRestore`.
 */
import { listen, type Teardown } from './events';
import { readCookie } from './cookies';

const restored = new Set<() => void>();

/** Runs `callback` each time the page comes back from the back/forward cache as it was. */
export function onRestore(callback: () => void): Teardown {
  restored.add(callback);
  return () => void restored.delete(callback);
}

/** Watches the page leave and come back; `cookie` is what the page cannot be shown again without (the consent cookie). */
export function watchRestores(cookie: string, reload = () => location.reload()): Teardown {
  let left: string | null = null;
  const stopHide = listen(window, 'pagehide', () => void (left = readCookie(cookie)));
  const stopShow = listen(window, 'pageshow', (event) => {
    if (!event.persisted) return;
    if (readCookie(cookie) !== left) return reload();
    restored.forEach((callback) => callback());
  });
  return () => {
    stopHide();
    stopShow();
    restored.clear();
  };
}
