/**
 * The HTML of the store's server pages: checkout forms and confirmations. Every value is
 * escaped; money in the store currency, dates as a long date plus time (part 2 §9).
 */
import { formatMinorUnits } from '../../../contract/commerce/money';
import { formatCommerceDate } from '../../../contract/commerce/units';
import { escapeHtml } from '../html';
import type { CartLine, Order } from './store';

type Line = Pick<CartLine, 'title' | 'quantity' | 'lineTotalCents'> & { options?: string };

export function linesTable(lines: Line[], currency: string, caption: string): string {
  const total = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
  const rows = lines
    .map((line) => `<tr><th scope="row">${escapeHtml(line.title)}${line.options ? ` <span class="line-options">(${escapeHtml(line.options)})</span>` : ''}</th><td>${line.quantity}</td><td>${escapeHtml(formatMinorUnits(line.lineTotalCents, currency))}</td></tr>`)
    .join('');
  return `<table class="order-lines"><caption>${escapeHtml(caption)}</caption><thead><tr><th scope="col">Item</th><th scope="col">Quantity</th><th scope="col">Price</th></tr></thead><tbody>${rows}</tbody><tfoot><tr><th scope="row" colspan="2">Total</th><td class="order-total">${escapeHtml(formatMinorUnits(total, currency))}</td></tr></tfoot></table>`;
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

export const BUYER_FIELDS = (values: { email?: string; name?: string } = {}): FormField[] => [
  { name: 'name', label: 'Name', autocomplete: 'name', value: values.name, extra: ' maxlength="100"' },
  { name: 'email', label: 'Email', type: 'email', autocomplete: 'email', value: values.email, extra: ' maxlength="254"' },
];

/** The confirmation page's main content for any kind of order. */
export function confirmation(order: Order, heading: string, message: string): string {
  const reviews = order.reviewRequests.length
    ? `<section class="review-requests"><h2>Review your purchase</h2><ul>${order.reviewRequests
        .map((r) => `<li><a href="/commerce/reviews?token=${encodeURIComponent(r.token)}">Review ${escapeHtml(r.productTitle)}</a></li>`)
        .join('')}</ul></section>`
    : '';
  return `<h1>${escapeHtml(heading)}</h1>
<p class="order-message">${escapeHtml(message)}</p>
<dl class="order-facts"><dt>Order number</dt><dd class="order-number">${order.orderNumber}</dd><dt>Date</dt><dd>${escapeHtml(formatCommerceDate(order.createdAt, 'en-US', 'UTC'))} UTC</dd><dt>Email</dt><dd>${escapeHtml(order.email)}</dd></dl>
${linesTable(order.lines, order.currency, 'Your order')}
${reviews}
<p><a class="continue-shopping" href="/blocks">Continue Shopping</a></p>`;
}

export const isEmail = (value: unknown): value is string => typeof value === 'string' && value.length >= 3 && value.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
export const isName = (value: unknown): value is string => typeof value === 'string' && value.trim().length > 0 && value.length <= 100;
