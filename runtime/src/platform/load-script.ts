import { trustedScriptUrl } from './trusted-types';

/**
 * The page's Content-Security-Policy nonce, as the server put it on the page's own scripts
 * (browsers hide the attribute after parsing; the `nonce` property keeps it). Scripts the
 * runtime adds (third-party widgets, the maps API, owner success HTML) carry it, so a site
 * whose policy allows scripts by nonce runs them and one that does not blocks them.
 */
export function pageNonce(doc: Document = document): string {
  for (const script of Array.from(doc.querySelectorAll<HTMLScriptElement>('script[nonce]'))) {
    // The property in browsers; the attribute where the property is missing (older engines, jsdom).
    const nonce = script.nonce || script.getAttribute('nonce');
    if (nonce) return nonce;
  }
  return '';
}

/** A new `<script>` with the page's nonce. */
export function createScript(doc: Document = document): HTMLScriptElement {
  const script = doc.createElement('script');
  const nonce = pageNonce(doc);
  if (nonce) script.setAttribute('nonce', nonce);
  return script;
}

/** A third-party script that has neither loaded nor failed by then counts as failed (a stalled host). */
export const SCRIPT_TIMEOUT_MS = 10_000;

/** Loads a third-party script once per page (by URL); a failure lets a later call retry. */
const loaded = new Map<string, Promise<void>>();

export function loadScript(src: string, timeoutMs = SCRIPT_TIMEOUT_MS): Promise<void> {
  let promise = loaded.get(src);
  if (!promise) {
    promise = new Promise<void>((resolve, reject) => {
      const script = createScript();
      const fail = (reason: string) => {
        clearTimeout(timer);
        loaded.delete(src);
        script.remove();
        reject(new Error(`${src} ${reason}`));
      };
      const timer = setTimeout(() => fail(`did not load within ${timeoutMs / 1000} seconds`), timeoutMs);
      script.src = trustedScriptUrl(src);
      script.async = true;
      script.onload = () => {
        clearTimeout(timer);
        resolve();
      };
      script.onerror = () => fail('failed to load');
      document.head.append(script);
    });
    loaded.set(src, promise);
  }
  return promise;
}

/** Adds a stylesheet link once per page (by URL). */
export function addStylesheet(href: string): void {
  if (Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).some((link) => link.href === href)) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  document.head.append(link);
}
