/**
 * Carts, orders and review requests. No payment provider: placing an order records
 * it, and every product bought gets a review request (spec part 2 §2, page type 209).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { lockedTransaction, type Executor } from '../storage/locked';
import type { Storage } from '../storage/open';
import type { Selectable } from 'kysely';
import type { Tables } from '../storage/tables';
import { MAX_CART_QUANTITY } from '../../../contract/commerce/cart';
import { ProductType } from '../../../contract/commerce/product';
import { sellable, type Catalog } from './catalog';

/** How long a review request link works. */
export const REVIEW_REQUEST_DAYS = 30;

export interface CartLine {
  sku: string;
  productId: string;
  title: string;
  options: string;
  productType: number;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
  /** What is left to sell; null when unlimited. */
  stock: number | null;
}

export const newToken = () => randomBytes(18).toString('base64url');

const DAY_MS = 86_400_000;
/** How long the cart cookie lasts from the cart's making: a cart not bought by then can no longer be reached. */
export const CART_LIFETIME_MS = 14 * DAY_MS;
const CARTS_PER_STATEMENT = 1000;

/**
 * Drops the carts never bought whose cookie has expired (a day later, for clocks that differ),
 * their lines with them: every visitor who adds to a cart and leaves would otherwise keep a row
 * for ever. Answers how many went.
 */
export async function dropAbandonedCarts(store: Storage, now = Date.now()): Promise<number> {
  const cutoff = now - CART_LIFETIME_MS - DAY_MS;
  let dropped = 0;
  for (;;) {
    const count = await store.db.transaction().execute(async (trx) => {
      const tokens = (await trx.selectFrom('carts').select('token').where('purchased_at', 'is', null).where('created_at', '<', cutoff).limit(CARTS_PER_STATEMENT).execute()).map((row) => row.token);
      if (tokens.length === 0) return 0;
      await trx.deleteFrom('cart_entries').where('cart_token', 'in', tokens).execute();
      await trx.deleteFrom('carts').where('token', 'in', tokens).execute();
      return tokens.length;
    });
    dropped += count;
    if (count < CARTS_PER_STATEMENT) return dropped;
  }
}

/**
 * The cart a token names, while its lifetime lasts: the cookie ends then, and a token a page on
 * another site keeps (contract/commerce/routes.ts) ends with it.
 */
export async function openCart(store: Storage, token: string | undefined): Promise<{ token: string; created: number; purchased: boolean } | null> {
  if (!token || token.length > 64) return null;
  const row = await store.db.selectFrom('carts').select(['token', 'created_at', 'purchased_at']).where('token', '=', token).executeTakeFirst();
  return row && row.created_at > Date.now() - CART_LIFETIME_MS ? { token: row.token, created: row.created_at, purchased: row.purchased_at !== null } : null;
}

export async function createCart(store: Storage, userId: string | null = null): Promise<string> {
  const token = newToken();
  await store.db.insertInto('carts').values({ token, user_id: userId, created_at: Date.now(), purchased_at: null }).execute();
  return token;
}

export async function cartLines(store: Storage, catalog: Catalog, token: string): Promise<CartLine[]> {
  const rows = await store.db.selectFrom('cart_entries').select(['sku', 'product_id', 'quantity']).where('cart_token', '=', token).orderBy('added_at').orderBy('sku').execute();
  return rows.flatMap((row) => {
    const item = sellable(catalog, row.product_id, row.sku);
    if (!item) return [];
    return [{
      sku: item.sku,
      productId: item.product.id,
      title: item.product.title,
      options: item.options,
      productType: item.product.productType ?? ProductType.PHYSICAL,
      quantity: row.quantity,
      unitPriceCents: item.unitPrice,
      lineTotalCents: item.unitPrice * row.quantity,
      stock: item.stock,
    }];
  });
}

/** Gives a member's cart to that member (signing in with a cart). */
export async function claimCart(store: Storage, token: string, userId: string): Promise<void> {
  await store.db.updateTable('carts').set({ user_id: userId }).where('token', '=', token).execute();
}

/** A change that went through names the cart it is in (null: there was none and none was needed); a refusal says whether the stock was why. */
export type CartChange = { ok: true; token: string | null } | { ok: false; status: number; error: string; outOfStock?: true };

