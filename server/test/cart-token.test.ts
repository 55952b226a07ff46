/**
 * A store on another site (contract/commerce/routes.ts): its page cannot keep the cart cookie,
 * so its runtime names the cart in the `x-cart-token` header and hands it to the checkout page
 * as `cartToken`, where the server's cookie takes it over. A cart past its lifetime is not
 * opened, by cookie or by token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_LIFETIME_MS } from '../src/commerce/store';
import { CART_COOKIE, CART_TOKEN_HEADER, CHECKOUT_PATH, checkoutUrl } from '../../contract/commerce/routes';
import { cookieJar, rows, startTestServer, type TestServer } from './helper';

const SITE = 'https://theme.example';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ siteOrigins: [SITE] });
});
afterAll(async () => server.close());

/** A call from the theme's page: its Origin and a crumb this server signed, no cookie of the server's. */
async function fromTheme(method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown) {
  const crumb = (await server.app.inject({ method: 'GET', url: '/api/1/crumb', headers: { origin: SITE } })).json<{ crumb: string }>().crumb;
  const headers: Record<string, string> = { origin: SITE, ...(token ? { [CART_TOKEN_HEADER]: token } : {}) };
  return server.app.inject({ method, url: `${url}?crumb=${encodeURIComponent(crumb)}`, headers, ...(payload ? { payload } : {}) } as never);
}
const cartOf = (answer: { json: () => unknown }) => answer.json() as { id: string; totalQuantity: number; isPurchased: boolean };

describe('a cart named by its token', () => {
  it('a listed site’s preflight may send the cart header', async () => {
    const preflight = await server.app.inject({
      method: 'OPTIONS',
      url: '/api/commerce/cart/entries',
      headers: { origin: SITE, 'access-control-request-method': 'PUT', 'access-control-request-headers': `content-type,${CART_TOKEN_HEADER}` },
    });
    expect(preflight.statusCode).toBe(204);
    expect(String(preflight.headers['access-control-allow-headers'])).toContain(CART_TOKEN_HEADER);
  });

  it('the header names the cart to read and change; a new cart’s token comes back in the answer', async () => {
    const first = cartOf(await fromTheme('POST', '/api/commerce/cart/entries', undefined, { productId: 'print-harbour' }));
    expect(first).toMatchObject({ totalQuantity: 1, isPurchased: false });
    expect(first.id).toMatch(/^[\w-]{20,64}$/);
    // Without the header (no cookie either) the next call would start another cart.
    const again = cartOf(await fromTheme('POST', '/api/commerce/cart/entries', first.id, { productId: 'print-harbour' }));
    expect(again).toMatchObject({ id: first.id, totalQuantity: 2 });
    expect(cartOf(await fromTheme('GET', '/api/commerce/cart', first.id))).toMatchObject({ id: first.id, totalQuantity: 2 });
    expect(cartOf(await fromTheme('PUT', '/api/commerce/cart/entries', first.id, { productId: 'print-harbour', quantity: 1 }))).toMatchObject({ id: first.id, totalQuantity: 1 });
    expect(cartOf(await fromTheme('GET', '/api/commerce/cart'))).toMatchObject({ id: '', totalQuantity: 0 });
    expect(cartOf(await fromTheme('GET', '/api/commerce/cart', 'made-up-token'))).toMatchObject({ id: '', totalQuantity: 0 });
  });

  it('the checkout page takes a handed cart into its cookie and drops the token from the address; a bought or made-up one is not taken', async () => {
    const cart = cartOf(await fromTheme('POST', '/api/commerce/cart/entries', undefined, { productId: 'tote' }));
    const handed = await server.app.inject({ method: 'GET', url: checkoutUrl(cart.id) });
    expect(handed.statusCode).toBe(303);
    expect(handed.headers.location).toBe(CHECKOUT_PATH);
    const jar = cookieJar(handed);
    expect(jar[CART_COOKIE]).toBe(cart.id);
    const page = await server.app.inject({ method: 'GET', url: CHECKOUT_PATH, headers: { cookie: `${CART_COOKIE}=${cart.id}` } });
    expect(page.body).toContain('Place order');
    for (const url of [checkoutUrl('made-up-token'), `${CHECKOUT_PATH}?cartToken=a&cartToken=b`]) {
      const refused = await server.app.inject({ method: 'GET', url });
      expect(refused.statusCode, url).toBe(303);
      expect(cookieJar(refused)[CART_COOKIE], url).toBeUndefined();
    }
    await rows(server, 'UPDATE carts SET purchased_at = ? WHERE token = ?', Date.now(), cart.id);
    expect(cookieJar(await server.app.inject({ method: 'GET', url: checkoutUrl(cart.id) }))[CART_COOKIE]).toBeUndefined();
    expect(cartOf(await fromTheme('GET', '/api/commerce/cart', cart.id))).toMatchObject({ id: cart.id, isPurchased: true, totalQuantity: 0 });
  });

  it('a cart past its lifetime is not opened: a change starts a new one', async () => {
    const cart = cartOf(await fromTheme('POST', '/api/commerce/cart/entries', undefined, { productId: 'tote' }));
    await rows(server, 'UPDATE carts SET created_at = ? WHERE token = ?', Date.now() - CART_LIFETIME_MS - 1000, cart.id);
    expect(cartOf(await fromTheme('GET', '/api/commerce/cart', cart.id))).toMatchObject({ id: '', totalQuantity: 0 });
    const next = cartOf(await fromTheme('POST', '/api/commerce/cart/entries', cart.id, { productId: 'tote' }));
    expect(next.id).not.toBe(cart.id);
    expect(next.totalQuantity).toBe(1);
  });
});
