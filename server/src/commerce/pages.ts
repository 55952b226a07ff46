/**
 * The HTML of the store's server pages: checkout forms and confirmations, in the site's words
 * (page-text.ts). Every value is escaped; money in the store currency, dates as a long date plus
 * time (part 2 §9), both in the site's language.
 */
import { formatMinorUnits } from '../../../contract/commerce/money';
import { formatCommerceDateInZone } from '../../../contract/commerce/units';
import { timeZoneOf } from './store-settings';
import { RENEWAL_WORDS, type RenewalWords } from '../../../contract/commerce/subscription';
import { fill } from '../../../contract/text/format';
import { escapeHtml } from '../html';
import { CHECKOUT_WORDS, PAGE_WORDS } from '../page-text';
import { CART_WORDS } from '../../../contract/commerce/cart-markup';
import type { ShellPage } from '../site-page';
import type { CartLine, Order, OrderInput, OrderKind } from './store';

type Line = Pick<CartLine, 'title' | 'quantity' | 'lineTotalCents'> & { options?: string };

/** A store page's words and formats. */
export interface StoreText {
  checkout: typeof CHECKOUT_WORDS;
  /** The runtime's cart page's words (item, quantity, price, Continue Shopping, no cart). */
  cart: typeof CART_WORDS;
  page: typeof PAGE_WORDS;
  /** A subscription's renewal line (the runtime catalogue's `product` area). */
  renewal: RenewalWords;
  locale: string;
  /** The site's time zone (`websiteSettings.timeZone`), UTC without a valid one. */
  timeZone: string;
  money(minor: number, currency: string): string;
}

export const storeText = ({ words, locale, site }: ShellPage): StoreText => ({
  checkout: words('checkout', CHECKOUT_WORDS),
  cart: words('cart', CART_WORDS),
  page: words('page', PAGE_WORDS),
  renewal: words('product', RENEWAL_WORDS),
  locale,
  timeZone: timeZoneOf(site),
  money: (minor, currency) => formatMinorUnits(minor, currency, { locale }),
});

export function linesTable(text: StoreText, lines: Line[], currency: string): string {
  const total = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
  const rows = lines
    .map((line) => `<tr><th scope="row">${escapeHtml(line.title)}${line.options ? ` <span class="line-options">(${escapeHtml(line.options)})</span>` : ''}</th><td>${line.quantity}</td><td>${escapeHtml(text.money(line.lineTotalCents, currency))}</td></tr>`)
    .join('');
  const { cart, checkout } = text;
  return `<table class="order-lines"><caption>${escapeHtml(checkout.yourOrder)}</caption><thead><tr><th scope="col">${escapeHtml(cart.item)}</th><th scope="col">${escapeHtml(cart.quantity)}</th><th scope="col">${escapeHtml(cart.price)}</th></tr></thead><tbody>${rows}</tbody><tfoot><tr><th scope="row" colspan="2">${escapeHtml(checkout.total)}</th><td class="order-total">${escapeHtml(text.money(total, currency))}</td></tr></tfoot></table>`;
}

export interface FormField {
  name: string;
  label: string;
  type?: string;
  value?: string;
  autocomplete?: string;
  extra?: string;
}

/** A plain HTML form (works without script) that posts back with the crumb. */
export function checkoutForm(action: string, crumb: string, fields: FormField[], submit: string, hidden: Record<string, string> = {}, error = ''): string {
  const inputs = fields
    .map((field) => {
      const id = `checkout-${field.name}`;
      return `<p class="field"><label for="${id}">${escapeHtml(field.label)}</label> <input id="${id}" name="${field.name}" type="${field.type ?? 'text'}" required value="${escapeHtml(field.value ?? '')}"${field.autocomplete ? ` autocomplete="${field.autocomplete}"` : ''}${field.extra ?? ''}></p>`;
    })
    .join('\n');
  const hiddenInputs = Object.entries({ ...hidden, crumb })
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  const alert = error ? `<p class="form-error" role="alert">${escapeHtml(error)}</p>` : '';
  return `<form class="checkout-form" method="post" action="${escapeHtml(action)}">${alert}${hiddenInputs}\n${inputs}\n<p><button type="submit">${escapeHtml(submit)}</button></p></form>`;
}

