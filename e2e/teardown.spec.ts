/**
 * `SiteRuntime.destroy()` with no root tears down every block and page service: the window's
 * and the document's listeners (read with the DevTools protocol) are back to what they were
 * before site.js ran, no interval runs, no observer watches anything, and the runtime's own UI
 * (banner, bars, popup) is gone.
 */
import type { CDPSession, Page } from '@playwright/test';
import { expect, runtimeReady, test } from './fixtures';

/** Counts live intervals and observers that watch something, from before the page's first script. */
const WATCH_LIVE = `(() => {
  const live = { intervals: new Set(), observers: new Set() };
  window.__live = live;
  const setInterval_ = window.setInterval, clearInterval_ = window.clearInterval;
  window.setInterval = function (...args) { const id = setInterval_.apply(this, args); live.intervals.add(id); return id; };
  window.clearInterval = function (id) { live.intervals.delete(id); return clearInterval_.call(this, id); };
  for (const name of ['MutationObserver', 'IntersectionObserver', 'ResizeObserver', 'PerformanceObserver']) {
    const Base = window[name];
    if (!Base) continue;
    const Watched = class extends Base {
      constructor(...args) { super(...args); this.targets = new Set(); this.kind = name; this.stack = new Error().stack; }
      observe(target, ...rest) { super.observe(target, ...rest); this.targets.add(name === 'PerformanceObserver' ? JSON.stringify(target) : target); live.observers.add(this); }
      unobserve(target) { super.unobserve(target); this.targets.delete(target); if (!this.targets.size) live.observers.delete(this); }
      disconnect() { super.disconnect(); this.targets.clear(); live.observers.delete(this); }
    };
    Object.defineProperty(window, name, { value: Watched, configurable: true, writable: true });
  }
})();`;

interface Listener {
  key: string;
  url: string;
}

/** The listeners on window and document, each with the script its handler comes from. */
async function listenersOf(cdp: CDPSession, scripts: Map<string, string>): Promise<Listener[]> {
  const found: Listener[] = [];
  for (const target of ['window', 'document']) {
    const { result } = await cdp.send('Runtime.evaluate', { expression: target });
    const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId! });
    for (const listener of listeners) {
      const url = scripts.get(listener.scriptId) ?? '';
      found.push({ key: `${target} ${listener.type}${listener.useCapture ? ' (capture)' : ''} ${url.replace(/^.*\//, '')}:${listener.lineNumber}:${listener.columnNumber}`, url });
    }
  }
  return found.sort((a, b) => a.key.localeCompare(b.key));
}

/** Opens `path` with site.js held back until the page's own listeners are counted. */
async function openCounted(page: Page, path: string): Promise<{ cdp: CDPSession; scripts: Map<string, string>; before: Listener[] }> {
  await page.addInitScript(WATCH_LIVE);
  // The demo's Google Fonts stylesheet (this machine has no way out).
  await page.route('https://fonts.googleapis.com/**', (route) => route.fulfill({ contentType: 'text/css', body: '' }));
  const cdp = await page.context().newCDPSession(page);
  const scripts = new Map<string, string>();
  cdp.on('Debugger.scriptParsed', (event) => scripts.set(event.scriptId, event.url));
  await cdp.send('Debugger.enable');
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/runtime/site.js', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'commit' });
  await page.waitForFunction(() => document.readyState !== 'loading' && document.body !== null);
  const before = await listenersOf(cdp, scripts);
  release();
  await runtimeReady(page);
  return { cdp, scripts, before };
}

// The announcement bar the server rendered stays, as it came (its button disabled until a runtime).
const RUNTIME_UI = '.site-cookie-banner, .site-bar:not(.site-announcement-bar), .site-bottom-stack, .site-screen-foot-room, .site-modal-host, .site-embed-gate';

async function destroyAll(page: Page): Promise<void> {
  await page.evaluate(() => window.SiteRuntime!.destroy());
  // A modal that was open fades out (its fallback is well under a second).
  await expect(page.locator('.site-modal-host')).toHaveCount(0);
}

const live = (page: Page) =>
  page.evaluate(() => {
    const { intervals, observers } = (window as unknown as { __live: { intervals: Set<number>; observers: Set<{ kind: string; stack: string }> } }).__live;
    // Playwright's own injected script watches the page too.
    const ours = [...observers].filter((observer) => !observer.stack.includes('InjectedScript'));
    return { intervals: intervals.size, observers: ours.map((observer) => observer.kind) };
  });

