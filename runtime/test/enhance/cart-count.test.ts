/**
 * The cart's count in a theme's header (`.sqs-cart-quantity`): 0 with no request when the
 * visitor has no cart, the cart's totalQuantity when there is one (with the kept cart's header
 * on another origin), every cart answer after that, again after the Back button's cache, and
 * nothing once torn down.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_KEY } from '../../src/net/kept-cart';

// A page's modules, fresh for each test: the last cart answer is the page's.
let cartAnswered: typeof import('../../src/net/kept-cart').cartAnswered;
let start: typeof import('../../src/enhance/cart-count').countCart;
const freshPage = async () => {
  vi.resetModules();
  ({ cartAnswered } = await import('../../src/net/kept-cart'));
  ({ countCart: start } = await import('../../src/enhance/cart-count'));
};
beforeEach(freshPage);

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const counts = () => [...document.querySelectorAll('.sqs-cart-quantity')].map((count) => count.textContent);
const header = `<a href="/cart">Cart <span class="sqs-cart-quantity">?</span></a><span class="sqs-cart-quantity">?</span>`;

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
  document.cookie = 'CART=; max-age=0; path=/';
  localStorage.clear();
});

describe('the cart’s count', () => {
  it('no cart: 0 in each, without asking the server', () => {
    document.body.innerHTML = header;
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    start()();
    expect(counts()).toEqual(['0', '0']);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a count the server wrote as it served the page is not asked for again, unless one count lacks it; a change still shows', async () => {
    document.cookie = 'CART=abc; path=/';
    const fetch = vi.fn(() => Promise.resolve(json({ id: 'abc', totalQuantity: 3, entries: [] })));
    vi.stubGlobal('fetch', fetch);
    document.body.innerHTML = header.replaceAll('class="sqs-cart-quantity">?', 'class="sqs-cart-quantity" data-cart-counted>2');
    const stop = start();
    expect(counts()).toEqual(['2', '2']);
    expect(fetch).not.toHaveBeenCalled();
    cartAnswered({ id: 'abc', totalQuantity: 4 });
    expect(counts()).toEqual(['4', '4']);
    stop();
    // On another page, one count the server could not write (markup inside it): the runtime asks.
    await freshPage();
    document.body.innerHTML = `<span class="sqs-cart-quantity" data-cart-counted>2</span><span class="sqs-cart-quantity"><i>?</i></span>`;
    start()();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('a change the page made before the count started (the cart page on a slow phone): its answer, not the count the server wrote', () => {
    document.cookie = 'CART=abc; path=/';
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    document.body.innerHTML = header.replaceAll('class="sqs-cart-quantity">?', 'class="sqs-cart-quantity" data-cart-counted>2');
    cartAnswered({ id: 'abc', totalQuantity: 1 });
    start()();
    expect(counts()).toEqual(['1', '1']);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a cart (its cookie): its totalQuantity, then each cart answer the page gets, until torn down', async () => {
    document.body.innerHTML = header;
    document.cookie = 'CART=abc; path=/';
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(json({ id: 'abc', totalQuantity: 3, entries: [] }))));
    const stop = start();
    await vi.waitFor(() => expect(counts()).toEqual(['3', '3']));
    cartAnswered({ id: 'abc', totalQuantity: 4 });
    expect(counts()).toEqual(['4', '4']);
    // A bought cart holds nothing.
    cartAnswered({ id: 'abc', totalQuantity: 4, isPurchased: true });
    expect(counts()).toEqual(['0', '0']);
    // Theme code that fires the event itself: a number is shown, anything else is 0.
    document.dispatchEvent(new CustomEvent('site:cart', { detail: { totalQuantity: 5 } }));
    expect(counts()).toEqual(['5', '5']);
    for (const detail of [null, {}, { totalQuantity: 'lots' }]) {
      document.dispatchEvent(new CustomEvent('site:cart', { detail }));
      expect(counts()).toEqual(['0', '0']);
    }
    stop();
    cartAnswered({ id: 'next', totalQuantity: 1 });
    expect(counts()).toEqual(['0', '0']);
  });

  it('a page the Back button brings out of the cache counts again; a page shown afresh does not ask twice', async () => {
    document.body.innerHTML = header;
    document.cookie = 'CART=abc; path=/';
    const answers = [3, 1];
    const fetch = vi.fn(() => Promise.resolve(json({ id: 'abc', totalQuantity: answers.shift() })));
    vi.stubGlobal('fetch', fetch);
    const stop = start();
    await vi.waitFor(() => expect(counts()).toEqual(['3', '3']));
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false }));
    expect(fetch).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    await vi.waitFor(() => expect(counts()).toEqual(['1', '1']));
    // The cart was bought on the pages in between: no cookie, no request, 0.
    document.cookie = 'CART=; max-age=0; path=/';
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    expect(counts()).toEqual(['0', '0']);
    expect(fetch).toHaveBeenCalledTimes(2);
    stop();
    document.cookie = 'CART=abc; path=/';
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('with the API on another origin: the kept cart, named in its header; a failed call leaves the theme’s text', async () => {
    document.body.innerHTML = `<script data-api-base="https://api.example.test"></script>${header}`;
    localStorage.setItem(CART_KEY, JSON.stringify({ api: 'https://api.example.test', token: 'kept' }));
    const fetch = vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(json({ id: 'kept', totalQuantity: 2 })));
    vi.stubGlobal('fetch', fetch);
    start();
    await vi.waitFor(() => expect(counts()).toEqual(['2', '2']));
    expect(new Headers(fetch.mock.calls[0]![1]?.headers).get('x-cart-token')).toBe('kept');
    document.querySelectorAll('.sqs-cart-quantity').forEach((count) => (count.textContent = '?'));
    const failing = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', failing);
    await freshPage(); // the next page
    start();
    // The data layer's retries (spec part 1 §8), then nothing more.
    await vi.waitFor(() => expect(failing).toHaveBeenCalledTimes(4), { timeout: 3000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(counts()).toEqual(['?', '?']);
  });
});
