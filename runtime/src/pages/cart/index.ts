/**
 * The full-page cart (page root #sqs-cart-root, spec part 2 §2): the lines with quantities and
 * remove buttons, the subtotal in the store currency, and the way to checkout. Checkout needs
 * the cart cookie: without it the visitor gets the spec's alert instead (part 2 §8). A cart the
 * server rendered into the root (contract/commerce/cart-markup.ts) is adopted as it stands;
 * otherwise the cart is asked for. After each change the content is rendered again.
 */
import type { PageContext } from '../../../../contract/context/types';
import { storeCurrency } from '../../../../contract/commerce/currencies';
import { formatMinorUnits } from '../../../../contract/commerce/money';
import { shoppingCart, type ShoppingCart } from '../../../../contract/commerce/cart';
import { CART_BODY_CLASS, CART_WORDS, cartContentHtml, type CartLineView } from '../../../../contract/commerce/cart-markup';
import { CART_COOKIE, continueShoppingUrl } from '../../../../contract/commerce/routes';
import { CART_ROOT_ID } from '../../../../contract/model/page-types';
import { apiBase } from '../../net/api-base';
import { CART_API, cartRequest, checkoutPageUrl } from '../../net/kept-cart';
import { assetUrl, loadStylesheet } from '../../platform/assets';
import { readCookie } from '../../platform/cookies';
import { fill, pageLanguage, texts } from '../../platform/strings';
import type { DialogOptions, DialogResult } from '../../ui/dialog';
import { element, statusLine } from '../dom';
import { trustedHtml } from '../../platform/trusted-types';

/** The cart page's words (platform/strings.ts). */
export const cartWords = texts('cart', CART_WORDS);

/** The line a quantity field or Remove button belongs to, from its row. */
const lineOf = (target: Element): Pick<CartLineView, 'productId' | 'sku' | 'title'> | null => {
  const row = target.closest<HTMLElement>('tr[data-product-id]');
  return row ? { productId: row.dataset.productId!, sku: row.dataset.sku!, title: row.dataset.title! } : null;
};

export function start(context: Readonly<PageContext>, alert: (options: DialogOptions) => Promise<DialogResult>): void {
  const root = document.getElementById(CART_ROOT_ID);
  if (!root) return;
  const currency = storeCurrency(context.websiteSettings);
  const money = (minor: number) => formatMinorUnits(minor, currency, { locale: pageLanguage() });
  const words = cartWords();
  // Its table's rules for narrow screens (blocks.css, unless the theme links runtime.css).
  void loadStylesheet(assetUrl('blocks.css'));
  const rendered = root.querySelector<HTMLElement>(`.${CART_BODY_CLASS}`);
  const body = rendered ?? element('div', { className: CART_BODY_CLASS });
  const status = statusLine('cart-status');
  root.replaceChildren(body, status);

  const fail = (error: { message: string }) => {
    status.textContent = error.message;
  };

  const render = (cart: ShoppingCart) => {
    root.removeAttribute('aria-busy');
    const links = { shop: continueShoppingUrl(context.websiteSettings), checkout: checkoutPageUrl() };
    body.innerHTML = trustedHtml(cartContentHtml(words, cart.entries as CartLineView[], cart.subtotalCents, money, links));
  };

  const load = (promise: Promise<unknown>, done?: string) =>
    promise.then((raw) => {
      render(shoppingCart(raw));
      if (done) status.textContent = done;
    }, fail);

  const update = (line: Pick<CartLineView, 'productId' | 'sku' | 'title'>, quantity: number) => {
    if (!Number.isInteger(quantity) || quantity < 0) return;
    status.textContent = words.updating;
    void load(cartRequest(CART_API + '/entries', { method: 'PUT', data: { productId: line.productId, sku: line.sku, quantity }, onFailure: fail }), quantity === 0 ? fill(words.removed, { title: line.title }) : words.updated);
  };

  // A quantity field's new value, once: a change, then Update or Enter, send it one time.
  const commit = (field: HTMLInputElement) => {
    const line = field.matches('.cart-quantity') && field.value !== field.defaultValue && lineOf(field);
    if (!line) return;
    field.defaultValue = field.value;
    update(line, Number(field.value));
  };
  // One listener each on the content, which is rendered again after every change.
  body.addEventListener('change', (event) => commit(event.target as HTMLInputElement));
  body.addEventListener('click', (event) => {
    const target = event.target as Element;
    const remove = target.closest('.cart-remove');
    const line = remove && lineOf(remove);
    if (line) {
      // The server's Remove posts a form of its own; here the API removes the line.
      event.preventDefault();
      return update(line, 0);
    }
    // With the API on another origin its cart cookie is not this page's to read: its checkout page says so itself when there is no cart.
    if (!target.closest('.cart-checkout') || readCookie(CART_COOKIE) || apiBase() !== location.origin) return;
    event.preventDefault();
    void alert({ title: words.checkout, message: words.noCart });
  });

  // Update (or Enter in a field): what changed goes through the API, where the server's form would post.
  body.addEventListener('submit', (event) => {
    event.preventDefault();
    body.querySelectorAll<HTMLInputElement>('.cart-quantity').forEach(commit);
  });
  if (rendered) return;
  root.setAttribute('aria-busy', 'true');
  void load(cartRequest(CART_API, { onFailure: fail }));
}
