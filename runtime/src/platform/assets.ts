/**
 * Where this code came from. In a theme's own bundle import.meta.url may be undefined (esbuild's
 * and rolldown's iife) or the file: address the bundler read (webpack): there, the script
 * running as it starts (the bundle), or the page. (Read where there is no document too: the
 * words' catalogue, which imports this, is read by tests in Node.)
 */
const ownUrl = (/^https?:/.test(import.meta.url) && import.meta.url) || (globalThis.document?.currentScript as HTMLScriptElement | null | undefined)?.src;

/**
 * Files that ship beside site.js (dist/runtime/): resolved against the runtime's own URL, so
 * a theme that serves the runtime from a CDN path gets them from the same place. This module
 * lives in site.js (the entry exports it), so import.meta.url is site.js or site.iife.js. A
 * theme that bundles the runtime into its own script, where import.meta.url is the bundle's,
 * says where it put them with `data-runtime-base` on a script of the page (the page context's:
 * a bundler writes its own script tag).
 */
export function assetUrl(file: string): string {
  const base = document.querySelector('script[data-runtime-base]')?.getAttribute('data-runtime-base');
  // Against the page, as the page's own addresses are.
  return new URL(file, base ? new URL(base, document.baseURI) : ownUrl || document.baseURI).href;
}

/** How long a block waits for its stylesheet before it renders anyway. */
export const STYLESHEET_WAIT_MS = 1500;

/**
 * Every runtime stylesheet in one file. A theme that links it in its <head> has them all laid
 * out with the page, so the runtime adds no stylesheet (and no restyle of the page) later.
 */
export const ALL_STYLESHEETS = 'runtime.css';
/** Set on the root by runtime.css: there even when a bundler folded it into the theme's own stylesheet, under another name. */
export const ALL_STYLESHEETS_MARK = '--tessera-runtime-css';
/** The mark's value on the root ('' without runtime.css): asked once, since asking makes the browser bring its styles up to date. */
let allApplied: string | undefined;

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
  if (!existing && (allApplied ??= getComputedStyle(doc.documentElement).getPropertyValue(ALL_STYLESHEETS_MARK))) return Promise.resolve();
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