test.describe('a visitor who has not answered the banner', () => {
  test.use({ consented: false });

  for (const path of ['/announcements', '/offers', '/gallery', '/map', '/contact', '/blocks']) {
    test(`destroy() on ${path} leaves the page as it was before site.js`, async ({ page, consoleErrors }) => {
      const { cdp, scripts, before } = await openCounted(page, path);
      await expect(page.getByRole('region', { name: 'Cookie banner' })).toBeVisible();
      const dismiss = page.getByRole('complementary', { name: 'Announcement' }).getByRole('button');
      if (path === '/announcements') {
        await expect(page.locator('.site-bottom-stack .site-badge')).toBeVisible();
        await expect(dismiss).toBeEnabled();
      }
      const running = await listenersOf(cdp, scripts);
      expect(running.length).toBeGreaterThan(before.length);
      await destroyAll(page);
      expect((await listenersOf(cdp, scripts)).map((listener) => listener.key)).toEqual(before.map((listener) => listener.key));
      expect(await live(page)).toEqual({ intervals: 0, observers: [] });
      await expect(page.locator(RUNTIME_UI)).toHaveCount(0);
      await expect(page.locator('[data-block-status]')).toHaveCount(0);
      if (path === '/announcements') await expect(dismiss).toBeDisabled();
      expect(consoleErrors).toEqual([]);
    });
  }
});

test.describe('a visitor who accepted cookies (tracking and performance collection running)', () => {
  test('destroy() sends what was measured and leaves only web-vitals listening, with nothing more sent', async ({ page, consoleErrors }) => {
    const { cdp, scripts, before } = await openCounted(page, '/offers');
    await expect(page.getByRole('dialog', { name: 'Get our monthly notes' })).toBeVisible();
    // Performance collection has started (its chunk is in the page).
    await expect.poll(() => [...scripts.values()].some((url) => /\/chunks\/collector-[\w-]+\.js$/.test(url))).toBe(true);
    const records = page.waitForRequest((request) => request.url().includes('/api/1/performance/records'));
    await destroyAll(page);
    await records;
    const beforeKeys = new Set(before.map((listener) => listener.key));
    const left = (await listenersOf(cdp, scripts)).filter((listener) => !beforeKeys.has(listener.key));
    // web-vitals cannot stop its own listeners; every other one is gone.
    expect(left.filter((listener) => !/\/chunks\/collector-[\w-]+\.js$/.test(listener.url)).map((listener) => listener.key)).toEqual([]);
    expect(await live(page)).toMatchObject({ intervals: 0 });
    expect((await live(page)).observers.filter((kind) => kind !== 'PerformanceObserver')).toEqual([]);
    await expect(page.locator(RUNTIME_UI)).toHaveCount(0);
    let sent = 0;
    page.on('request', (request) => request.url().includes('/api/') && sent++);
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 1500)));
    expect(sent).toBe(0);
    expect(consoleErrors).toEqual([]);
  });
});

test('a theme that swaps <body> without a reload (Turbo, Astro’s view transitions): the old body’s blocks go with their observers, the new one’s mount', async ({ page, consoleErrors }) => {
  await page.addInitScript(WATCH_LIVE);
  const swapTo = (path: string) =>
    page.evaluate(async (path) => {
      const next = new DOMParser().parseFromString(await (await fetch(path)).text(), 'text/html');
      document.body.replaceWith(document.adoptNode(next.body));
      history.pushState(null, '', path);
    }, path);
  await page.goto('/plain');
  await runtimeReady(page);
  const plain = await live(page);
  await swapTo('/gallery');
  const galleries = page.locator('[data-block-type="gallery"]');
  await expect(galleries).toHaveCount(10);
  await expect(galleries.and(page.locator('[data-block-status="mounted"]'))).toHaveCount(10);
  await page.evaluate(() => ((window as unknown as { old: Element }).old = document.querySelector('[data-block-type="gallery"]')!));
  expect(await page.evaluate(() => window.SiteRuntime!.block((window as unknown as { old: Element }).old) !== undefined)).toBe(true);
  expect((await live(page)).observers.length).toBeGreaterThan(plain.observers.length);
  await swapTo('/plain');
  // Destroyed with the body they were in: no instance, and what watched them stopped.
  await expect.poll(() => page.evaluate(() => window.SiteRuntime!.block((window as unknown as { old: Element }).old))).toBeUndefined();
  await expect.poll(() => live(page)).toEqual(plain);
  expect(consoleErrors).toEqual([]);
});
