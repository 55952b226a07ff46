/**
 * Donations, subscriptions and gift cards (spec part 2 §2): each route shows what is bought and
 * a buyer form; posting it records the order and shows contribution confirmed (204),
 * subscription confirmed (206) or order received (207). No payment provider.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { currency as currencyRecord } from '../../../contract/commerce/currencies';
import { formatMinorUnits } from '../../../contract/commerce/money';
import { MAX_PRICE, ProductType } from '../../../contract/commerce/product';
import { DONATE_PATH, GIFT_CARD_PATH, SUBSCRIBE_PATH } from '../../../contract/commerce/routes';
import { renewalText } from '../../../contract/commerce/subscription';
import { PageType } from '../../../contract/model/page-types';
import { loadCatalog, sellable } from '../commerce/catalog';
import { BUYER_FIELDS, checkoutForm, confirmation, isEmail, isName, linesTable, type FormField } from '../commerce/pages';
import { cartLines, cartOfOne, findOrder, openCart, placeOrder, type OrderInput, type OrderKind } from '../commerce/store';
import { escapeHtml } from '../html';
import { ensureCrumb } from '../plugins/crumb';
import { crumbQuery } from '../schemas';
import { readSiteSettings, sendShellPage } from '../site-page';
import { currencyOf, formCrumbValid } from './cart';
import { SUBSCRIPTIONS_PATH } from '../../../contract/api/paths';

type Query = Record<string, string | undefined>;
type Body = Record<string, unknown>;

interface Purchase {
  title: string;
  /** What is bought: the lines and anything the page says about them. */
  lines: OrderInput['lines'];
  intro: string;
  fields: FormField[];
  /** Query values the form posts back. */
  hidden: Record<string, string>;
  details?: Record<string, unknown>;
}

interface Flow {
  path: string;
  kind: OrderKind;
  pageType: number;
  submit: string;
  confirmed: { path: string; pageType: number; heading: string; message: (name: string) => string };
  /** The purchase a request describes, or an error message for the visitor. */
  resolve(query: Query, body: Body, currency: string): Promise<Purchase | string> | Purchase | string;
}

const notFound = (what: string) => `${what} could not be found. It may have been removed.`;

