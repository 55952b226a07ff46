/**
 * The cart API, the cart page's forms for visitors without the runtime, and the checkout of a
 * cart (spec part 2 §2): `/commerce/goto-checkout` shows the order and a buyer form; placing it
 * records the order (no payment provider) and shows the order-confirmed page (202). Without a
 * cart cookie the page says the spec's message.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CART_COOKIE, CART_PAGE_PATH, CART_TOKEN_HEADER, CHECKOUT_PATH } from '../../../contract/commerce/routes';
import { CART_FORM_PATH, type CartRefusal } from '../../../contract/commerce/cart-markup';
import { CART_REFUSED_QUERY } from '../cart-page';
import { currencyIn } from '../commerce/store-settings';
import { shopPageUrl } from '../site-address';
import { currency } from '../../../contract/commerce/currencies';
import { PageType } from '../../../contract/model/page-types';
import { loadCatalog } from '../commerce/catalog';
import { BUYER_FIELDS, checkoutForm, confirmation, isEmail, isName, linesTable, storeAlert, storeText, type StoreText } from '../commerce/pages';
import { placeOrderWithNotice } from '../plugins/mail';
import { CART_LIFETIME_MS, cartLines, findOrder, openCart, setQuantity } from '../commerce/store';
import { escapeHtml } from '../html';
import { ensureCrumb } from '../plugins/crumb';
import { formCrumbValid, formNextPath, formValue } from '../form-posts';
import { orderRefused } from '../commerce/order-limit';
import { crumbQuery } from '../schemas';
import { readSiteSettings, sendShellPage } from '../site-page';
import { CART_ENTRIES_PATH, CART_PATH } from '../../../contract/api/paths';

const CART_LIFETIME_S = CART_LIFETIME_MS / 1000;
/** A cart page's form names at most this many lines (a cart has far fewer). */
const MAX_FORM_LINES = 100;

/** A posted line field (contract cartLineField): its product id and SKU, or null. */
function lineOfField(value: unknown): [string, string] | null {
  try {
    const parsed: unknown = JSON.parse(formValue(value, 200));
    return Array.isArray(parsed) && parsed.length === 2 && parsed.every((part) => typeof part === 'string' && part.length > 0 && part.length <= 64) ? (parsed as [string, string]) : null;
  } catch {
    return null;
  }
}

/** The cart cookie is read by the runtime (checkout needs it), so not HttpOnly. */
export function setCartCookie(reply: FastifyReply, token: string): void {
  void reply.setCookie(CART_COOKIE, token, { path: '/', sameSite: 'lax', httpOnly: false, secure: 'auto', maxAge: CART_LIFETIME_S });
}
export const clearCartCookie = (reply: FastifyReply) => void reply.clearCookie(CART_COOKIE, { path: '/' });


/**
 * The visitor's cart for an API call: the one a page on another site names in its header (it
 * cannot keep the cookie; contract/commerce/routes.ts), else the cookie's.
 */
function cartTokenOf(request: FastifyRequest): string | undefined {
  const named = request.headers[CART_TOKEN_HEADER];
  return typeof named === 'string' && named !== '' ? named : request.cookies[CART_COOKIE];
}

