/**
 * The cart a page keeps when its API is on another origin: only then, only for that API, and
 * never in a way that throws (storage that refuses, a value someone else wrote).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CART_EVENT, CART_KEY, cartAnswered, cartKnown, cartRequest, checkoutPageUrl } from '../../src/net/kept-cart';
import { resetStorageWarning } from '../../src/platform/storage';

const API = 'https://api.example.test';
const elsewhere = () => (document.body.innerHTML = `<script data-api-base="${API}/"></script>`);

/** The cart header a cart call sends (its answer names the same cart, so nothing changes). */
async function sentToken(): Promise<string | null> {
  let sent: string | null = null;
  vi.stubGlobal('fetch', (_url: string, init?: RequestInit) => {
    sent = new Headers(init?.headers).get('x-cart-token');
    return Promise.resolve(new Response(JSON.stringify({ id: sent ?? '', totalQuantity: 0 }), { status: 200, headers: { 'content-type': 'application/json' } }));
  });
  await cartRequest('/api/commerce/cart');
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
  localStorage.clear();
  vi.restoreAllMocks();
  resetStorageWarning();
});

describe('the kept cart', () => {
  it('on the API’s own origin, nothing is kept or sent: the cookie holds the cart', async () => {
    cartAnswered({ id: 'abc', isPurchased: false });
    expect(localStorage.getItem(CART_KEY)).toBeNull();
    localStorage.setItem(CART_KEY, JSON.stringify({ api: location.origin, token: 'abc' }));
    expect(await sentToken()).toBeNull();
    expect(checkoutPageUrl()).toBe(`${location.origin}/commerce/goto-checkout`);
  });

  it('with the API elsewhere: kept from an answer, named in the header and handed to checkout; forgotten once bought or gone', async () => {
    elsewhere();
    expect(await sentToken()).toBeNull();
    cartAnswered({ id: 'Ab_9-x', isPurchased: false });
    expect(await sentToken()).toBe('Ab_9-x');
    expect(checkoutPageUrl()).toBe(`${API}/commerce/goto-checkout?cartToken=Ab_9-x`);
    cartAnswered({ id: 'Ab_9-x', isPurchased: true });
    expect(await sentToken()).toBeNull();
    cartAnswered({ id: 'next', isPurchased: false });
    cartAnswered({ id: '' });
    expect(localStorage.getItem(CART_KEY)).toBeNull();
    cartAnswered(null);
    expect(await sentToken()).toBeNull();
  });

  it('every cart answer fires site:cart with its count, 0 once bought or gone; a cart is known by its cookie, or elsewhere by the kept token', () => {
    const heard: unknown[] = [];
    const hear = (event: Event) => heard.push((event as CustomEvent).detail);
    document.addEventListener(CART_EVENT, hear);
    expect(cartKnown()).toBe(false);
    document.cookie = 'CART=abc; path=/';
    expect(cartKnown()).toBe(true);
    cartAnswered({ id: 'abc', totalQuantity: 2 });
    cartAnswered({ id: 'abc', totalQuantity: 2, isPurchased: true });
    cartAnswered({ id: '', totalQuantity: 0 });
    cartAnswered({ id: 'abc', totalQuantity: '7' });
    expect(heard).toEqual([{ totalQuantity: 2 }, { totalQuantity: 0 }, { totalQuantity: 0 }, { totalQuantity: 0 }]);
    document.cookie = 'CART=; max-age=0; path=/';
    elsewhere();
    expect(cartKnown()).toBe(false);
    cartAnswered({ id: 'kept', totalQuantity: 1 });
    expect(cartKnown()).toBe(true);
    document.removeEventListener(CART_EVENT, hear);
  });

  it('a cart kept for another API, or a value it did not write, is not sent', async () => {
    elsewhere();
    for (const value of [JSON.stringify({ api: 'https://old-api.example.test', token: 'abc' }), '{not json', JSON.stringify({ api: API, token: 'a b' }), JSON.stringify({ api: API, token: 'x'.repeat(65) }), 'null', '7']) {
      localStorage.setItem(CART_KEY, value);
      expect(await sentToken(), value).toBeNull();
      expect(checkoutPageUrl(), value).toBe(`${API}/commerce/goto-checkout`);
    }
  });

  it('storage that throws: nothing kept, nothing thrown, one warning', async () => {
    elsewhere();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => cartAnswered({ id: 'abc', isPurchased: false })).not.toThrow();
    expect(await sentToken()).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
