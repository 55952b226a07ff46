/**
 * The buyer's receipt: what the confirmation page shows (the same words, in the site's
 * language), as plain text, with the review links, so that a buyer who closed that page can
 * still review what they bought. Links are absolute only from the site's own address
 * (site.json `website.baseUrl`) or the server's (PUBLIC_URL), never from a request's Host,
 * which anyone can forge.
 */
import { fill } from '../../../contract/text/format';
import { shopUrlOf } from '../commerce/store-settings';
import { serverBaseUrl, siteBaseUrl } from '../site-address';
import type { OrderInput } from '../commerce/store';
import { confirmationWords, orderDate, type StoreText } from '../commerce/pages';
import { siteTitleOf } from '../site-page';
import { oneLine, type Notice, type NoticeSite } from './notices';

/** The site as the owner's notices name it. */
export function noticeSiteOf(site: Record<string, unknown>, publicUrl: string | null): NoticeSite {
  const base = serverBaseUrl(site, publicUrl);
  return { title: siteTitleOf(site), ownerApp: base ? new URL('/config/', base).href : '/config/' };
}

export interface PlacedOrder extends OrderInput {
  orderNumber: number;
  totalCents: number;
  reviewRequests: Array<{ token: string; productTitle: string }>;
}

export function buyerReceipt(text: StoreText, site: Record<string, unknown>, order: PlacedOrder, at: number, publicUrl: string | null): Notice {
  const { checkout, cart } = text;
  const { heading, thanks } = confirmationWords(checkout, order, oneLine(order.name));
  const linkOn = (base: string | null) => (path: string) => (base ? new URL(path, base).href : null);
  const link = linkOn(siteBaseUrl(site));
  const serverLink = linkOn(serverBaseUrl(site, publicUrl));
  const reviews = order.reviewRequests.flatMap(({ token, productTitle }) => {
    const href = serverLink(`/commerce/reviews?token=${encodeURIComponent(token)}`);
    return href ? [`${fill(checkout.reviewProduct, { title: productTitle })}: ${href}`] : [];
  });
  const shop = link(shopUrlOf(site));
  const siteTitle = siteTitleOf(site);
  return {
    to: order.email,
    subject: [`${heading}: ${checkout.orderNumber} ${order.orderNumber}`, siteTitle].filter(Boolean).join(' · '),
    body: [
      heading,
      '',
      thanks,
      '',
      `${checkout.orderNumber}: ${order.orderNumber}`,
      `${checkout.date}: ${orderDate(text, at)}`,
      `${checkout.email}: ${order.email}`,
      '',
      ...order.lines.map((line) => `${line.quantity} × ${line.title}: ${text.money(line.lineTotalCents, order.currency)}`),
      `${checkout.total}: ${text.money(order.totalCents, order.currency)}`,
      '',
      checkout.note,
      ...(reviews.length ? ['', ...reviews] : []),
      ...(shop ? ['', `${cart.continueShopping}: ${shop}`] : []),
      '',
    ].join('\n'),
    replyTo: null,
  };
}
