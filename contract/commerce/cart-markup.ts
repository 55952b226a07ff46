/**
 * The full-page cart's content (the page's `#sqs-cart-root`): its lines with quantity fields and
 * Remove buttons, the subtotal and the way to checkout, or the empty cart. The server renders it
 * into the page as a plain form (there from the first paint, working without the runtime: the
 * quantities post to the server with an Update button, Checkout is a link) and the runtime
 * adopts it, then renders it again after each change through the cart API.
 */
import { escapeText, fill } from '../text/format';
import { MAX_CART_QUANTITY } from './cart';
import { CHECKOUT_PATH, NO_CART_MESSAGE } from './routes';

/** Where the server's cart form posts its quantities (without the runtime; the runtime uses the cart API). */
export const CART_FORM_PATH = '/commerce/cart';

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
  update: 'Update cart',
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
  /** What is left to sell (null or absent: unlimited): the most its quantity field offers. */
  stock?: number | null;
}

/**
 * The most a line's quantity field offers: the stock left (a browser refuses more before the
 * form is sent), at most 99, never under what the line already holds (its field stays valid
 * and the rest of the form can still be sent; checkout checks the stock again).
 */
export const quantityMax = (line: Pick<CartLineView, 'quantity' | 'stock'>): number => Math.max(line.quantity, Math.min(MAX_CART_QUANTITY, line.stock ?? MAX_CART_QUANTITY));

export const CART_BODY_CLASS = 'cart-body';
export const CART_UPDATE_CLASS = 'cart-update';

/** Why the server's form was refused: more than the stock left, or anything else (an expired crumb, a line no longer sold). */
export type CartRefusal = 'stock' | 'refused';

/** What the server's form carries besides the quantities: the crumb, the page to come back to, the words of a refusal. */
export interface CartFormPost {
  crumb: string;
  next: string;
  refusal?: string;
}

/** The form field naming each line: its product and SKU, in the order of the quantity fields. */
export const cartLineField = (line: Pick<CartLineView, 'productId' | 'sku'>): string => JSON.stringify([line.productId, line.sku]);

/** The form each Remove button submits: a form of its own, so that Enter in a quantity field still means Update. */
export const CART_REMOVE_FORM_ID = 'cart-remove-form';

/**
 * The lines are a form whose only submit button is Update (so Enter in a quantity field
 * updates), and each Remove button submits a second form with its line: both post to the server
 * without the runtime, and the runtime sends the change through the API instead.
 */
function row(words: CartWords, line: CartLineView, money: (minor: number) => string): string {
  const title = escapeText(line.title);
  const field = escapeText(cartLineField(line));
  return (
    `<tr data-product-id="${escapeText(line.productId)}" data-sku="${escapeText(line.sku)}" data-title="${title}"><th scope="row">${title}${line.options ? ` (${escapeText(line.options)})` : ''}</th>` +
    `<td><input type="hidden" name="line" value="${field}"><input type="number" name="quantity" min="0" max="${quantityMax(line)}" value="${line.quantity}" class="cart-quantity" aria-label="${escapeText(fill(words.quantityFor, { title: line.title }))}"></td>` +
    `<td class="cart-line-total">${escapeText(money(line.lineTotalCents))}</td>` +
    `<td><button type="submit" form="${CART_REMOVE_FORM_ID}" name="remove" value="${field}" class="cart-remove" aria-label="${escapeText(fill(words.removeItem, { title: line.title }))}">${escapeText(words.remove)}</button></td></tr>`
  );
}

/** The cart's content: the lines, subtotal and Checkout, or the empty cart and the way back to the store. */
/** `shop`: Continue Shopping's target; `checkout`: the checkout page's, on the server (another origin for a theme on a static host). */
export function cartContentHtml(words: CartWords, lines: CartLineView[], subtotalCents: number, money: (minor: number) => string, { shop, checkout = CHECKOUT_PATH }: { shop: string; checkout?: string }, post?: CartFormPost): string {
  const refusal = post?.refusal ? `<p class="cart-refused" role="alert">${escapeText(post.refusal)}</p>` : '';
  if (lines.length === 0) return `${refusal}<p class="cart-empty">${escapeText(words.empty)}</p><p><a href="${escapeText(shop)}">${escapeText(words.continueShopping)}</a></p>`;
  const count = lines.reduce((sum, line) => sum + line.quantity, 0);
  // The Remove column has no header of its own: its buttons name their line.
  const head = [words.item, words.quantity, words.price].map((text) => `<th scope="col">${escapeText(text)}</th>`).join('') + '<td></td>';
  const table = `<table class="cart-lines"><caption>${escapeText(fill(count === 1 ? words.oneItem : words.items, { n: count }))}</caption><thead><tr>${head}</tr></thead><tbody>${lines.map((line) => row(words, line, money)).join('')}</tbody></table>`;
  const hidden = post ? `<input type="hidden" name="crumb" value="${escapeText(post.crumb)}"><input type="hidden" name="next" value="${escapeText(post.next)}">` : '';
  const form = `method="post" action="${CART_FORM_PATH}"`;
  return (
    refusal +
    `<form ${form} class="cart-form">${hidden}${table}<p><button type="submit" class="${CART_UPDATE_CLASS}">${escapeText(words.update)}</button></p></form><form ${form} id="${CART_REMOVE_FORM_ID}">${hidden}</form>` +
    `<p class="cart-subtotal">${escapeText(words.subtotal)} <strong>${escapeText(money(subtotalCents))}</strong></p>` +
    `<p><a href="${escapeText(checkout)}" class="cart-checkout button">${escapeText(words.checkout)}</a></p>`
  );
}
