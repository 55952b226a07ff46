import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import Database from 'better-sqlite3';
import { test as base, expect, type BrowserContext, type CDPSession, type Page } from '@playwright/test';

export { MEMBER, OWNER, VIEWER } from './global-setup';

/** Every test gets the server's address as baseURL and a list of the page's console errors. */
export const test = base.extend<{ consoleErrors: string[]; consented: boolean }>({
  baseURL: async ({}, use) => {
    await use(process.env.TESSERA_BASE_URL);
  },
  // The demo site asks for cookie consent. Tests of other features start as a visitor who has
  // accepted, so that the banner does not cover what they click; consent tests opt out.
  consented: [true, { option: true }],
  // A worker's tests share one context (playwright.config.ts). Playwright's reset between tests
  // leaves what a DevTools session set (font sizes, safe-area insets) and offline mode: each
  // test's sessions are detached and the network is back when it ends (e2e/isolation.spec.ts).
  context: async ({ context, consented, baseURL, reuseContext }, use) => {
    if (consented) await context.addCookies([{ name: 'ss_cookieAllowed', value: 'true', url: baseURL! }]);
    if (!reuseContext) return use(context);
    const sessions: CDPSession[] = [];
    const newCDPSession = context.newCDPSession.bind(context);
    context.newCDPSession = async (target) => {
      const session = await newCDPSession(target);
      sessions.push(session);
      return session;
    };
    await use(context);
    // A session the test detached itself, or a page it closed, has nothing left to undo.
    await Promise.all(sessions.map((session) => session.detach().catch(() => undefined)));
    await context.setOffline(false);
  },
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    // The first line of the stack says whose code threw (ours, or a library the test loads).
    page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}${whereThrown(error)}`));
    await use(errors);
  },
});

export { expect };

/** ` (at file:line)` from an error's stack, or nothing when it has none (a DOMException). */
function whereThrown(error: Error): string {
  const frame = error.stack?.split('\n').find((line) => /^\s+at /.test(line));
  return frame ? ` (${frame.trim()})` : '';
}

/** Waits until the runtime has initialised every block present at start. */
export async function runtimeReady(page: Page): Promise<void> {
  await page.waitForFunction(() => window.SiteRuntime !== undefined);
  await page.evaluate(() => window.SiteRuntime!.ready);
}

/**
 * Stops an installed fake clock where the page's time is now (plus a moment). Installed, it
 * also flows with real time, so a slow machine would add to what `runFor` moves it by; from
 * here on only the test moves it. Call it once the page is ready: before, the runtime's idle
 * work (on the fake requestIdleCallback) would wait for the test.
 */
export async function stopClockFlow(page: Page): Promise<void> {
  // The clock flows on between reading it and pausing it: on a loaded machine by more than the
  // margin, which pauseAt refuses ("Cannot fast-forward to the past"); then read it again.
  for (let attempt = 1; ; attempt++) {
    try {
      return await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 200);
    } catch (error) {
      if (attempt === 5 || !String(error).includes('to the past')) throw error;
    }
  }
}

/**
 * The visitor record cookie (`ss_cvr`) as the census stores it with each button hit, once the
 * tracker has written it: its first field is the visitor's id (`census_hits.visitor_id`).
 */
export async function visitorRecord(context: BrowserContext): Promise<string> {
  let record = '';
  await expect.poll(async () => (record = (await context.cookies()).find((cookie) => cookie.name === 'ss_cvr')?.value ?? '')).not.toBe('');
  return decodeURIComponent(record);
}

/** The visitor's id in the census (`census_hits.visitor_id`): the first field of their record. */
export const visitorIdOf = async (context: BrowserContext): Promise<string> => (await visitorRecord(context)).split('|')[0]!;

/**
 * The page as hidden (the visitor switched tabs): the runtime sends what waits (page-view
 * metrics, queued beacons) while the page is still there, where routes and offline mode still
 * apply; what a page sends as it is left goes past Playwright's routes.
 */
export async function hidePage(page: Page): Promise<void> {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

/** The crumb cookie's value in this browser context (set by any page the server served). */
export async function crumbOf(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'crumb');
  if (!cookie) throw new Error('no crumb cookie yet: load a page first');
  return cookie.value;
}

/** Calls the API from the page's context (its cookies), adding the crumb like the runtime does. */
export async function api(page: Page, method: 'GET' | 'POST', path: string, data?: unknown) {
  const crumb = await crumbOf(page);
  const url = `${path}${path.includes('?') ? '&' : '?'}crumb=${encodeURIComponent(crumb)}`;
  return method === 'GET' ? page.request.get(url) : page.request.post(url, { data: data ?? {} });
}

/** Signs this page's context in through the API (the sign-in form has tests of its own). */
export async function signIn(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.goto('/plain');
  expect((await api(page, 'POST', '/api/auth/Login', account)).ok()).toBe(true);
}

/** Runs `read` as the signed-in owner, in a separate context. */
async function asOwner<T>(browser: import('@playwright/test').Browser, baseURL: string, read: (page: Page) => Promise<T>): Promise<T> {
  const { OWNER } = await import('./global-setup');
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/plain');
  const login = await api(page, 'POST', '/api/auth/Login', OWNER);
  if (!login.ok()) throw new Error(`owner login failed: ${login.status()}`);
  try {
    return await read(page);
  } finally {
    await context.close();
  }
}

/** The stored submissions, newest first, as the owner reads them. */
export const ownerSubmissions = (browser: import('@playwright/test').Browser, baseURL: string, formId?: string) =>
  asOwner(browser, baseURL, async (page) => (await (await api(page, 'GET', `/api/owner/submissions${formId ? `?formId=${formId}` : ''}`)).json()) as { submissions: Array<{ formId: string; values: Record<string, unknown> }> });

/** Every list's subscribers as the owner reads them (the first 1,000 of each: the suite makes fewer). */
export const ownerSubscribers = (browser: import('@playwright/test').Browser, baseURL: string) =>
  asOwner(browser, baseURL, async (page) => {
    const { lists } = (await (await api(page, 'GET', '/api/owner/subscribers')).json()) as { lists: Array<{ listId: string }> };
    const subscribers: Array<{ listId: string; email: string }> = [];
    for (const { listId } of lists) {
      const answer = (await (await api(page, 'GET', `/api/owner/subscribers/lists/${encodeURIComponent(listId)}?limit=1000`)).json()) as { subscribers: Array<{ email: string }> };
      subscribers.push(...answer.subscribers.map(({ email }) => ({ listId, email })));
    }
    return subscribers;
  });

/** Runs one read-only query against the server's own database, to count what arrived. */
export function queryServerDb<T>(sql: string, ...params: unknown[]): T[] {
  const db = new Database(path.join(process.env.TESSERA_DATA_DIR!, 'site.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** Changes the server's database directly: only to stand in for time passing (an expiry). */
export function updateServerDb(sql: string, ...params: unknown[]): number {
  const db = new Database(path.join(process.env.TESSERA_DATA_DIR!, 'site.sqlite'), { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    return db.prepare(sql).run(...params).changes;
  } finally {
    db.close();
  }
}

/** Fills the contact form's required fields (the /contact page). */
export async function fillContact(page: Page, email: string, message = 'Hello <b>there</b>', firstName = 'Ada'): Promise<void> {
  await page.getByLabel('First Name').fill(firstName);
  await page.getByLabel('Last Name').fill('Lovelace');
  await page.getByRole('textbox', { name: 'Email (required)' }).fill(email);
  await page.getByLabel('Message', { exact: false }).first().fill(message);
}

/** Fills the call-back form's name and phone (the /callback page); the captcha is the caller's. */
export async function fillCallback(page: Page): Promise<void> {
  await page.getByLabel('Your name').fill('Grace');
  await page.getByLabel('Area Code').fill('555');
  await page.getByLabel('Prefix').fill('123');
  await page.getByLabel('Line', { exact: true }).fill('4567');
}

/**
 * On /callback: fills the form, solves its captcha by the keyboard and sends it, until the
 * owner's success HTML shows. Whether its script ran is the caller's to check.
 */
export async function requestCallback(page: Page): Promise<void> {
  await page.goto('/callback');
  await runtimeReady(page);
  await fillCallback(page);
  await page.getByRole('checkbox', { name: "I'm not a robot" }).focus();
  await page.keyboard.press('Space');
  await expect(page.locator('.site-form-captcha').getByRole('status')).toHaveText('Verified', { timeout: 15_000 });
  await page.getByRole('button', { name: 'Request a call' }).click();
  await expect(page.locator('.callback-done')).toHaveText('Request received.');
}

/** A theme's rule, added as the page is parsed (the demo's policy refuses an inline <style>). */
export const themeRule = (page: Page, rule: string) =>
  page.addInitScript((css) => {
    document.addEventListener('DOMContentLoaded', () => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    });
  }, rule);

/**
 * Sums the layout shifts from the first paint in `window.__shift` (read it with `layoutShifted`),
 * as CLS counts them (none right after input), but those of a native control's own parts: an
 * `<audio controls>` redraws its time display as the file's length arrives, and the browser
 * names no node for that. Call it before the page is loaded.
 */
export async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    type Shift = { value: number; hadRecentInput: boolean; sources: { node: Node | null }[] };
    new PerformanceObserver((list) =>
      (list.getEntries() as unknown as Shift[]).forEach((e) => (w.__shift += !e.hadRecentInput && e.sources.some((source) => source.node) ? e.value : 0)),
    ).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shifts so far, two frames on (the last one is reported a frame late). */
export async function layoutShifted(page: Page): Promise<number> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(() => (window as unknown as { __shift: number }).__shift);
}

/**
 * Holds the runtime's chunk `name` (`map`, `bars`) until the page has been on screen a while, so
 * that what it brings arrives in a painted page, as on a slow phone, where a shift would be seen.
 */
export async function holdChunk(page: Page, name: string, ms = 500): Promise<void> {
  await page.route(new RegExp(`/runtime/chunks/${name}-[^/]*\\.js$`), async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

/**
 * Holds every runtime chunk and language file until the page has painted its first content, as
 * on a slow network: what the runtime brings then arrives in a page the visitor already sees,
 * where a shift would count. Nothing is held longer than that.
 */
export async function holdRuntimeUntilPainted(page: Page): Promise<void> {
  let painted!: () => void;
  const paint = new Promise<void>((resolve) => (painted = resolve));
  await page.exposeBinding('__tesseraPainted', () => painted());
  await page.addInitScript(() =>
    new PerformanceObserver((list, observer) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      void (window as unknown as { __tesseraPainted: () => Promise<void> }).__tesseraPainted();
    }).observe({ type: 'paint', buffered: true }),
  );
  await page.route(/\/runtime\/(chunks|i18n)\//, async (route) => {
    await paint;
    await route.continue();
  });
}

/**
 * Counts the page's requests in flight (its frames' too), from now on: `quiet(ms)` waits until
 * none has been in flight for `ms`, at most `within` ms in all, so that what a test checks next
 * is what the page looks like once everything it asked for has arrived (a block's data, an
 * image, a font), without a fixed wait that is too long on a fast machine and too short on a slow one.
 */
export function watchNetwork(page: Page): { quiet: (ms?: number, within?: number) => Promise<void> } {
  let inFlight = 0;
  let lastChange = Date.now();
  const change = (by: number) => {
    inFlight += by;
    lastChange = Date.now();
  };
  page.on('request', () => change(1));
  page.on('requestfinished', () => change(-1));
  page.on('requestfailed', () => change(-1));
  return {
    quiet: async (ms = 200, within = 5_000) => {
      const giveUp = Date.now() + within;
      while (Date.now() < giveUp && (inFlight > 0 || Date.now() - lastChange < ms)) await new Promise((resolve) => setTimeout(resolve, 25));
    },
  };
}

/** Waits for the page's transitions and finite animations to end (a banner sliding into place). */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() => Promise.all(document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity).map((animation) => animation.finished.catch(() => undefined))));
}

/** The rule sets every full scan runs: WCAG 2.0, 2.1 and 2.2 A and AA, and axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * axe as the tests run it: in the page itself (its legacy mode), and in full for violations only.
 * The default opens a blank page per scan to gather the frames' results and serialises every
 * passing node, which together cost most of a scan's time; the checks and violations are the same.
 */
export function axeScan(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
}

/**
 * axe's WCAG 2.0, 2.1 and 2.2 A and AA rules and its best practices (roles an element may take,
 * heading order, content in landmarks: what Lighthouse's accessibility audit also checks): the
 * violations, each with up to three of its nodes.
 */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  // Axe measures layout: a scan while the theme's stylesheet is still on its way sees unstyled links (target-size).
  await page.waitForLoadState('load');
  let builder = axeScan(page).withTags(AXE_TAGS);
  if (include) builder = builder.include(include);
  const result = await builder.analyze();
  expect(result.passes.length).toBeGreaterThan(3); // it did look
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

/** A live gallery's index, through the public SiteRuntime.block API. */
export const galleryIndex = (page: Page, id: string) =>
  page.evaluate((blockId) => (window.SiteRuntime!.block(document.getElementById(blockId)!) as unknown as { index: number }).index, id);

/** Waits for a gallery's motion lock to release (a slideshow's fade takes 1 s, its fade-out 1.2 s). */
export const gallerySettled = (page: Page, id: string) =>
  page.waitForFunction((blockId) => !(window.SiteRuntime!.block(document.getElementById(blockId)!) as unknown as { inMotion: boolean }).inMotion, id);

/** A real touch drag (touch events through the DevTools protocol) from one point to another in five moves. */
export async function touchDrag(page: Page, [fromX, fromY]: [number, number], [toX, toY]: [number, number]): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: string, at = 0) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x: fromX + (toX - fromX) * at, y: fromY + (toY - fromY) * at }] } as never);
  await touch('touchStart');
  for (let step = 1; step <= 5; step++) await touch('touchMove', step / 5);
  await touch('touchEnd');
  await cdp.detach();
}

/** A touch swipe across the screen at height `y`, from `fromX` to `toX`. */
export const touchSwipe = (page: Page, y: number, fromX: number, toX: number) => touchDrag(page, [fromX, y], [toX, y]);
