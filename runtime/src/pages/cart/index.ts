/**
 * The full-page cart (page root #sqs-cart-root, spec part 2 §2): the lines with quantities and
 * remove buttons, the subtotal in the store currency, and the way to checkout. Checkout needs
 * the cart cookie: without it the visitor gets the spec's alert instead (part 2 §8).
 */
import type { PageContext } from '../../../../contract/context/types';
import { storeCurrency } from '../../../../contract/commerce/currencies';
import { formatMinorUnits } from '../../../../contract/commerce/money';
import { shoppingCart, type ShoppingCart } from '../../../../contract/commerce/cart';
import { CART_COOKIE, CHECKOUT_PATH, NO_CART_MESSAGE, continueShoppingUrl } from '../../../../contract/commerce/routes';
import { CART_ROOT_ID } from '../../../../contract/model/page-types';
import { request } from '../../net/request';
import { assetUrl, loadStylesheet } from '../../platform/assets';
import { readCookie } from '../../platform/cookies';
import { fill, pageLanguage, texts } from '../../platform/strings';
import type { DialogOptions, DialogResult } from '../../ui/dialog';
import { element, statusLine } from '../dom';
import type * as Paths from '../../../../contract/api/paths';
const CART_PATH: typeof Paths.CART_PATH = '/api/commerce/cart';

export const CART_API = CART_PATH;
export const EMPTY_CART = 'Your cart is empty.';
export const CHECKOUT = 'Checkout';

/** The cart page's words (platform/strings.ts). */
export const cartWords = texts('cart', {
  empty: EMPTY_CART,
  continueShopping: 'Continue Shopping',
  quantityFor: 'Quantity for {title}',
  remove: 'Remove',
  removeItem: 'Remove {title}',
  item: 'Item',
  quantity: 'Quantity',
  price: 'Price',
  oneItem: '{n} item',
  items: '{n} items',
  checkout: CHECKOUT,
  noCart: NO_CART_MESSAGE,
  subtotal: 'Subtotal',
  updating: 'Updating…',
  removed: '{title} removed.',
  updated: 'Cart updated.',
});

interface CartEntry {
  sku: string;
  productId: string;
  title: string;
  options: string;
  quantity: number;
  lineTotalCents: number;
}

export function start(context: Readonly<PageContext>, alert: (options: DialogOptions) => Promise<DialogResult>): void {
  const root = document.getElementById(CART_ROOT_ID);
  if (!root) return;
  const currency = storeCurrency(context.websiteSettings);
  const money = (minor: number) => formatMinorUnits(minor, currency, { locale: pageLanguage() });
  const words = cartWords();
  const status = statusLine('cart-status');
  // Its table's rules for narrow screens (blocks.css, unless the theme links runtime.css).
  void loadStylesheet(assetUrl('blocks.css'));
  const body = element('div', { className: 'cart-body' });
  root.replaceChildren(body, status);
  root.setAttribute('aria-busy', 'true');

  const fail = (error: { message: string }) => {
    status.textContent = error.message;
  };

  const render = (cart: ShoppingCart) => {
    root.removeAttribute('aria-busy');
    const entries = cart.entries as CartEntry[];
    if (entries.length === 0) {
      body.replaceChildren(element('p', { className: 'cart-empty' }, words.empty), element('p', {}, element('a', { href: continueShoppingUrl(context.websiteSettings) }, words.continueShopping)));
      return;
    }
    const rows = entries.map((entry) => {
      const quantity = element('input', { type: 'number', min: '0', max: '99', value: String(entry.quantity), className: 'cart-quantity' });
      quantity.setAttribute('aria-label', fill(words.quantityFor, { title: entry.title }));
      quantity.addEventListener('change', () => update(entry, Number(quantity.value)));
      const remove = element('button', { type: 'button', className: 'cart-remove' }, words.remove);
      remove.setAttribute('aria-label', fill(words.removeItem, { title: entry.title }));
      remove.addEventListener('click', () => update(entry, 0));
      const title = element('th', { scope: 'row' }, entry.title, entry.options ? ` (${entry.options})` : '');
      return element('tr', {}, title, element('td', {}, quantity), element('td', { className: 'cart-line-total' }, money(entry.lineTotalCents)), element('td', {}, remove));
    });
    const head = element('tr', {}, ...[words.item, words.quantity, words.price, ''].map((text) => element('th', { scope: 'col' }, text)));
    const table = element('table', { className: 'cart-lines' }, element('caption', {}, fill(cart.totalQuantity === 1 ? words.oneItem : words.items, { n: cart.totalQuantity })), element('thead', {}, head), element('tbody', {}, ...rows));
    const checkout = element('a', { href: CHECKOUT_PATH, className: 'cart-checkout button' }, words.checkout);
    checkout.addEventListener('click', (event) => {
      if (readCookie(CART_COOKIE)) return;
      event.preventDefault();
      void alert({ title: words.checkout, message: words.noCart });
    });
    body.replaceChildren(table, element('p', { className: 'cart-subtotal' }, `${words.subtotal} `, element('strong', {}, money(cart.subtotalCents))), element('p', {}, checkout));
  };

  const load = (promise: Promise<unknown>, done?: string) =>
    promise.then((raw) => {
      render(shoppingCart(raw));
      if (done) status.textContent = done;
    }, fail);

  const update = (entry: CartEntry, quantity: number) => {
    if (!Number.isInteger(quantity) || quantity < 0) return;
    status.textContent = words.updating;
    void load(request(CART_API + '/entries', { method: 'PUT', data: { productId: entry.productId, sku: entry.sku, quantity }, onFailure: fail }), quantity === 0 ? fill(words.removed, { title: entry.title }) : words.updated);
  };

  void load(request(CART_API, { onFailure: fail }));
}
