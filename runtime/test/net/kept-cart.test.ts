/**
 * The cart a page keeps when its API is on another origin: only then, only for that API, and
 * never in a way that throws (storage that refuses, a value someone else wrote).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CART_KEY, cartHeaders, checkoutPageUrl, keepCart } from '../../src/net/kept-cart';
import { resetStorageWarning } from '../../src/platform/storage';

const API = 'https://api.example.test';
const elsewhere = () => (document.body.innerHTML = `<script data-api-base="${API}/"></script>`);

afterEach(() => {
  document.body.replaceChildren();
  localStorage.clear();
  vi.restoreAllMocks();
  resetStorageWarning();
});

describe('the kept cart', () => {
  it('on the API’s own origin, nothing is kept or sent: the cookie holds the cart', () => {
    keepCart({ id: 'abc', isPurchased: false });
    expect(localStorage.getItem(CART_KEY)).toBeNull();
    localStorage.setItem(CART_KEY, JSON.stringify({ api: location.origin, token: 'abc' }));
    expect(cartHeaders()).toEqual({});
    expect(checkoutPageUrl()).toBe(`${location.origin}/commerce/goto-checkout`);
  });

  it('with the API elsewhere: kept from an answer, named in the header and handed to checkout; forgotten once bought or gone', () => {
    elsewhere();
    expect(cartHeaders()).toEqual({});
    keepCart({ id: 'Ab_9-x', isPurchased: false });
    expect(cartHeaders()).toEqual({ 'x-cart-token': 'Ab_9-x' });
    expect(checkoutPageUrl()).toBe(`${API}/commerce/goto-checkout?cartToken=Ab_9-x`);
    keepCart({ id: 'Ab_9-x', isPurchased: true });
    expect(cartHeaders()).toEqual({});
    keepCart({ id: 'next', isPurchased: false });
    keepCart({ id: '' });
    expect(localStorage.getItem(CART_KEY)).toBeNull();
    keepCart(null);
    expect(cartHeaders()).toEqual({});
  });

  it('a cart kept for another API, or a value it did not write, is not sent', () => {
    elsewhere();
    for (const value of [JSON.stringify({ api: 'https://old-api.example.test', token: 'abc' }), '{not json', JSON.stringify({ api: API, token: 'a b' }), JSON.stringify({ api: API, token: 'x'.repeat(65) }), 'null', '7']) {
      localStorage.setItem(CART_KEY, value);
      expect(cartHeaders(), value).toEqual({});
      expect(checkoutPageUrl(), value).toBe(`${API}/commerce/goto-checkout`);
    }
  });

  it('storage that throws: nothing kept, nothing thrown, one warning', () => {
    elsewhere();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => keepCart({ id: 'abc', isPurchased: false })).not.toThrow();
    expect(cartHeaders()).toEqual({});
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
