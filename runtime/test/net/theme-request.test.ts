/**
 * `SiteRuntime.api.request` for theme code: a cart call names the kept cart (a page on another
 * site) and tells the page its answer (`site:cart`); any other call goes as it is.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CART_EVENT, CART_KEY } from '../../src/net/kept-cart';
import { request as themeRequest } from '../../src/net/theme-request';

const API = 'https://api.example.test';
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
  localStorage.clear();
});

describe('SiteRuntime.api.request', () => {
  it('a cart call from a page on another site: the kept cart in its header, the answer’s cart kept and told to the page', async () => {
    document.body.innerHTML = `<script data-api-base="${API}"></script>`;
    localStorage.setItem(CART_KEY, JSON.stringify({ api: API, token: 'kept' }));
    const sent: Array<{ path: string; token: string | null }> = [];
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
      sent.push({ path: new URL(url).pathname, token: new Headers(init?.headers).get('x-cart-token') });
      return Promise.resolve(json(/^\/api\/commerce\/cart(\/|$)/.test(new URL(url).pathname) ? { id: 'next', totalQuantity: 3 } : { ok: true }));
    });
    const heard: unknown[] = [];
    const hear = (event: Event) => heard.push((event as CustomEvent).detail);
    document.addEventListener(CART_EVENT, hear);
    await themeRequest('/api/commerce/cart/entries', { method: 'POST', data: { productId: 'mug' } });
    expect(heard).toEqual([{ totalQuantity: 3 }]);
    expect(JSON.parse(localStorage.getItem(CART_KEY)!)).toEqual({ api: API, token: 'next' });
    await themeRequest('/api/commerce/cart');
    // Any other call goes as it is: no cart header, nothing told.
    expect(await themeRequest('/api/commerce/cartography')).toEqual({ ok: true });
    expect(await themeRequest('/api/some/Call', { method: 'POST', data: {} })).toEqual({ ok: true });
    expect(sent).toEqual([
      { path: '/api/commerce/cart/entries', token: 'kept' },
      { path: '/api/commerce/cart', token: 'next' },
      { path: '/api/commerce/cartography', token: null },
      { path: '/api/some/Call', token: null },
    ]);
    expect(heard).toHaveLength(2);
    document.removeEventListener(CART_EVENT, hear);
  });
});