export async function currencyOf(app: FastifyInstance): Promise<string> {
  return currencyIn(await readSiteSettings(app));
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
  const catalog = () => loadCatalog(app);

  const cartJson = async (token: string | null) => {
    const cart = token ? await openCart(app.storage, token) : null;
    const lines = cart && !cart.purchased ? await cartLines(app.storage, await catalog(), cart.token) : [];
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

  app.get(CART_PATH, { schema: { querystring: crumbQuery } }, async (request) => cartJson(cartTokenOf(request) ?? null));

  const change = (add: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    const { productId, sku, quantity } = request.body as { productId: string; sku?: string; quantity: number };
    const open = await openCart(app.storage, cartTokenOf(request));
    const token = open && !open.purchased ? open.token : null;
    if (!token && add && quantity === 0) return reply.code(400).send({ error: 'Add at least one.' });
    // A new cart (and its cookie) only for a change that goes through.
    const result = await setQuantity(app.storage, await catalog(), token, productId, sku, quantity, add, request.siteUser?.id ?? null);
    if (!result.ok) return reply.code(result.status).send({ error: result.error });
    if (result.token && result.token !== token) setCartCookie(reply, result.token);
    return cartJson(result.token);
  };
  app.post(CART_ENTRIES_PATH, { config: { visitorData: true }, schema: { querystring: crumbQuery, body: entryBody } }, change(true));
  app.put(CART_ENTRIES_PATH, { config: { visitorData: true }, schema: { querystring: crumbQuery, body: entryBody } }, change(false));

  /**
   * The cart page's forms, posted without the runtime (contract/commerce/cart-markup.ts): each
   * line's quantity as it stands in the form (0 removes it), or the one line a Remove button
   * names (`remove`), then back to the cart page; when anything was not taken, with
   * `?cart=stock` (more than the stock left, and nothing else) or `?cart=refused` (a forged or
   * expired crumb, a line no longer sold), and the cart as it stands shows the rest.
   */
  // Not under VISITOR_DATA_PER_MINUTE, whose 429 is JSON: it changes only a cart that exists, and makes none.
  app.post(CART_FORM_PATH, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const back = new URL(formNextPath(body, CART_PAGE_PATH), 'http://site.invalid');
    back.searchParams.delete(CART_REFUSED_QUERY);
    const done = (refused?: CartRefusal) => {
      if (refused) back.searchParams.set(CART_REFUSED_QUERY, refused);
      return reply.redirect(back.pathname + back.search, 303);
    };
    const open = await openCart(app.storage, request.cookies[CART_COOKIE]);
    if (!formCrumbValid(app, request) || !open || open.purchased) return done('refused');
    const list = (value: unknown) => (Array.isArray(value) ? value : [value]).filter((item) => item !== undefined).slice(0, MAX_FORM_LINES);
    const removing = body.remove !== undefined;
    const lines = list(removing ? body.remove : body.line);
    const quantities = removing ? ['0'] : list(body.quantity);
    // Each line has its quantity, or the form is not the cart page's: nothing changes.
    if (lines.length !== quantities.length) return done('refused');
    // The stock is named only when it is the one reason: otherwise the general words.
    let refused: CartRefusal | undefined;
    const refuse = (why: CartRefusal) => (refused = refused && refused !== why ? 'refused' : why);
    for (const [i, field] of lines.entries()) {
      const line = lineOfField(field);
      const quantity = formValue(quantities[i], 2);
      if (!line || !/^\d{1,2}$/.test(quantity)) {
        refuse('refused');
        continue;
      }
      const result = await setQuantity(app.storage, await catalog(), open.token, line[0], line[1], Number(quantity), false, request.siteUser?.id ?? null);
      if (!result.ok) refuse(result.outOfStock ? 'stock' : 'refused');
    }
    return done(refused);
  });

  /** The checkout page; `error` names the message a refused order shows, answered with `status`. */
  const checkoutPage = async (request: FastifyRequest, reply: FastifyReply, error?: (text: StoreText) => string, status = 400) => {
    const cart = await openCart(app.storage, request.cookies[CART_COOKIE]);
    const lines = cart && !cart.purchased ? await cartLines(app.storage, await catalog(), cart.token) : [];
    const crumb = lines.length ? ensureCrumb(app, request, reply) : '';
    const body = (request.body ?? {}) as { email?: string; name?: string };
    return sendShellPage(app, request, reply, (page) => {
      const text = storeText(page);
      const shell = { title: text.checkout.title, pageType: PageType.CHECKOUT };
      if (lines.length === 0) return { ...shell, main: storeAlert(text, shopPageUrl(page.site, app.settings.publicUrl), text.cart.noCart) };
      const main = `<h1>${escapeHtml(text.checkout.title)}</h1>
${linesTable(text, lines, currencyIn(page.site))}
<p class="checkout-note">${escapeHtml(text.checkout.cartNote)}</p>
${checkoutForm(CHECKOUT_PATH, crumb, BUYER_FIELDS(text, body), text.checkout.placeOrder, {}, error?.(text))}`;
      return { ...shell, main };
    }, error && lines.length ? status : 200);
  };

  app.get(CHECKOUT_PATH, async (request, reply) => {
    // A page on another site hands its cart over: the cookie takes it, and the token leaves the address.
    const handed = (request.query as Record<string, unknown>).cartToken;
    if (handed === undefined) return checkoutPage(request, reply);
    const cart = typeof handed === 'string' ? await openCart(app.storage, handed) : null;
    if (cart && !cart.purchased) setCartCookie(reply, cart.token);
    return reply.redirect(CHECKOUT_PATH, 303);
  });

  app.post(CHECKOUT_PATH, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (!formCrumbValid(app, request)) return checkoutPage(request, reply, (text) => text.checkout.cartSessionExpired);
    if (!isName(body.name) || !isEmail(body.email)) return checkoutPage(request, reply, (text) => text.checkout.nameAndEmail);
    const cart = await openCart(app.storage, request.cookies[CART_COOKIE]);
    const lines = cart && !cart.purchased ? await cartLines(app.storage, await catalog(), cart.token) : [];
    if (!cart || lines.length === 0) return checkoutPage(request, reply);
    if (await orderRefused(request, reply)) return checkoutPage(request, reply, (text) => text.checkout.tooManyOrders, 429);
    const id = await placeOrderWithNotice(app, { kind: 'order', email: body.email, name: body.name.trim(), currency: await currencyOf(app), lines, cartToken: cart.token });
    clearCartCookie(reply);
    return reply.redirect(`/commerce/order-confirmed?order=${id}`, 303);
  });

  app.get('/commerce/order-confirmed', async (request, reply) => {
    const order = await findOrder(app.storage, String((request.query as Record<string, unknown>).order ?? ''));
    if (!order || order.kind !== 'order') return reply.callNotFound();
    return sendShellPage(app, request, reply, (page) => ({ ...confirmation(storeText(page), shopPageUrl(page.site, app.settings.publicUrl), order), pageType: PageType.ORDER_CONFIRMED }));
  });
}
