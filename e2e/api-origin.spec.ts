/**
 * A theme's page on its own host, with `data-api-base` pointing at a Tessera server elsewhere
 * (another port; for the store, also another site: `localhost` against `127.0.0.1`): every call
 * goes there, with CORS for the listed site (SITE_ORIGINS), and an origin the server does not
 * list gets nothing stored.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { ANALYTICS_EVENTS_PATH, PERFORMANCE_RECORDS_PATH, RECORD_HIT_PATH } from '../contract/api/paths';
import { withContentBlocker } from './content-blocker';
import { expect, hidePage, test } from './fixtures';
import { startBuiltServer, type ServerProcess } from './server-process';

interface ThemeHost {
  origin: string;
  server: Server;
}

let api: ServerProcess;
let listed: ThemeHost;
let unlisted: ThemeHost;
/** The listed host's pages under another name: `localhost` is another site than `127.0.0.1`. */
let crossSite: string;
let html = '';
/** The theme's store pages: a product list, and a cart page whose root the runtime fills. */
const storePages: Record<string, string> = {};

/** A static host that serves one page (set once the API's address is known). */
async function themeHost(): Promise<ThemeHost> {
  const server = createServer((request, response) => {
    if (request.url === '/' || request.url?.startsWith('/?')) return response.writeHead(200, { 'content-type': 'text/html' }).end(html);
    // The same page on a site that lets Escape lead to the sign-in page.
    if (request.url === '/escape-login') return response.writeHead(200, { 'content-type': 'text/html' }).end(html.replace('"useEscapeKeyToLogin":false', '"useEscapeKeyToLogin":true'));
    const store = storePages[request.url ?? ''];
    if (store) return response.writeHead(200, { 'content-type': 'text/html' }).end(store);
    response.writeHead(204).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

function count(sql: string, ...params: unknown[]): number {
  const db = new Database(path.join(api.dataDir, 'site.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return (db.prepare(sql).get(...params) as { n: number }).n;
  } finally {
    db.close();
  }
}

test.beforeAll(async ({ request }) => {
  listed = await themeHost();
  unlisted = await themeHost();
  crossSite = listed.origin.replace('127.0.0.1', 'localhost');
  api = await startBuiltServer({ SITE_ORIGINS: `${listed.origin},${crossSite}`, FORM_RATE_LIMIT: '100' });
  // The demo's home page (its context, a newsletter form), as a theme on another host would
  // have it: the runtime and its styles from the API's server, every call there.
  const onThemeHost = (page: string) =>
    page
      .replace(/<script([^>]*) src="\/runtime\/site\.js">/, `<script$1 src="${api.baseUrl}/runtime/site.js" data-api-base="${api.baseUrl}">`)
      .replace(/(href|src)="\/(runtime|assets|images)\//g, `$1="${api.baseUrl}/$2/`);
  html = onThemeHost(await (await request.get(`${api.baseUrl}/`)).text());
  expect(html).toContain(`data-api-base="${api.baseUrl}"`);
  storePages['/blocks'] = onThemeHost(await (await request.get(`${api.baseUrl}/blocks`)).text());
  // A static cart page has only its root, as examples/cart.html: the server filled this one.
  storePages['/cart'] = onThemeHost(await (await request.get(`${api.baseUrl}/cart`)).text()).replace(/<div id="sqs-cart-root"[\s\S]*?<\/main>/, '<div id="sqs-cart-root"><p>Loading your cart…</p></div>\n</main>');
  expect(storePages['/cart']).toContain('<div id="sqs-cart-root"><p>Loading your cart…</p></div>');
});

test.afterAll(async () => {
  await api?.stop();
  listed?.server.close();
  unlisted?.server.close();
});

/**
 * The page views and performance records of one visit: its address names it (`mkwid`, which page
 * views keep in their query string and performance records as their marketing id). A count of
 * every row would take in what another test's page sent as it closed, which on a loaded host can
 * arrive while this one runs (the file's tests share a server in each worker).
 */
const pageViewsOf = (tag: string) => count("SELECT COUNT(*) AS n FROM census_hits WHERE event = 'pageView' AND json_extract(data_json, '$.queryString') = ?", `?mkwid=e2e-${tag}`);
const performanceRecordsOf = (tag: string) => count("SELECT COUNT(*) AS n FROM performance_records WHERE json_extract(data_json, '$.marketingId') = ?", `e2e-${tag}`);

/** Opens the theme's page, signs up to the newsletter, tracks an event, throws an error, leaves. */
async function visit(page: Page, host: ThemeHost, tag: string): Promise<void> {
  await page.context().addCookies([{ name: 'ss_cookieAllowed', value: 'true', url: host.origin }]);
  await page.goto(`${host.origin}/?mkwid=e2e-${tag}`);
  await page.waitForFunction(() => window.SiteRuntime !== undefined);
  await page.evaluate(() => window.SiteRuntime!.ready);
  await page.getByRole('textbox', { name: /Email/ }).first().fill(`${tag}@example.com`);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.evaluate(
    (action) => window.SiteRuntime!.analytics.track({ actor: 'visitor', action, event_owner_team: 'web', event_source: 'e2e', object_type: 'page' }),
    `e2e_${tag}`,
  );
  await page.evaluate((message) => setTimeout(() => {
    throw new Error(message);
  }), `e2e cross-origin ${tag}`);
  await page.waitForTimeout(1500);
  // Hidden, then left, it sends what is queued: the performance record, the error report.
  await hidePage(page);
  await page.goto('about:blank');
}

test('a listed site on another origin: a submission, a page view, an event, an error and a performance record are stored', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => request.url().includes('/api/') && requests.push(new URL(request.url()).origin));
  await visit(page, listed, 'listed');
  // Every call went to the API's origin, none to the page's own.
  expect(requests.length).toBeGreaterThan(3);
  expect(new Set(requests)).toEqual(new Set([api.baseUrl]));
  await expect.poll(() => count("SELECT COUNT(*) AS n FROM form_submissions WHERE values_json LIKE '%listed@example.com%'")).toBe(1);
  await expect.poll(() => pageViewsOf('listed')).toBe(1);
  await expect.poll(() => count("SELECT COUNT(*) AS n FROM analytics_events WHERE action = 'e2e_listed'")).toBe(1);
  await expect.poll(() => count("SELECT COUNT(*) AS n FROM js_errors WHERE message LIKE '%e2e cross-origin listed%'")).toBe(1);
  await expect.poll(() => performanceRecordsOf('listed')).toBe(1);
});

test('a store on a theme host: the cart fills from the API, and Checkout goes to the server’s checkout page, where the order is placed', async ({ page }) => {
  await page.context().addCookies([{ name: 'ss_cookieAllowed', value: 'true', url: listed.origin }]);
  await page.goto(`${listed.origin}/blocks`);
  await page.evaluate(() => window.SiteRuntime!.ready);
  await page.getByRole('button', { name: 'Add to cart: Harbour print' }).click();
  await expect(page.locator('.product-status')).toHaveText('Harbour print added to your cart. View cart');
  await page.getByRole('link', { name: 'View cart' }).click();
  expect(new URL(page.url()).origin).toBe(listed.origin);
  await expect(page.locator('#sqs-cart-root .cart-lines')).toContainText('Harbour print');
  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Checkout');
  expect(new URL(page.url()).origin).toBe(api.baseUrl);
  await page.getByLabel('Name').fill('Grace Hopper');
  await page.getByLabel('Email', { exact: true }).fill('theme-host@example.com');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order confirmed');
  expect(count("SELECT COUNT(*) AS n FROM orders WHERE email = 'theme-host@example.com'")).toBe(1);
});

test('a store on another site: the runtime keeps and counts the cart the server’s cookie cannot, and the checkout takes it over', async ({ page }) => {
  const cartCookie = async () => (await page.context().cookies(api.baseUrl)).find((cookie) => cookie.name === 'CART');
  await page.context().addCookies([{ name: 'ss_cookieAllowed', value: 'true', url: crossSite }]);
  await page.goto(`${crossSite}/blocks`);
  await page.evaluate(() => window.SiteRuntime!.ready);
  await page.getByRole('button', { name: 'Add to cart: Harbour print' }).click();
  await expect(page.locator('.product-status')).toHaveText('Harbour print added to your cart. View cart');
  // The browser keeps no SameSite=Lax cookie from another site's call: the page knows the cart.
  expect(await cartCookie()).toBeUndefined();
  const cartCount = page.getByRole('link', { name: /^Cart \(/ });
  await expect(cartCount).toHaveText('Cart (1)');
  // The theme's own Add to cart, through the data layer, adds to the same cart.
  await page.evaluate(() => window.SiteRuntime!.api.request('/api/commerce/cart/entries', { method: 'POST', data: { productId: 'print-harbour' } }));
  await expect(cartCount).toHaveText('Cart (2)');
  await page.getByRole('link', { name: 'View cart' }).click();
  await expect(page.locator('#sqs-cart-root .cart-lines')).toContainText('Harbour print');
  await expect(cartCount).toHaveText('Cart (2)');
  await expect(page.locator('#sqs-cart-root .cart-quantity')).toHaveValue('2');
  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Checkout');
  // The token left the address once the server's own cookie held the cart.
  expect(page.url()).toBe(`${api.baseUrl}/commerce/goto-checkout`);
  expect(await cartCookie()).toBeDefined();
  await page.getByLabel('Name').fill('Ada Lovelace');
  await page.getByLabel('Email', { exact: true }).fill('cross-site@example.com');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order confirmed');
  expect(count("SELECT COUNT(*) AS n FROM orders WHERE email = 'cross-site@example.com'")).toBe(1);
  // Back on the theme, the bought cart is forgotten: the cart page is empty and a new one starts.
  await page.goto(`${crossSite}/cart`);
  await expect(page.locator('#sqs-cart-root')).toContainText('Your cart is empty.');
  await expect(cartCount).toHaveText('Cart (0)');
  await expect.poll(() => page.evaluate(() => Object.keys(localStorage).filter((key) => key.includes('cart')))).toEqual([]);
});

test('with uBlock Origin: on the API’s site only the page view is lost; on another site the beacons are too, while fetches (the form, error reports) go through', async ({ page }) => {
  const blocked = await withContentBlocker(page);
  const stored = (tag: string) => ({
    submissions: count('SELECT COUNT(*) AS n FROM form_submissions WHERE values_json LIKE ?', `%${tag}@example.com%`),
    events: count('SELECT COUNT(*) AS n FROM analytics_events WHERE action = ?', `e2e_${tag}`),
    errors: count('SELECT COUNT(*) AS n FROM js_errors WHERE message LIKE ?', `%e2e cross-origin ${tag}%`),
  });

  // Another port of the same site (127.0.0.1): EasyPrivacy blocks the census hit by its path.
  await visit(page, listed, 'blocker-same-site');
  await expect.poll(() => stored('blocker-same-site')).toEqual({ submissions: 1, events: 1, errors: 1 });
  await expect.poll(() => performanceRecordsOf('blocker-same-site')).toBe(1);
  expect(pageViewsOf('blocker-same-site')).toBe(0);
  expect(blocked.map(({ url }) => url.pathname)).toEqual([RECORD_HIT_PATH]);

  // Another site (localhost): EasyPrivacy's `$ping,third-party` takes every beacon (analytics
  // events, performance records, button census), and only them; fetches go through: the form,
  // the error report (it carries the crumb header, which a beacon cannot), the cart.
  blocked.length = 0;
  await visit(page, { ...listed, origin: crossSite }, 'blocker-cross-site');
  await expect.poll(() => stored('blocker-cross-site')).toEqual({ submissions: 1, events: 0, errors: 1 });
  // What the blocker let through has arrived; the rest would have by now.
  await page.waitForTimeout(1000);
  expect(stored('blocker-cross-site')).toEqual({ submissions: 1, events: 0, errors: 1 });
  expect(performanceRecordsOf('blocker-cross-site')).toBe(0);
  expect(pageViewsOf('blocker-cross-site')).toBe(0);
  expect(new Set(blocked.map(({ type }) => type))).toEqual(new Set(['ping']));
  expect(blocked.map(({ url }) => url.pathname)).toEqual(expect.arrayContaining([RECORD_HIT_PATH, ANALYTICS_EVENTS_PATH, PERFORMANCE_RECORDS_PATH]));
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('an origin the server does not list: nothing is stored', async ({ page }) => {
  await visit(page, unlisted, 'unlisted');
  await page.waitForTimeout(1000);
  expect(count("SELECT COUNT(*) AS n FROM form_submissions WHERE values_json LIKE '%unlisted@example.com%'")).toBe(0);
  expect(count("SELECT COUNT(*) AS n FROM analytics_events WHERE action = 'e2e_unlisted'")).toBe(0);
  expect(count("SELECT COUNT(*) AS n FROM js_errors WHERE message LIKE '%e2e cross-origin unlisted%'")).toBe(0);
  expect(pageViewsOf('unlisted')).toBe(0);
  expect(performanceRecordsOf('unlisted')).toBe(0);
});

test('Escape to sign in, on a theme host: the sign-in page and the config area are the server’s, not the theme host’s', async ({ page }) => {
  expect(html).toContain('"useEscapeKeyToLogin":false');
  const ownerChunk = page.waitForResponse((response) => /\/runtime\/chunks\/owner-[\w-]+\.js$/.test(response.url()));
  await page.goto(`${listed.origin}/escape-login`);
  await page.waitForFunction(() => window.SiteRuntime !== undefined);
  await page.evaluate(() => window.SiteRuntime!.ready);
  // The owner chunk (loaded for useEscapeKeyToLogin) takes Escape once it has run.
  await ownerChunk;
  await expect.poll(async () => {
    await page.keyboard.press('Escape').catch(() => undefined);
    return new URL(page.url()).origin;
  }).toBe(api.baseUrl);
  const url = new URL(page.url());
  expect(url.pathname).toBe('/login');
  expect(url.searchParams.get('allowAccountCreation')).toBe('false');
  expect(url.searchParams.get('next')).toBe('/config/?frameUrl=%2Fescape-login');
});
