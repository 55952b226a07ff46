/**
 * Donations, subscriptions and gift cards (spec part 2 §2): each route shows what is bought and
 * a buyer form; posting it records the order and shows contribution confirmed (204),
 * subscription confirmed (206) or order received (207). No payment provider.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { currency as currencyRecord } from '../../../contract/commerce/currencies';
import { MAX_PRICE, ProductType } from '../../../contract/commerce/product';
import { DONATE_PATH, GIFT_CARD_PATH, SUBSCRIBE_PATH } from '../../../contract/commerce/routes';
import { renewalText } from '../../../contract/commerce/subscription';
import { PageType } from '../../../contract/model/page-types';
import { loadCatalog, sellable } from '../commerce/catalog';
import { BUYER_FIELDS, checkoutForm, confirmation, isEmail, isName, linesTable, storeAlert, storeText, type FormField, type StoreText } from '../commerce/pages';
import { placeOrderWithNotice } from '../plugins/mail';
import { cartLines, cartOfOne, findOrder, openCart, type OrderInput, type OrderKind } from '../commerce/store';
import { escapeHtml } from '../html';
import { orderRefused } from '../commerce/order-limit';
import { ensureCrumb } from '../plugins/crumb';
import { crumbQuery } from '../schemas';
import { readSiteSettings, sendShellPage, shellPageOf } from '../site-page';
import { currencyIn } from '../commerce/store-settings';
import { shopPageUrl } from '../site-address';
import { formCrumbValid } from '../form-posts';
import { fill } from '../../../contract/text/format';
import type { CHECKOUT_WORDS } from '../page-text';
import { SUBSCRIPTIONS_PATH } from '../../../contract/api/paths';

type Query = Record<string, string | undefined>;
type CheckoutWords = typeof CHECKOUT_WORDS;
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
  submit: (words: CheckoutWords) => string;
  confirmed: { path: string; pageType: number };
  /** The purchase a request describes, or an error message for the visitor. */
  resolve(query: Query, body: Body, currency: string, text: StoreText): Promise<Purchase | string> | Purchase | string;
}