export const BUYER_FIELDS = (text: StoreText, values: { email?: string; name?: string } = {}): FormField[] => [
  { name: 'name', label: text.checkout.name, autocomplete: 'name', value: values.name, extra: ' maxlength="100"' },
  { name: 'email', label: text.checkout.email, type: 'email', autocomplete: 'email', value: values.email, extra: ' maxlength="254"' },
];

/** A store page that cannot show what was asked for: the message and the way back to the store. */
export const storeAlert = (text: StoreText, shop: string, message: string): string =>
  `<h1>${escapeHtml(text.checkout.title)}</h1><p class="checkout-alert" role="alert">${escapeHtml(message)}</p><p><a href="${escapeHtml(shop)}">${escapeHtml(text.cart.continueShopping)}</a></p>`;

/** The confirmation page's heading and thanks for each kind of order (the page, and the buyer's receipt). */
const CONFIRMATION_WORDS: Record<OrderKind, { heading: keyof StoreText['checkout']; thanks: keyof StoreText['checkout'] }> = {
  order: { heading: 'orderConfirmed', thanks: 'orderThanks' },
  donation: { heading: 'contributionConfirmed', thanks: 'contributionThanks' },
  subscription: { heading: 'subscriptionConfirmed', thanks: 'subscriptionThanks' },
  giftcard: { heading: 'orderReceived', thanks: 'giftCardThanks' },
};

/** `name` is the buyer's as it is to be written (a receipt's subject keeps it to one line). */
export function confirmationWords(checkout: StoreText['checkout'], order: Pick<OrderInput, 'kind' | 'details'>, name: string): { heading: string; thanks: string } {
  const words = CONFIRMATION_WORDS[order.kind];
  const recipient = typeof order.details?.recipient === 'string' ? order.details.recipient : '';
  return { heading: checkout[words.heading], thanks: fill(checkout[words.thanks], { name, recipient }) };
}

/** When an order was placed, as its confirmation and receipt write it: the long date and time in the site's zone and language. */
export const orderDate = (text: StoreText, at: number): string => formatCommerceDateInZone(at, text.locale === 'en' ? 'en-US' : text.locale, text.timeZone);

/** The confirmation page of any kind of order: its title and main content. */
export function confirmation(text: StoreText, shop: string, order: Order): { title: string; main: string } {
  const { checkout, cart, page } = text;
  const { heading, thanks } = confirmationWords(checkout, order, order.name);
  const reviews = order.reviewRequests.length
    ? `<section class="review-requests"><h2>${escapeHtml(page.reviewTitle)}</h2><ul>${order.reviewRequests
        .map((r) => `<li><a href="/commerce/reviews?token=${encodeURIComponent(r.token)}">${escapeHtml(fill(checkout.reviewProduct, { title: r.productTitle }))}</a></li>`)
        .join('')}</ul></section>`
    : '';
  const main = `<h1>${escapeHtml(heading)}</h1>
<p class="order-message">${escapeHtml(thanks)}</p>
<dl class="order-facts"><dt>${escapeHtml(checkout.orderNumber)}</dt><dd class="order-number">${order.orderNumber}</dd><dt>${escapeHtml(checkout.date)}</dt><dd>${escapeHtml(orderDate(text, order.createdAt))}</dd><dt>${escapeHtml(checkout.email)}</dt><dd>${escapeHtml(order.email)}</dd></dl>
${linesTable(text, order.lines, order.currency)}
${reviews}
<p><a class="continue-shopping" href="${escapeHtml(shop)}">${escapeHtml(cart.continueShopping)}</a></p>`;
  return { title: heading, main };
}

export const isEmail = (value: unknown): value is string => typeof value === 'string' && value.length >= 3 && value.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
export const isName = (value: unknown): value is string => typeof value === 'string' && value.trim().length > 0 && value.length <= 100;
