/**
 * The owner's notices, as plain text (no HTML: a visitor's words cannot become markup or a
 * link's target). In English, as the owner app is. Visitor text goes in the body only; the
 * subject is made of the site's own names, and the visitor's address is the Reply-To (which
 * the mail library writes as an address or not at all). Links are made from the site's own
 * address (site.json), never from the request's Host, which anyone can forge.
 */
import type { FieldValue, FormDefinition, FormField } from '../../../contract/model/forms/types';
import { ownerAppSection } from '../../../contract/owner/sections';
import type { OrderInput } from '../commerce/store';
import { shownOrderDetails } from '../../../contract/commerce/order-details';

export interface Notice {
  /** A buyer's address for a receipt; absent: the owner's (NOTIFY_EMAIL). */
  to?: string | null;
  subject: string;
  body: string;
  replyTo: string | null;
}

const time = (at: number) => `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
/** Every way text may break a line, as mail programs read them. */
const LINE_BREAK = /\r\n?|[\n\v\f\u0085\u2028\u2029]/;
const indented = (text: string) => text.split(new RegExp(LINE_BREAK, 'g')).join('\n  ');
/** Visitor text that goes on one line: its breaks and runs of spaces as one space, so that it cannot start a line of its own (a made-up "Total:"). */
export const oneLine = (text: string) => text.replace(/[\s\u0085]+/g, ' ').trim();
/** What a notice says of the site: its name (subjects end with it) and where its owner app is. */
export interface NoticeSite {
  title: string | null;
  /** `https://www.example.com/config/` from site.json's `website.baseUrl`, else the path alone. */
  ownerApp: string;
}

const bySite = (subject: string, site: NoticeSite) => (site.title ? `${subject} · ${site.title}` : subject);

/** A value as one line, or several indented under its name. */
function valueText(field: FormField, value: FieldValue): string {
  if (typeof value === 'string') return LINE_BREAK.test(value) ? `\n  ${indented(value)}` : value;
  if (Array.isArray(value)) {
    const parts = value.map(oneLine).filter((part) => part !== '');
    const separator = field.type === 'date' ? '/' : field.type === 'time' ? ':' : field.type === 'address' || field.type === 'checkbox' ? ', ' : ' ';
    return field.type === 'time' && parts.length > 1 && /^(am|pm)$/i.test(parts.at(-1)!) ? `${parts.slice(0, -1).join(':')} ${parts.at(-1)}` : parts.join(separator);
  }
  return Object.entries(value).map(([question, answer]) => `\n  ${oneLine(question)}: ${oneLine(answer)}`).join('');
}

/** The path of the page the form was on, if it reads as an address (the visitor's browser says it). */
function pagePath(url: string): string | null {
  try {
    const { pathname, search } = new URL(url);
    return `${pathname}${search}`;
  } catch {
    return null;
  }
}

export function submissionNotice(definition: FormDefinition, values: Record<string, FieldValue>, pageUrl: string, at: number, site: NoticeSite, replyTo: string | null): Notice {
  const lines = definition.fields
    .filter((field) => field.type !== 'section' && values[field.id] !== undefined)
    .map((field) => ({ field, text: valueText(field, values[field.id]!) }))
    .filter(({ text }) => text.trim() !== '')
    .map(({ field, text }) => `${field.title || field.id}:${text.startsWith('\n') ? '' : ' '}${text}`);
  const page = pagePath(pageUrl);
  return {
    subject: bySite(`New submission: ${definition.formId}`, site),
    body: [
      `A visitor sent the form "${definition.formId}"${page ? ` on the page ${page}` : ''} at ${time(at)}.`,
      '',
      ...(lines.length ? lines : ['(every field was left empty)']),
      '',
      replyTo ? 'Reply to this e-mail to answer the visitor.' : 'The visitor left no e-mail address.',
      `Every submission is in the owner app (${ownerAppSection(site.ownerApp, 'submissions')}), under Form submissions.`,
      '',
    ].join('\n'),
    replyTo,
  };
}

const KIND_NAMES: Record<OrderInput['kind'], string> = { order: 'order', donation: 'donation', subscription: 'subscription', giftcard: 'gift card' };

function money(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

/** What the checkout asked besides the buyer, by the names the owner reads them by. */
const DETAIL_NAMES: Record<string, string> = { recipient: 'Gift card for', renews: 'Renews' };
const detailLines = (details?: Record<string, unknown>): string[] => shownOrderDetails(details).map(([name, value]) => `${DETAIL_NAMES[name] ?? name}: ${oneLine(value)}`);

export function orderNotice(order: OrderInput & { orderNumber: number; totalCents: number }, at: number, site: NoticeSite): Notice {
  const kind = KIND_NAMES[order.kind];
  return {
    subject: bySite(`New ${kind} ${order.orderNumber}`, site),
    body: [
      `${oneLine(order.name)} (${order.email}) placed ${kind === 'order' ? 'an order' : `a ${kind}`}, number ${order.orderNumber}, at ${time(at)}.`,
      '',
      ...order.lines.map((line) => `${line.quantity} × ${oneLine(line.title)}${line.sku ? ` (${line.sku})` : ''}: ${money(line.lineTotalCents, order.currency)}`),
      `Total: ${money(order.totalCents, order.currency)}`,
      ...detailLines(order.details),
      '',
      'Reply to this e-mail to write to the buyer.',
      `Every order is in the owner app (${ownerAppSection(site.ownerApp, 'orders')}), under Orders.`,
      '',
    ].join('\n'),
    replyTo: order.email,
  };
}

/** The notice that stands for every submission and order past the hourly limit (mail/outbox.ts). */
export function overflowNotice(limit: number, resumesAt: number, site: NoticeSite): Notice {
  return {
    subject: bySite('More submissions and orders than notices', site),
    body: [
      `More than ${limit} form submissions and orders arrived within an hour, so those after the ${limit}th got no notice of their own (a flood of spam, or a busy hour).`,
      `Every one of them is in the owner app (${site.ownerApp}), under Form submissions and Orders.`,
      `Notices of each start again from ${time(resumesAt)}.`,
      '',
    ].join('\n'),
    replyTo: null,
  };
}
