/**
 * Carts, orders and review requests in SQLite. No payment provider: placing an order records
 * it, and every product bought gets a review request (spec part 2 §2, page type 209).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../db';
import { ProductType } from '../../../contract/commerce/product';
import { sellable, type Catalog } from './catalog';

/** A visitor may not put more than this of one SKU in the cart. */
export const MAX_QUANTITY = 99;
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
}

export const newToken = () => randomBytes(18).toString('base64url');

export function openCart(db: Db, token: string | undefined): { token: string; created: number; purchased: boolean } | null {
  if (!token || token.length > 64) return null;
  const row = db.prepare('SELECT token, created_at, purchased_at FROM carts WHERE token = ?').get(token) as { token: string; created_at: number; purchased_at: number | null } | undefined;
  return row ? { token: row.token, created: row.created_at, purchased: row.purchased_at !== null } : null;
}

export function createCart(db: Db, userId: string | null = null): string {
  const token = newToken();
  db.prepare('INSERT INTO carts (token, user_id, created_at) VALUES (?, ?, ?)').run(token, userId, Date.now());
  return token;
}

export function cartLines(db: Db, catalog: Catalog, token: string): CartLine[] {
  const rows = db.prepare('SELECT sku, product_id, quantity FROM cart_entries WHERE cart_token = ? ORDER BY rowid').all(token) as Array<{ sku: string; product_id: string; quantity: number }>;
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
    }];
  });
}

/** A change that went through names the cart it is in (null: there was none and none was needed). */
export type CartChange = { ok: true; token: string | null } | { ok: false; status: number; error: string };

/**
 * Sets a line's quantity (0 removes it), checked against the catalogue's stock. Without a cart
 * (`token` null), `newCart` makes one, only once the change is known to go through: a refused
 * change writes nothing.
 */
export function setQuantity(db: Db, catalog: Catalog, token: string | null, productId: string, sku: string | undefined, quantity: number, add: boolean, newCart: () => string): CartChange {
  const item = sellable(catalog, productId, sku);
  if (!item) return { ok: false, status: 404, error: 'This product is not available.' };
  if (item.product.productType === ProductType.GIFT_CARD || item.product.subscriptionPlan) {
    return { ok: false, status: 400, error: 'Gift cards and subscriptions are bought on their own checkout page.' };
  }
  const current = token ? ((db.prepare('SELECT quantity FROM cart_entries WHERE cart_token = ? AND sku = ?').get(token, item.sku) as { quantity: number } | undefined)?.quantity ?? 0) : 0;
  const next = add ? current + quantity : quantity;
  if (next <= 0) {
    if (token) db.prepare('DELETE FROM cart_entries WHERE cart_token = ? AND sku = ?').run(token, item.sku);
    return { ok: true, token };
  }
  if (next > MAX_QUANTITY) return { ok: false, status: 400, error: `At most ${MAX_QUANTITY} of one item.` };
  if (item.stock !== null && next > item.stock) {
    return { ok: false, status: 400, error: item.stock === 0 ? 'Sold out' : `Only ${item.stock} left in stock.` };
  }
  return db.transaction((): CartChange => {
    const cart = token ?? newCart();
    db.prepare('INSERT INTO cart_entries (cart_token, sku, product_id, quantity) VALUES (?, ?, ?, ?) ON CONFLICT (cart_token, sku) DO UPDATE SET quantity = excluded.quantity').run(cart, item.sku, item.product.id, next);
    return { ok: true, token: cart };
  })();
}

/** A new anonymous cart with the same lines (a member signing out with cloneCart). */
export function cloneCart(db: Db, token: string): string {
  const copy = createCart(db);
  db.prepare('INSERT INTO cart_entries (cart_token, sku, product_id, quantity) SELECT ?, sku, product_id, quantity FROM cart_entries WHERE cart_token = ?').run(copy, token);
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

/** Records the order, empties its cart and opens a review request per product, in one transaction. */
export function placeOrder(db: Db, input: OrderInput, now = Date.now()): string {
  const id = randomUUID();
  const total = input.lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
  db.transaction(() => {
    const next = ((db.prepare('SELECT MAX(order_number) AS n FROM orders').get() as { n: number | null }).n ?? 1000) + 1;
    db.prepare('INSERT INTO orders (id, order_number, kind, email, name, currency, total_cents, lines_json, details_json, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').run(
      id, next, input.kind, input.email, input.name, input.currency, total, JSON.stringify(input.lines), JSON.stringify(input.details ?? {}), now,
    );
    if (input.cartToken) db.prepare('UPDATE carts SET purchased_at = ? WHERE token = ?').run(now, input.cartToken);
    if (input.kind === 'order') {
      const seen = new Set<string>();
      for (const line of input.lines) {
        if (seen.has(line.productId)) continue;
        seen.add(line.productId);
        db.prepare('INSERT INTO review_requests (token, order_id, product_id, product_title, expires_at) VALUES (?, ?, ?, ?, ?)').run(newToken(), id, line.productId, line.title, now + REVIEW_REQUEST_DAYS * 86_400_000);
      }
    }
  })();
  return id;
}

export function findOrder(db: Db, id: string): Order | null {
  if (!/^[\da-f-]{36}$/.test(id)) return null;
  const row = db.prepare('SELECT * FROM orders WHERE id = ?').get(id) as
    | { id: string; order_number: number; kind: OrderKind; email: string; name: string; currency: string; total_cents: number; lines_json: string; details_json: string; created_at: number }
    | undefined;
  if (!row) return null;
  const reviewRequests = db.prepare('SELECT token, product_title AS productTitle FROM review_requests WHERE order_id = ? ORDER BY rowid').all(id) as Order['reviewRequests'];
  return {
    id: row.id,
    orderNumber: row.order_number,
    kind: row.kind,
    email: row.email,
    name: row.name,
    currency: row.currency,
    totalCents: row.total_cents,
    lines: JSON.parse(row.lines_json) as Order['lines'],
    details: JSON.parse(row.details_json) as Record<string, unknown>,
    createdAt: row.created_at,
    reviewRequests,
  };
}

export type ReviewRequestState = { status: 'open'; productTitle: string; productId: string } | { status: 'expired' | 'reviewed' | 'unknown' };

export function reviewRequest(db: Db, token: string, now = Date.now()): ReviewRequestState {
  if (!/^[\w-]{16,64}$/.test(token)) return { status: 'unknown' };
  const row = db.prepare('SELECT product_id, product_title, expires_at, reviewed_at FROM review_requests WHERE token = ?').get(token) as
    | { product_id: string; product_title: string; expires_at: number; reviewed_at: number | null }
    | undefined;
  if (!row) return { status: 'unknown' };
  if (row.reviewed_at !== null) return { status: 'reviewed' };
  if (row.expires_at <= now) return { status: 'expired' };
  return { status: 'open', productTitle: row.product_title, productId: row.product_id };
}

/** Stores the review once; answers the request's state when it cannot. */
export function submitReview(db: Db, token: string, rating: number, body: string, now = Date.now()): ReviewRequestState['status'] {
  return db.transaction(() => {
    const state = reviewRequest(db, token, now);
    if (state.status !== 'open') return state.status;
    db.prepare('UPDATE review_requests SET reviewed_at = ? WHERE token = ?').run(now, token);
    db.prepare('INSERT INTO reviews (request_token, product_id, rating, body, created_at) VALUES (?, ?, ?, ?, ?)').run(token, state.productId, rating, body, now);
    return 'open';
  })();
}