export default async function checkoutRoutes(app: FastifyInstance): Promise<void> {
  const catalog = () => loadCatalog(app.settings.siteDir);

  const flows: Flow[] = [
    {
      path: DONATE_PATH,
      kind: 'donation',
      pageType: PageType.DONATE,
      submit: 'Donate',
      confirmed: { path: `${DONATE_PATH}/confirmed`, pageType: PageType.CONTRIBUTION_CONFIRMED, heading: 'Contribution confirmed', message: (name) => `Thank you for your support, ${name}.` },
      resolve(query, body, currency) {
        const page = catalog().donatePages[query.donatePageId ?? ''];
        if (!page || !/^[\w-]{1,64}$/.test(query.donatePageId ?? '')) return notFound('This donation page');
        // The query carries minor units (the donation block's link); the form, major units.
        const digits = currencyRecord(currency)?.fractionDigits ?? 2;
        const amount = body.amount !== undefined ? Math.round(Number(body.amount) * 10 ** digits) : Number(query.amount);
        const valid = Number.isInteger(amount) && amount > 0 && amount <= MAX_PRICE;
        const step = digits === 0 ? '1' : '0.01';
        const fields = [
          { name: 'amount', label: `Amount (${currency})`, type: 'number', value: valid ? String(amount / 10 ** digits) : '', extra: ` min="${step}" step="${step}" inputmode="decimal"` },
          ...BUYER_FIELDS(body),
        ];
        return {
          title: page.title,
          intro: valid ? `You are giving ${escapeHtml(formatMinorUnits(amount, currency))}.` : 'Choose how much you would like to give.',
          lines: valid ? [{ productId: query.donatePageId!, title: page.title, sku: 'DONATION', quantity: 1, unitPriceCents: amount, lineTotalCents: amount }] : [],
          fields,
          hidden: { donatePageId: query.donatePageId! },
        };
      },
    },
    {
      path: SUBSCRIBE_PATH,
      kind: 'subscription',
      pageType: PageType.CHECKOUT,
      submit: 'Subscribe',
      confirmed: { path: `${SUBSCRIBE_PATH}/confirmed`, pageType: PageType.SUBSCRIPTION_CONFIRMED, heading: 'Subscription confirmed', message: (name) => `Welcome to the club, ${name}.` },
      async resolve(query, body) {
        const cart = await openCart(app.storage, query.cartToken);
        const line = cart && !cart.purchased ? (await cartLines(app.storage, catalog(), cart.token))[0] : undefined;
        const product = line && catalog().products.find((p) => p.id === line.productId);
        if (!line || !product?.subscriptionPlan) return notFound('This subscription');
        const renews = renewalText(product.subscriptionPlan);
        return {
          title: product.title,
          intro: `${escapeHtml(product.title)}: ${escapeHtml(renews)}.`,
          lines: [{ ...line, quantity: 1, lineTotalCents: line.unitPriceCents }],
          fields: BUYER_FIELDS(body),
          hidden: { cartToken: cart!.token },
          details: { renews, cartToken: cart!.token },
        };
      },
    },
    {
      path: GIFT_CARD_PATH,
      kind: 'giftcard',
      pageType: PageType.CHECKOUT,
      submit: 'Buy gift card',
      confirmed: { path: `${GIFT_CARD_PATH}/received`, pageType: PageType.ORDER_RECEIVED, heading: 'Order received', message: (name) => `Thank you, ${name}. The gift card is on its way.` },
      async resolve(query, body) {
        const websiteId = String(((await readSiteSettings(app)).website as { id?: string } | undefined)?.id ?? '');
        const item = query.websiteId === websiteId ? sellable(catalog(), query.giftCardProductId ?? '', query.sku || undefined) : null;
        if (!item || item.product.productType !== ProductType.GIFT_CARD) return notFound('This gift card');
        return {
          title: item.product.title,
          intro: `A gift card worth ${escapeHtml(formatMinorUnits(item.unitPrice, await currencyOf(app)))}.`,
          lines: [{ productId: item.product.id, title: item.product.title, sku: item.sku, quantity: 1, unitPriceCents: item.unitPrice, lineTotalCents: item.unitPrice }],
          fields: [...BUYER_FIELDS(body), { name: 'recipient', label: 'Recipient email', type: 'email', value: typeof body.recipient === 'string' ? body.recipient : '', extra: ' maxlength="254"' }],
          hidden: { websiteId, giftCardProductId: item.product.id, sku: item.sku },
          details: { recipient: body.recipient },
        };
      },
    },
  ];

  for (const flow of flows) {
    const show = async (request: FastifyRequest, reply: FastifyReply, error = '') => {
      const query = { ...(request.query as Query), ...(request.body as Query | undefined) };
      const currency = await currencyOf(app);
      const purchase = await flow.resolve(query, (request.body ?? {}) as Body, currency);
      if (typeof purchase === 'string') {
        const main = `<h1>Checkout</h1><p role="alert">${escapeHtml(purchase)}</p><p><a href="/blocks">Continue Shopping</a></p>`;
        return sendShellPage(app, request, reply, { title: 'Checkout', pageType: flow.pageType, main }, 404);
      }
      const crumb = ensureCrumb(app, request, reply);
      const main = `<h1>${escapeHtml(purchase.title)}</h1>
<p class="checkout-intro">${purchase.intro}</p>
${purchase.lines.length ? linesTable(purchase.lines, currency, 'Your order') : ''}
<p class="checkout-note">This store takes no payment online: this records your order.</p>
${checkoutForm(flow.path, crumb, purchase.fields, flow.submit, purchase.hidden, error)}`;
      return sendShellPage(app, request, reply, { title: purchase.title, pageType: flow.pageType, main }, error ? 400 : 200);
    };

    app.get(flow.path, (request, reply) => show(request, reply));
    app.post(flow.path, async (request, reply) => {
      const body = (request.body ?? {}) as Body;
      if (!formCrumbValid(app, request)) return show(request, reply, 'Your session has expired. Please try again.');
      if (!isName(body.name) || !isEmail(body.email)) return show(request, reply, 'Please enter your name and a valid email.');
      if (flow.kind === 'giftcard' && !isEmail(body.recipient)) return show(request, reply, 'Please enter the recipient’s email.');
      const currency = await currencyOf(app);
      const purchase = await flow.resolve({ ...(request.query as Query), ...(body as Query) }, body, currency);
      if (typeof purchase === 'string') return show(request, reply);
      if (purchase.lines.length === 0) return show(request, reply, 'Please enter an amount.');
      const cartToken = flow.kind === 'subscription' ? String(purchase.details?.cartToken) : undefined;
      const id = await placeOrder(app.storage, { kind: flow.kind, email: body.email, name: body.name.trim(), currency, lines: purchase.lines, details: purchase.details, cartToken });
      return reply.redirect(`${flow.confirmed.path}?order=${id}`, 303);
    });
    app.get(flow.confirmed.path, async (request, reply) => {
      const order = await findOrder(app.storage, String((request.query as Query).order ?? ''));
      if (!order || order.kind !== flow.kind) return reply.callNotFound();
      const main = confirmation(order, flow.confirmed.heading, flow.confirmed.message(order.name));
      return sendShellPage(app, request, reply, { title: flow.confirmed.heading, pageType: flow.confirmed.pageType, main });
    });
  }

  // A subscription is bought from a cart of its own: the Subscribe button asks for one.
  app.post(
    SUBSCRIPTIONS_PATH,
    { schema: { querystring: crumbQuery, body: { type: 'object', required: ['productId'], additionalProperties: false, properties: { productId: { type: 'string', minLength: 1, maxLength: 64 } } } } },
    async (request, reply) => {
      const { productId } = request.body as { productId: string };
      const product = catalog().products.find((p) => p.id === productId);
      const variant = product?.subscriptionPlan ? product.variants?.[0] : undefined;
      if (!product || !variant) return reply.code(404).send({ error: 'This subscription is not available.' });
      return { cartToken: await cartOfOne(app.storage, request.siteUser?.id ?? null, product.id, variant.sku) };
    },
  );
}
