/**
 * The full-page cart's content (the page's `#sqs-cart-root`): its lines with quantity fields and
 * Remove buttons, the subtotal and the way to checkout, or the empty cart. The server renders it
 * into the page (there from the first paint, its Checkout link working without the runtime) and
 * the runtime adopts it, then renders it again after each change.
 */
import { escapeText, fill } from '../text/format';
import { CHECKOUT_PATH, NO_CART_MESSAGE } from './routes';

/** The cart page's words, English by default; the runtime and the server pass the page's language. */
export const CART_WORDS = {
  empty: 'Your cart is empty.',
  continueShopping: 'Continue Shopping',
  quantityFor: 'Quantity for {title}',
  remove: 'Remove',
  removeItem: 'Remove {title}',
  item: 'Item',
  quantity: 'Quantity',
  price: 'Price',
  oneItem: '{n} item',
  items: '{n} items',
  checkout: 'Checkout',
  noCart: NO_CART_MESSAGE,
  subtotal: 'Subtotal',
  updating: 'Updating…',
  removed: '{title} removed.',
  updated: 'Cart updated.',
};
export type CartWords = typeof CART_WORDS;

/** What the cart shows of a line. */
export interface CartLineView {
  productId: string;
  sku: string;
  title: string;
  options?: string;
  quantity: number;
  lineTotalCents: number;
}

export const CART_BODY_CLASS = 'cart-body';

/**
 * `waiting`: rendered before the runtime is there (by the server): the quantity fields read-only
 * and the Remove buttons disabled until it makes them work, rather than controls that do nothing.
 */
function row(words: CartWords, line: CartLineView, money: (minor: number) => string, waiting: boolean): string {
  const title = escapeText(line.title);
  return (
    `<tr data-product-id="${escapeText(line.productId)}" data-sku="${escapeText(line.sku)}" data-title="${title}"><th scope="row">${title}${line.options ? ` (${escapeText(line.options)})` : ''}</th>` +
    `<td><input type="number" min="0" max="99" value="${line.quantity}" class="cart-quantity" aria-label="${escapeText(fill(words.quantityFor, { title: line.title }))}"${waiting ? ' readonly' : ''}></td>` +
    `<td class="cart-line-total">${escapeText(money(line.lineTotalCents))}</td>` +
    `<td><button type="button" class="cart-remove" aria-label="${escapeText(fill(words.removeItem, { title: line.title }))}"${waiting ? ' disabled' : ''}>${escapeText(words.remove)}</button></td></tr>`
  );
}

/** The cart's content: the lines, subtotal and Checkout, or the empty cart and the way back to the store. */
export function cartContentHtml(words: CartWords, lines: CartLineView[], subtotalCents: number, money: (minor: number) => string, shop: string, waiting = false): string {
  if (lines.length === 0) return `<p class="cart-empty">${escapeText(words.empty)}</p><p><a href="${escapeText(shop)}">${escapeText(words.continueShopping)}</a></p>`;
  const count = lines.reduce((sum, line) => sum + line.quantity, 0);
  // The Remove column has no header of its own: its buttons name their line.
  const head = [words.item, words.quantity, words.price].map((text) => `<th scope="col">${escapeText(text)}</th>`).join('') + '<td></td>';
  return (
    `<table class="cart-lines"><caption>${escapeText(fill(count === 1 ? words.oneItem : words.items, { n: count }))}</caption><thead><tr>${head}</tr></thead><tbody>${lines.map((line) => row(words, line, money, waiting)).join('')}</tbody></table>` +
    `<p class="cart-subtotal">${escapeText(words.subtotal)} <strong>${escapeText(money(subtotalCents))}</strong></p>` +
    `<p><a href="${CHECKOUT_PATH}" class="cart-checkout button">${escapeText(words.checkout)}</a></p>`
  );
}
