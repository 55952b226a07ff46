/**
 * The full-page cart rendered into a page's `#sqs-cart-root` (contract/commerce/cart-markup.ts):
 * the visitor's cart from the first paint, in the page's language and the site's words, as a
 * form that changes quantities without the runtime (routes/cart.ts) and a Checkout link; the
 * runtime adopts it. And the cart's count in each `.sqs-cart-quantity` (a header's "Cart (2)"),
 * so that it is right from the first paint, and without the runtime.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CART_COUNTED_ATTRIBUTE } from '../../contract/commerce/cart-count';
import { CART_BODY_CLASS, CART_WORDS, cartContentHtml } from '../../contract/commerce/cart-markup';
import { formatMinorUnits } from '../../contract/commerce/money';
import { CART_COOKIE } from '../../contract/commerce/routes';
import { CART_QUANTITY_CLASS, CART_ROOT_ID } from '../../contract/model/page-types';
import { loadCatalog } from './commerce/catalog';
import { cartLines, openCart, type CartLine } from './commerce/store';
import { currencyIn } from './commerce/store-settings';
import { shopPageUrl } from './site-address';
import { TAG_INSIDE, classIs, hasClassInMarkup, openingTagWithId, withDivContent } from './html';
import { htmlLanguage, wordsFor, type Catalogues } from './page-words';
import { CART_REFUSAL_WORDS } from './page-text';

/** The query a refused form post comes back with (routes/cart.ts), its value the refusal. */
export const CART_REFUSED_QUERY = 'cart';

/** An element whose class list has the count's class and whose content is text only: its opening and closing tags. */
const COUNT_ELEMENT = new RegExp(String.raw`(<([a-z][a-z0-9-]*)\b${TAG_INSIDE}?${classIs(CART_QUANTITY_CLASS)}${TAG_INSIDE}>)[^<]*(<\/\2>)`, 'gi');

/** The visitor's cart lines (none once bought), or null without a cart: read at most once for a page, however many parts of it show the cart. */
export type VisitorCart = () => Promise<CartLine[] | null>;

export function visitorCart(app: FastifyInstance, request: FastifyRequest): VisitorCart {
  let read: Promise<CartLine[] | null> | undefined;
  const readCart = async () => {
    const cart = await openCart(app.storage, request.cookies[CART_COOKIE]);
    if (!cart) return null;
    return cart.purchased ? [] : cartLines(app.storage, await loadCatalog(app), cart.token);
  };
  return () => (read ??= readCart());
}

/**
 * `html` with the visitor's cart count in each count element when the visitor has a cart, each
 * marked as counted (the runtime then asks only when the cart changes); else as the theme wrote it.
 */
export async function withCartCount(cart: VisitorCart, html: string): Promise<string> {
  if (!hasClassInMarkup(html, CART_QUANTITY_CLASS)) return html;
  const lines = await cart();
  if (!lines) return html;
  const count = String(lines.reduce((sum, line) => sum + line.quantity, 0));
  return html.replace(COUNT_ELEMENT, (_, open: string, _name: string, close: string) => `${open.slice(0, -1)} ${CART_COUNTED_ATTRIBUTE}>${count}${close}`);
}

export async function withCartContent(app: FastifyInstance, request: FastifyRequest, cart: VisitorCart, html: string, site: Record<string, unknown>, catalogues: Catalogues, crumb: string): Promise<string> {
  const root = openingTagWithId(html, 'div', CART_ROOT_ID);
  if (!root) return html;
  const lines = (await cart()) ?? [];
  const language = htmlLanguage(html);
  const siteWords = wordsFor(language, site.strings, catalogues);
  const words = siteWords('cart', CART_WORDS);
  const currency = currencyIn(site);
  // As the runtime writes money: the page's language, US English without one.
  const money = (minor: number) => formatMinorUnits(minor, currency, { locale: language || 'en-US' });
  const subtotal = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
  const refused = (request.query as Record<string, unknown> | undefined)?.[CART_REFUSED_QUERY];
  const refusalWords = siteWords('cart', CART_REFUSAL_WORDS);
  const refusal = refused === 'stock' ? refusalWords.notInStock : refused === 'refused' ? refusalWords.notUpdated : undefined;
  // The form comes back to this page as the visitor sees it, without a refusal or a crumb in its address.
  const next = new URL(request.url, 'http://site.invalid');
  for (const name of [CART_REFUSED_QUERY, 'crumb']) next.searchParams.delete(name);
  const content = cartContentHtml(words, lines, subtotal, money, { shop: shopPageUrl(site, app.settings.publicUrl) }, { crumb, next: next.pathname + next.search, refusal });
  // The status line comes with the runtime, which is what has anything to say in it.
  return withDivContent(html, root, `<div class="${CART_BODY_CLASS}">${content}</div>`);
}