/**
 * Sets a line's quantity (0 removes it), checked against the catalogue's stock. Without a cart
 * (`token` null), a new one is made, only once the change is known to go through: a refused
 * change writes nothing.
 */
export async function setQuantity(store: Storage, catalog: Catalog, token: string | null, productId: string, sku: string | undefined, quantity: number, add: boolean, userId: string | null = null): Promise<CartChange> {
  const item = sellable(catalog, productId, sku);
  if (!item) return { ok: false, status: 404, error: 'This product is not available.' };
  if (item.product.productType === ProductType.GIFT_CARD || item.product.subscriptionPlan) {
    return { ok: false, status: 400, error: 'Gift cards and subscriptions are bought on their own checkout page.' };
  }
  // One change per cart at a time, on every instance: two adds never both read the old quantity.
  return lockedTransaction(store, token ? [`cart:${token}`] : [], async (trx): Promise<CartChange> => {
    const current = token ? ((await trx.selectFrom('cart_entries').select('quantity').where('cart_token', '=', token).where('sku', '=', item.sku).executeTakeFirst())?.quantity ?? 0) : 0;
    const next = add ? current + quantity : quantity;
    if (next <= 0) {
      if (token) await trx.deleteFrom('cart_entries').where('cart_token', '=', token).where('sku', '=', item.sku).execute();
      return { ok: true, token };
    }
    if (next > MAX_CART_QUANTITY) return { ok: false, status: 400, error: `At most ${MAX_CART_QUANTITY} of one item.` };
    if (item.stock !== null && next > item.stock) {
      return { ok: false, status: 400, error: item.stock === 0 ? 'Sold out' : `Only ${item.stock} left in stock.`, outOfStock: true };
    }
    const now = Date.now();
    const cart = token ?? newToken();
    if (!token) await trx.insertInto('carts').values({ token: cart, user_id: userId, created_at: now, purchased_at: null }).execute();
    await trx
      .insertInto('cart_entries')
      .values({ cart_token: cart, sku: item.sku, product_id: item.product.id, quantity: next, added_at: now })
      .onConflict((conflict) => conflict.columns(['cart_token', 'sku']).doUpdateSet({ quantity: next }))
      .execute();
    return { ok: true, token: cart };
  });
}

/** A cart of one line (a subscription's own checkout). */
export async function cartOfOne(store: Storage, userId: string | null, productId: string, sku: string): Promise<string> {
  const token = await createCart(store, userId);
  await store.db.insertInto('cart_entries').values({ cart_token: token, sku, product_id: productId, quantity: 1, added_at: Date.now() }).execute();
  return token;
}

/** A new anonymous cart with the same lines (a member signing out with cloneCart). */
export async function cloneCart(store: Storage, token: string): Promise<string> {
  const copy = await createCart(store);
  const lines = await store.db.selectFrom('cart_entries').select(['sku', 'product_id', 'quantity', 'added_at']).where('cart_token', '=', token).execute();
  if (lines.length) await store.db.insertInto('cart_entries').values(lines.map((line) => ({ ...line, cart_token: copy }))).execute();
  return copy;
}

export type OrderKind = 'order' | 'donation' | 'subscription' | 'giftcard';

export interface OrderInput {
  kind: OrderKind;
  email: string;
  name: string;
  currency: string;
  lines: Array<Pick<CartLine, 'productId' | 'title' | 'sku' | 'quantity' | 'unitPriceCents' | 'lineTotalCents'>>;
  details?: Record<string, unknown>;
  /** The cart this order empties, if any. */
  cartToken?: string;
}

export interface Order extends Omit<OrderInput, 'cartToken'> {
  id: string;
  orderNumber: number;
  totalCents: number;
  createdAt: number;
  reviewRequests: Array<{ token: string; productTitle: string }>;
}

/** What else is written with an order, in its transaction (the owner's notice, the buyer's receipt). */
export type WithOrder = (trx: Executor, order: OrderInput & { orderNumber: number; totalCents: number; reviewRequests: Array<{ token: string; productTitle: string }> }, at: number) => Promise<void>;

