/**
 * Files that ship beside site.js (dist/runtime/): resolved against the runtime's own URL, so
 * a theme that serves the runtime from a CDN path gets them from the same place. This module
 * lives in site.js (the entry exports it), so import.meta.url is site.js or site.iife.js.
 */
export function assetUrl(file: string): string {
  return new URL(file, import.meta.url).href;
}

/** How long a block waits for its stylesheet before it renders anyway. */
export const STYLESHEET_WAIT_MS = 1500;

/**
 * Every runtime stylesheet in one file. A theme that links it in its <head> has them all laid
 * out with the page, so the runtime adds no stylesheet (and no restyle of the page) later.
 */
export const ALL_STYLESHEETS = 'runtime.css';

/**
 * Links waited for once: a stylesheet that did not come in time (a theme's runtime.css that
 * failed before the runtime started, where no error event is left to hear) holds up the first
 * use, not every later one.
 */
const waitedFor = new WeakSet<HTMLLinkElement>();

/** Stylesheets of ours that failed (the network was gone): asked for again by retryStylesheets. */
const failedStylesheets = new Set<string>();

/**
 * Adds `<link rel="stylesheet">` once per URL and resolves when it has loaded, failed (the
 * block still works unstyled) or taken longer than STYLESHEET_WAIT_MS. Adds nothing when the
 * theme links the stylesheet, or ALL_STYLESHEETS, itself. A link that failed is taken out, so
 * that the next call asks again rather than waiting on it.
 */
export function loadStylesheet(href: string, doc: Document = document): Promise<void> {
  const all = assetUrl(ALL_STYLESHEETS);
  const existing = Array.from(doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).find((link) => link.href === href || link.href === all);
  if (existing && (existing.sheet || waitedFor.has(existing))) return Promise.resolve();
  const link = existing ?? doc.createElement('link');
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      waitedFor.add(link);
      resolve();
    };
    const timer = setTimeout(done, STYLESHEET_WAIT_MS);
    link.addEventListener('load', done, { once: true });
    link.addEventListener('error', () => {
      console.warn(`Stylesheet ${href} failed to load; the block shows unstyled.`);
      if (!existing) {
        link.remove();
        failedStylesheets.add(href);
      }
      done();
    }, { once: true });
    if (!existing) {
      link.rel = 'stylesheet';
      link.href = href;
      doc.head.appendChild(link);
    }
  });
}

/** Asks again for the stylesheets that failed (the browser is back online). */
export function retryStylesheets(doc: Document = document): void {
  for (const href of failedStylesheets) {
    failedStylesheets.delete(href);
    void loadStylesheet(href, doc);
  }
}
