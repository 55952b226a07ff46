/**
 * The full-page cart: a cart the server rendered into the root is adopted without asking for it
 * again, and changes go through the API with the line's product and SKU; an empty root asks.
 * With the API on another origin the page keeps the cart's token (net/kept-cart.ts).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CART_WORDS, cartContentHtml } from '../../../contract/commerce/cart-markup';
import { CART_ROOT_ID } from '../../../contract/model/page-types';
import { defaultContext } from '../../src/context/read';
import { start } from '../../src/pages/cart/index';
import { CART_KEY } from '../../src/net/kept-cart';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const line = { productId: 'print', sku: 'SQ1', title: 'Harbour <print>', quantity: 1, lineTotalCents: 4500 };
const cart = (quantity: number) => ({ id: 't', entries: quantity ? [{ ...line, quantity, lineTotalCents: 4500 * quantity }] : [], subtotalCents: 4500 * quantity, totalQuantity: quantity });
const money = (minor: number) => `$${(minor / 100).toFixed(2)}`;
const root = () => document.getElementById(CART_ROOT_ID)!;
const noDialog = () => Promise.resolve({ confirmed: true }) as never;

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
  localStorage.clear();
});

describe('cart page', () => {
  it('adopts the cart the server rendered, asks for nothing, and sends a change for the row’s product and SKU', async () => {
    document.body.innerHTML = `<div id="${CART_ROOT_ID}"><div class="cart-body">${cartContentHtml(CART_WORDS, [line], 4500, money, { shop: '/shop' }, { crumb: 'c', next: '/cart' })}</div></div>`;
    const rendered = root().querySelector('.cart-body')!;
    const calls: Array<{ url: string; method: string; body: unknown }> = [];
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
      calls.push({ url: String(url), method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : null });
      return Promise.resolve(json(cart(2)));
    });
    start(defaultContext(), noDialog);
    expect(root().querySelector('.cart-body')).toBe(rendered);
    expect(root().querySelector('[role="status"]')).not.toBeNull();
    expect(calls).toEqual([]);
    const quantity = root().querySelector<HTMLInputElement>('.cart-quantity')!;
    // The server's disabled Remove works now; its form's Update sends what changed through the API instead of posting.
    expect(root().querySelector<HTMLButtonElement>('.cart-remove')!.disabled).toBe(false);
    expect(quantity.getAttribute('aria-label')).toBe('Quantity for Harbour <print>');
    const submit = () => {
      const event = new Event('submit', { bubbles: true, cancelable: true });
      root().querySelector('form')!.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(submit()).toBe(true);
    expect(calls).toEqual([]);
    quantity.value = '2';
    expect(submit()).toBe(true);
    // The field's change event after Update sends nothing more.
    quantity.dispatchEvent(new Event('change', { bubbles: true }));
    await vi.waitFor(() => expect(root().querySelector('.cart-subtotal')!.textContent).toBe('Subtotal $90.00'));
    expect(calls).toEqual([expect.objectContaining({ method: 'PUT', body: { productId: 'print', sku: 'SQ1', quantity: 2 } })]);
    expect(root().querySelector('[role="status"]')!.textContent).toBe('Cart updated.');
  });

  it('asks for the cart where the root is empty, and words a removal by the line’s title', async () => {
    document.body.innerHTML = `<div id="${CART_ROOT_ID}"><p>Loading your cart…</p></div>`;
    const answers = [cart(1), cart(0)];
    vi.stubGlobal('fetch', () => Promise.resolve(json(answers.shift())));
    start(defaultContext(), noDialog);
    await vi.waitFor(() => expect(root().querySelector('.cart-lines')).not.toBeNull());
    expect(root().textContent).not.toContain('Loading your cart');
    root().querySelector<HTMLButtonElement>('.cart-remove')!.click();
    await vi.waitFor(() => expect(root().querySelector('.cart-empty')!.textContent).toBe('Your cart is empty.'));
    expect(root().querySelector('[role="status"]')!.textContent).toBe('Harbour <print> removed.');
  });

  it('on a theme host with the API elsewhere: the page keeps the cart, names it on each call and hands it to the server’s checkout page, past a cart cookie it cannot read', async () => {
    document.body.innerHTML = `<script data-api-base="https://api.example.test"></script><div id="${CART_ROOT_ID}"></div>`;
    localStorage.setItem(CART_KEY, JSON.stringify({ api: 'https://api.example.test', token: 'kept-1' }));
    const asked: Array<{ origin: string; token: string | null }> = [];
    const answers = [cart(1), { ...cart(2), id: 'kept-2' }, { ...cart(0), isPurchased: true }];
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
      asked.push({ origin: new URL(String(url)).origin, token: new Headers(init?.headers).get('x-cart-token') });
      return Promise.resolve(json(answers.shift()));
    });
    const dialogs: unknown[] = [];
    start(defaultContext(), (options) => (dialogs.push(options), noDialog()));
    await vi.waitFor(() => expect(root().querySelector('.cart-lines')).not.toBeNull());
    expect(asked).toEqual([{ origin: 'https://api.example.test', token: 'kept-1' }]);
    // The answer's cart is the one kept from now on.
    expect(JSON.parse(localStorage.getItem(CART_KEY)!)).toEqual({ api: 'https://api.example.test', token: 't' });
    const checkout = root().querySelector<HTMLAnchorElement>('.cart-checkout')!;
    expect(checkout.getAttribute('href')).toBe('https://api.example.test/commerce/goto-checkout?cartToken=t');
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    checkout.dispatchEvent(click);
    expect([click.defaultPrevented, dialogs]).toEqual([false, []]);
    const quantity = () => root().querySelector<HTMLInputElement>('.cart-quantity')!;
    quantity().value = '2';
    quantity().dispatchEvent(new Event('change', { bubbles: true }));
    await vi.waitFor(() => expect(root().querySelector('.cart-checkout')!.getAttribute('href')).toContain('cartToken=kept-2'));
    expect(asked[1]).toEqual({ origin: 'https://api.example.test', token: 't' });
    // A bought cart is forgotten: the next call names none.
    quantity().value = '0';
    quantity().dispatchEvent(new Event('change', { bubbles: true }));
    await vi.waitFor(() => expect(root().querySelector('.cart-empty')).not.toBeNull());
    expect(localStorage.getItem(CART_KEY)).toBeNull();
  });

  it('on the server’s own origin: the checkout link is its page there, and without the cart cookie the spec’s alert', async () => {
    document.body.innerHTML = `<div id="${CART_ROOT_ID}"></div>`;
    vi.stubGlobal('fetch', () => Promise.resolve(json(cart(1))));
    const dialogs: unknown[] = [];
    start(defaultContext(), (options) => (dialogs.push(options), noDialog()));
    await vi.waitFor(() => expect(root().querySelector('.cart-lines')).not.toBeNull());
    const checkout = root().querySelector<HTMLAnchorElement>('.cart-checkout')!;
    expect(checkout.getAttribute('href')).toBe(`${location.origin}/commerce/goto-checkout`);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    checkout.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(dialogs).toHaveLength(1);
    // The cookie keeps this page's cart: nothing is stored.
    expect(localStorage.getItem(CART_KEY)).toBeNull();
  });
});