/** Records the order, empties its cart and opens a review request per product, in one transaction. */
export async function placeOrder(store: Storage, input: OrderInput, now = Date.now(), withOrder?: WithOrder): Promise<string> {
  const id = randomUUID();
  const total = input.lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
  // Order numbers are taken one at a time, on every instance.
  await lockedTransaction(store, ['order-number'], async (trx) => {
    const next = ((await trx.selectFrom('orders').select((eb) => eb.fn.max('order_number').as('n')).executeTakeFirst())?.n ?? 1000) + 1;
    await trx
      .insertInto('orders')
      .values({ id, order_number: next, kind: input.kind, email: input.email, name: input.name, currency: input.currency, total_cents: total, lines_json: JSON.stringify(input.lines), details_json: JSON.stringify(input.details ?? {}), created_at: now })
      .execute();
    if (input.cartToken) await trx.updateTable('carts').set({ purchased_at: now }).where('token', '=', input.cartToken).execute();
    const reviewRequests: Array<{ token: string; productTitle: string }> = [];
    if (input.kind === 'order') {
      const products = [...new Map(input.lines.map((line) => [line.productId, line])).values()];
      for (const [position, line] of products.entries()) {
        const token = newToken();
        await trx.insertInto('review_requests').values({ token, order_id: id, product_id: line.productId, product_title: line.title, expires_at: now + REVIEW_REQUEST_DAYS * 86_400_000, reviewed_at: null, position }).execute();
        reviewRequests.push({ token, productTitle: line.title });
      }
    }
    await withOrder?.(trx, { ...input, orderNumber: next, totalCents: total, reviewRequests }, now);
  });
  return id;
}

export async function findOrder(store: Storage, id: string): Promise<Order | null> {
  if (!/^[\da-f-]{36}$/.test(id)) return null;
  const row = await store.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const reviewRequests = await store.db.selectFrom('review_requests').select(['token', 'product_title as productTitle']).where('order_id', '=', id).orderBy('position').execute();
  return { ...orderOfRow(row), reviewRequests };
}

/** A stored order as the pages and the owner read it (its review requests apart). */
export const orderOfRow = (row: Selectable<Tables['orders']>): Omit<Order, 'reviewRequests'> => ({
  id: row.id,
  orderNumber: row.order_number,
  kind: row.kind as OrderKind,
  email: row.email,
  name: row.name,
  currency: row.currency,
  totalCents: Number(row.total_cents),
  lines: JSON.parse(row.lines_json) as Order['lines'],
  details: JSON.parse(row.details_json) as Record<string, unknown>,
  createdAt: Number(row.created_at),
});

export type ReviewRequestState = { status: 'open'; productTitle: string; productId: string } | { status: 'expired' | 'reviewed' | 'unknown' };

export async function reviewRequest(store: Storage | { db: Executor }, token: string, now = Date.now()): Promise<ReviewRequestState> {
  if (!/^[\w-]{16,64}$/.test(token)) return { status: 'unknown' };
  const row = await store.db.selectFrom('review_requests').select(['product_id', 'product_title', 'expires_at', 'reviewed_at']).where('token', '=', token).executeTakeFirst();
  if (!row) return { status: 'unknown' };
  if (row.reviewed_at !== null) return { status: 'reviewed' };
  if (row.expires_at <= now) return { status: 'expired' };
  return { status: 'open', productTitle: row.product_title, productId: row.product_id };
}

/** The lock a review request's writers take: its review, and the deletion of its order. */
export const reviewLockKey = (token: string) => `review:${token}`;

/** Stores the review once; answers the request's state when it cannot. */
export function submitReview(store: Storage, token: string, rating: number, body: string, now = Date.now()): Promise<ReviewRequestState['status']> {
  return lockedTransaction(store, [reviewLockKey(token)], async (trx) => {
    const state = await reviewRequest({ db: trx }, token, now);
    if (state.status !== 'open') return state.status;
    await trx.updateTable('review_requests').set({ reviewed_at: now }).where('token', '=', token).execute();
    await trx.insertInto('reviews').values({ request_token: token, product_id: state.productId, rating, body, created_at: now }).execute();
    return 'open' as const;
  });
}
