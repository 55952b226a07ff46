/**
 * The cart API and the checkout of a cart (spec part 2 §2): `/commerce/goto-checkout` shows
 * the order and a buyer form; placing it records the order (no payment provider) and shows the
 * order-confirmed page (202). Without a cart cookie the page says the spec's message.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CART_COOKIE, CHECKOUT_PATH, NO_CART_MESSAGE } from '../../../contract/commerce/routes';
import { currency, storeCurrency } from '../../../contract/commerce/currencies';
import { PageType } from '../../../contract/model/page-types';
import { loadCatalog } from '../commerce/catalog';
import { BUYER_FIELDS, checkoutForm, confirmation, isEmail, isName, linesTable } from '../commerce/pages';
import { cartLines, createCart, findOrder, openCart, placeOrder, setQuantity } from '../commerce/store';
import { escapeHtml } from '../html';
import { ensureCrumb } from '../plugins/crumb';
import { crumbQuery } from '../schemas';
import { readSiteSettings, sendShellPage } from '../site-page';
import { CART_ENTRIES_PATH, CART_PATH } from '../../../contract/api/paths';

const CART_LIFETIME_S = 14 * 24 * 60 * 60;

/** The cart cookie is read by the runtime (checkout needs it), so not HttpOnly. */
export function setCartCookie(reply: FastifyReply, token: string): void {
  void reply.setCookie(CART_COOKIE, token, { path: '/', sameSite: 'lax', httpOnly: false, secure: 'auto', maxAge: CART_LIFETIME_S });
}
export const clearCartCookie = (reply: FastifyReply) => void reply.clearCookie(CART_COOKIE, { path: '/' });

const currencyIn = (site: Record<string, unknown>) => storeCurrency(site.websiteSettings as Parameters<typeof storeCurrency>[0]);

export async function currencyOf(app: FastifyInstance): Promise<string> {
  return currencyIn(await readSiteSettings(app));
}

/** A form post outside /api/ carries the crumb in its body. */
export function formCrumbValid(app: FastifyInstance, request: FastifyRequest): boolean {
  const sent = (request.body as Record<string, unknown> | undefined)?.crumb;
  return app.crumbs.valid(sent) && sent === request.cookies.crumb;
}

const entryBody = {
  type: 'object',
  required: ['productId'],
  additionalProperties: false,
  properties: {
    productId: { type: 'string', minLength: 1, maxLength: 64 },
    sku: { type: 'string', minLength: 1, maxLength: 60 },
    quantity: { type: 'integer', minimum: 0, maximum: 99, default: 1 },
  },
} as const;

export default async function cartRoutes(app: FastifyInstance): Promise<void> {
  const catalog = () => loadCatalog(app.settings.siteDir);

  const cartJson = async (token: string | null) => {
    const cart = token ? await openCart(app.storage, token) : null;
    const lines = cart && !cart.purchased ? await cartLines(app.storage, catalog(), cart.token) : [];
    const subtotal = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
    const digital = lines.filter((line) => line.productType === 2).length;
    const site = await readSiteSettings(app);
    const currencyCode = currencyIn(site);
    const major = subtotal / 10 ** (currency(currencyCode)?.fractionDigits ?? 2);
    return {
      id: cart?.token ?? '',
      websiteId: String((site.website as { id?: string } | undefined)?.id ?? ''),
      created: cart?.created ?? null,
      isPurchased: cart?.purchased ?? false,
      entries: lines,
      subtotalCents: subtotal,
      grandTotalCents: subtotal,
      totalQuantity: lines.reduce((sum, line) => sum + line.quantity, 0),
      subtotalAmount: { value: major, currencyCode },
      hasDigital: digital > 0,
      purelyDigital: lines.length > 0 && digital === lines.length,
      requiresShipping: lines.length > digital,
    };
  };

  app.get(CART_PATH, { schema: { querystring: crumbQuery } }, async (request) => cartJson(request.cookies[CART_COOKIE] ?? null));

  const change = (add: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    const { productId, sku, quantity } = request.body as { productId: string; sku?: string; quantity: number };
    const open = await openCart(app.storage, request.cookies[CART_COOKIE]);
    const token = open && !open.purchased ? open.token : null;
    if (!token && add && quantity === 0) return reply.code(400).send({ error: 'Add at least one.' });
    // A new cart (and its cookie) only for a change that goes through.
    const result = await setQuantity(app.storage, catalog(), token, productId, sku, quantity, add, request.siteUser?.id ?? null);
    if (!result.ok) return reply.code(result.status).send({ error: result.error });
    if (result.token && result.token !== token) setCartCookie(reply, result.token);
    return cartJson(result.token);
  };
  app.post(CART_ENTRIES_PATH, { schema: { querystring: crumbQuery, body: entryBody } }, change(true));
  app.put(CART_ENTRIES_PATH, { schema: { querystring: crumbQuery, body: entryBody } }, change(false));

  const checkoutPage = async (request: FastifyRequest, reply: FastifyReply, error = '') => {
    const cart = await openCart(app.storage, request.cookies[CART_COOKIE]);
    const lines = cart && !cart.purchased ? await cartLines(app.storage, catalog(), cart.token) : [];
    if (lines.length === 0) {
      const main = `<h1>Checkout</h1><p class="checkout-alert" role="alert">${escapeHtml(NO_CART_MESSAGE)}</p><p><a href="/blocks">Continue Shopping</a></p>`;
      return sendShellPage(app, request, reply, { title: 'Checkout', pageType: PageType.CHECKOUT, main });
    }
    const crumb = ensureCrumb(app, request, reply);
    const body = (request.body ?? {}) as { email?: string; name?: string };
    const main = `<h1>Checkout</h1>
${linesTable(lines, await currencyOf(app), 'Your order')}
<p class="checkout-note">This store takes no payment online: placing the order records it.</p>
${checkoutForm(CHECKOUT_PATH, crumb, BUYER_FIELDS(body), 'Place order', {}, error)}`;
    return sendShellPage(app, request, reply, { title: 'Checkout', pageType: PageType.CHECKOUT, main }, error ? 400 : 200);
  };

  app.get(CHECKOUT_PATH, (request, reply) => checkoutPage(request, reply));

  app.post(CHECKOUT_PATH, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (!formCrumbValid(app, request)) return checkoutPage(request, reply, 'Your session has expired. Please place the order again.');
    if (!isName(body.name) || !isEmail(body.email)) return checkoutPage(request, reply, 'Please enter your name and a valid email.');
    const cart = await openCart(app.storage, request.cookies[CART_COOKIE]);
    const lines = cart && !cart.purchased ? await cartLines(app.storage, catalog(), cart.token) : [];
    if (!cart || lines.length === 0) return checkoutPage(request, reply);
    const id = await placeOrder(app.storage, { kind: 'order', email: body.email, name: body.name.trim(), currency: await currencyOf(app), lines, cartToken: cart.token });
    clearCartCookie(reply);
    return reply.redirect(`/commerce/order-confirmed?order=${id}`, 303);
  });

  app.get('/commerce/order-confirmed', async (request, reply) => {
    const order = await findOrder(app.storage, String((request.query as Record<string, unknown>).order ?? ''));
    if (!order || order.kind !== 'order') return reply.callNotFound();
    const main = confirmation(order, 'Order confirmed', `Thank you, ${order.name}. We have received your order.`);
    return sendShellPage(app, request, reply, { title: 'Order confirmed', pageType: PageType.ORDER_CONFIRMED, main });
  });
}