export default async function checkoutRoutes(app: FastifyInstance): Promise<void> {
  const catalog = () => loadCatalog(app);

  const flows: Flow[] = [
    {
      path: DONATE_PATH,
      kind: 'donation',
      pageType: PageType.DONATE,
      submit: (words) => words.donate,
      confirmed: { path: `${DONATE_PATH}/confirmed`, pageType: PageType.CONTRIBUTION_CONFIRMED },
      async resolve(query, body, currency, text) {
        const page = (await catalog()).donatePages[query.donatePageId ?? ''];
        if (!page || !/^[\w-]{1,64}$/.test(query.donatePageId ?? '')) return text.checkout.donationMissing;
        // The query carries minor units (the donation block's link); the form, major units.
        const digits = currencyRecord(currency)?.fractionDigits ?? 2;
        const amount = body.amount !== undefined ? Math.round(Number(body.amount) * 10 ** digits) : Number(query.amount);
        const valid = Number.isInteger(amount) && amount > 0 && amount <= MAX_PRICE;
        const step = digits === 0 ? '1' : '0.01';
        const fields = [
          { name: 'amount', label: fill(text.checkout.amount, { currency }), type: 'number', value: valid ? String(amount / 10 ** digits) : '', extra: ` min="${step}" step="${step}" inputmode="decimal"` },
          ...BUYER_FIELDS(text, body),
        ];
        return {
          title: page.title,
          intro: escapeHtml(valid ? fill(text.checkout.giving, { amount: text.money(amount, currency) }) : text.checkout.chooseAmount),
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
      submit: (words) => words.subscribe,
      confirmed: { path: `${SUBSCRIBE_PATH}/confirmed`, pageType: PageType.SUBSCRIPTION_CONFIRMED },
      async resolve(query, body, _currency, text) {
        const cart = await openCart(app.storage, query.cartToken);
        const products = await catalog();
        const line = cart && !cart.purchased ? (await cartLines(app.storage, products, cart.token))[0] : undefined;
        const product = line && products.products.find((p) => p.id === line.productId);
        if (!line || !product?.subscriptionPlan) return text.checkout.subscriptionMissing;
        const renews = renewalText(product.subscriptionPlan, text.renewal);
        return {
          title: product.title,
          intro: `${escapeHtml(product.title)}: ${escapeHtml(renews)}.`,
          lines: [{ ...line, quantity: 1, lineTotalCents: line.unitPriceCents }],
          fields: BUYER_FIELDS(text, body),
          hidden: { cartToken: cart!.token },
          details: { renews: renewalText(product.subscriptionPlan), cartToken: cart!.token },
        };
      },
    },
    {
      path: GIFT_CARD_PATH,
      kind: 'giftcard',
      pageType: PageType.CHECKOUT,
      submit: (words) => words.buyGiftCard,
      confirmed: { path: `${GIFT_CARD_PATH}/received`, pageType: PageType.ORDER_RECEIVED },
      async resolve(query, body, currency, text) {
        const websiteId = String(((await readSiteSettings(app)).website as { id?: string } | undefined)?.id ?? '');
        const item = query.websiteId === websiteId ? sellable(await catalog(), query.giftCardProductId ?? '', query.sku || undefined) : null;
        if (!item || item.product.productType !== ProductType.GIFT_CARD) return text.checkout.giftCardMissing;
        return {
          title: item.product.title,
          intro: escapeHtml(fill(text.checkout.giftCardWorth, { amount: text.money(item.unitPrice, currency) })),
          lines: [{ productId: item.product.id, title: item.product.title, sku: item.sku, quantity: 1, unitPriceCents: item.unitPrice, lineTotalCents: item.unitPrice }],
          fields: [...BUYER_FIELDS(text, body), { name: 'recipient', label: text.checkout.recipient, type: 'email', value: typeof body.recipient === 'string' ? body.recipient : '', extra: ' maxlength="254"' }],
          hidden: { websiteId, giftCardProductId: item.product.id, sku: item.sku },
          details: { recipient: body.recipient },
        };
      },
    },
  ];

  for (const flow of flows) {
    /** The flow's page; `error` names the message a refused order shows, answered with `status`. */
    const show = (request: FastifyRequest, reply: FastifyReply, error?: (words: CheckoutWords) => string, status = 400) =>
      sendShellPage(app, request, reply, async (page) => {
        const text = storeText(page);
        const query = { ...(request.query as Query), ...(request.body as Query | undefined) };
        const currency = currencyIn(page.site);
        const purchase = await flow.resolve(query, (request.body ?? {}) as Body, currency, text);
        if (typeof purchase === 'string') return { title: text.checkout.title, pageType: flow.pageType, main: storeAlert(text, shopPageUrl(page.site, app.settings.publicUrl), purchase), status: 404 };
        const crumb = ensureCrumb(app, request, reply);
        const main = `<h1>${escapeHtml(purchase.title)}</h1>
<p class="checkout-intro">${purchase.intro}</p>
${purchase.lines.length ? linesTable(text, purchase.lines, currency) : ''}
<p class="checkout-note">${escapeHtml(text.checkout.note)}</p>
${checkoutForm(flow.path, crumb, purchase.fields, flow.submit(text.checkout), purchase.hidden, error?.(text.checkout))}`;
        return { title: purchase.title, pageType: flow.pageType, main, status: error ? status : 200 };
      });

    app.get(flow.path, (request, reply) => show(request, reply));
    app.post(flow.path, async (request, reply) => {
      const body = (request.body ?? {}) as Body;
      if (!formCrumbValid(app, request)) return show(request, reply, (words) => words.sessionExpired);
      if (!isName(body.name) || !isEmail(body.email)) return show(request, reply, (words) => words.nameAndEmail);
      if (flow.kind === 'giftcard' && !isEmail(body.recipient)) return show(request, reply, (words) => words.recipientNeeded);
      const page = await shellPageOf(app);
      const currency = currencyIn(page.site);
      const purchase = await flow.resolve({ ...(request.query as Query), ...(body as Query) }, body, currency, storeText(page));
      if (typeof purchase === 'string') return show(request, reply);
      if (purchase.lines.length === 0) return show(request, reply, (words) => words.amountNeeded);
      if (await orderRefused(request, reply)) return show(request, reply, (words) => words.tooManyOrders, 429);
      const cartToken = flow.kind === 'subscription' ? String(purchase.details?.cartToken) : undefined;
      const id = await placeOrderWithNotice(app, { kind: flow.kind, email: body.email, name: body.name.trim(), currency, lines: purchase.lines, details: purchase.details, cartToken });
      return reply.redirect(`${flow.confirmed.path}?order=${id}`, 303);
    });
    app.get(flow.confirmed.path, async (request, reply) => {
      const order = await findOrder(app.storage, String((request.query as Query).order ?? ''));
      if (!order || order.kind !== flow.kind) return reply.callNotFound();
      return sendShellPage(app, request, reply, (page) => ({ ...confirmation(storeText(page), shopPageUrl(page.site, app.settings.publicUrl), order), pageType: flow.confirmed.pageType }));
    });
  }

  // A subscription is bought from a cart of its own: the Subscribe button asks for one.
  app.post(
    SUBSCRIPTIONS_PATH,
    { config: { visitorData: true }, schema: { querystring: crumbQuery, body: { type: 'object', required: ['productId'], additionalProperties: false, properties: { productId: { type: 'string', minLength: 1, maxLength: 64 } } } } },
    async (request, reply) => {
      const { productId } = request.body as { productId: string };
      const product = (await catalog()).products.find((p) => p.id === productId);
      const variant = product?.subscriptionPlan ? product.variants?.[0] : undefined;
      if (!product || !variant) return reply.code(404).send({ error: 'This subscription is not available.' });
      return { cartToken: await cartOfOne(app.storage, request.siteUser?.id ?? null, product.id, variant.sku) };
    },
  );
}
