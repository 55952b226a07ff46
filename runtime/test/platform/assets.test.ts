import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALL_STYLESHEETS, STYLESHEET_WAIT_MS, assetUrl, loadStylesheet, retryStylesheets } from '../../src/platform/assets';

const stylesheetLinks = () => Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'));

const linkInHead = (href: string) => {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  document.head.appendChild(link);
  return link;
};

afterEach(() => {
  retryStylesheets(); // the module's list of failed stylesheets: emptied, as the links go next
  document.head.innerHTML = '';
  vi.useRealTimers();
});

describe('loadStylesheet', () => {
  it('adds one link per URL and resolves when it loads', async () => {
    const href = assetUrl('gallery.css');
    const first = loadStylesheet(href);
    const second = loadStylesheet(href);
    expect(stylesheetLinks().map((link) => link.href)).toEqual([href]);
    stylesheetLinks()[0]!.dispatchEvent(new Event('load'));
    await expect(Promise.all([first, second])).resolves.toEqual([undefined, undefined]);
  });

  it('adds nothing when the theme links every runtime stylesheet in one file', async () => {
    const all = linkInHead(assetUrl(ALL_STYLESHEETS));
    Object.defineProperty(all, 'sheet', { value: {} }); // loaded, as a <head> stylesheet is before scripts run
    await loadStylesheet(assetUrl('gallery.css'));
    await loadStylesheet(assetUrl('consent.css'));
    expect(stylesheetLinks()).toEqual([all]);
  });

  it('waits for the theme\'s runtime.css when it is still loading, without adding another', async () => {
    const all = linkInHead(assetUrl(ALL_STYLESHEETS));
    let loaded = false;
    const loading = loadStylesheet(assetUrl('form.css')).then(() => (loaded = true));
    await Promise.resolve();
    expect(loaded).toBe(false);
    all.dispatchEvent(new Event('load'));
    await loading;
    expect(stylesheetLinks()).toEqual([all]);
  });

  it('resolves on error (the block works unstyled, with a warning) and after the wait limit', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failing = loadStylesheet(assetUrl('video.css'));
    stylesheetLinks()[0]!.dispatchEvent(new Event('error'));
    await failing;
    expect(warn).toHaveBeenCalledWith(`Stylesheet ${assetUrl('video.css')} failed to load; the block shows unstyled.`);
    warn.mockRestore();

    vi.useFakeTimers();
    let done = false;
    const slow = loadStylesheet(assetUrl('lightbox.css')).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(STYLESHEET_WAIT_MS - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await slow;
    expect(done).toBe(true);
  });

  it('takes a link that failed out: the next call asks again at once, and so does retryStylesheets', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const href = assetUrl('lightbox.css');
    const failing = loadStylesheet(href);
    stylesheetLinks()[0]!.dispatchEvent(new Event('error'));
    await failing;
    expect(stylesheetLinks()).toEqual([]);

    // Back online: asked for again, once, however often retryStylesheets runs.
    retryStylesheets();
    retryStylesheets();
    expect(stylesheetLinks().map((link) => link.href)).toEqual([href]);
    stylesheetLinks()[0]!.dispatchEvent(new Event('load'));
    // Loaded now: nothing is asked for again.
    retryStylesheets();
    expect(stylesheetLinks()).toHaveLength(1);
  });

  it('leaves a failed stylesheet the theme linked where it is', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const theirs = linkInHead(assetUrl('form.css'));
    const failing = loadStylesheet(assetUrl('form.css'));
    theirs.dispatchEvent(new Event('error'));
    await failing;
    retryStylesheets();
    expect(stylesheetLinks()).toEqual([theirs]);
  });

  it('waits once for a theme\'s runtime.css that does not come (it failed before the runtime started), not at every use', async () => {
    vi.useFakeTimers();
    linkInHead(assetUrl(ALL_STYLESHEETS)); // no sheet, and its error event is long gone
    let first = false;
    const waiting = loadStylesheet(assetUrl('gallery.css')).then(() => (first = true));
    await vi.advanceTimersByTimeAsync(STYLESHEET_WAIT_MS - 1);
    expect(first).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    // The lightbox opened later: at once.
    let second = false;
    void loadStylesheet(assetUrl('lightbox.css')).then(() => (second = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(second).toBe(true);
    expect(stylesheetLinks()).toHaveLength(1);
  });
});

describe('a runtime bundled into the theme', () => {
  it("adds no link when runtime.css is applied under another name: a bundler folded it into the theme's stylesheet", async () => {
    vi.resetModules(); // whether runtime.css is applied is asked once per page
    document.head.append(Object.assign(document.createElement('style'), { textContent: ':root{--tessera-runtime-css:1}' }));
    const fresh = await import('../../src/platform/assets');
    await fresh.loadStylesheet(fresh.assetUrl('gallery.css'));
    await fresh.loadStylesheet(fresh.assetUrl('lightbox.css'));
    expect(stylesheetLinks()).toEqual([]);
  });

  it('finds its files where data-runtime-base on a script of the page says, else beside site.js, never at a file: address', () => {
    // Here import.meta.url is the file: address the module was read from, as webpack makes it
    // in a theme's bundle: not a place the page can load from, so the page's folder is taken
    // (beside site.js or the bundle in a browser: e2e/package.spec.ts).
    expect(import.meta.url).toMatch(/^file:/);
    expect(assetUrl('i18n/de.json')).toBe(new URL('i18n/de.json', document.baseURI).href);
    const context = document.head.appendChild(Object.assign(document.createElement('script'), { type: 'application/json', id: 'site-context' }));
    context.dataset.runtimeBase = '/tessera/';
    expect(assetUrl('i18n/de.json')).toBe(`${location.origin}/tessera/i18n/de.json`); // on the page's host, whatever the bundle's import.meta.url
    context.dataset.runtimeBase = 'https://cdn.example/theme/tessera/';
    expect(assetUrl('map-marker.svg')).toBe('https://cdn.example/theme/tessera/map-marker.svg');
  });
});
