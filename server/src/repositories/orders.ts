/** The store's orders as the owner reads and deletes them: the newest first, a page at a time. */
import type { Storage } from '../storage/open';
import { lockedTransaction } from '../storage/locked';
import { reviewLockKey } from '../commerce/store';

/** The newest orders; with `before` (an order number), those placed before it (the next page). And how many there are in all. */
export async function latestOrders(store: Storage, limit: number, before?: number) {
  let query = store.db.selectFrom('orders').selectAll().orderBy('order_number', 'desc').limit(limit);
  if (before !== undefined) query = query.where('order_number', '<', before);
  const [rows, counted] = await Promise.all([query.execute(), store.db.selectFrom('orders').select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow()]);
  return { rows, total: Number(counted.total) };
}

/**
 * Deletes one order (a test order, a buyer who asked to be forgotten) with its review requests
 * and the reviews written through them (each review holds its request); how many orders went.
 */
export async function deleteOrder(store: Storage, orderNumber: number): Promise<number> {
  const order = await store.db.selectFrom('orders').select('id').where('order_number', '=', orderNumber).executeTakeFirst();
  if (!order) return 0;
  // A review being written through one of its requests finishes first (and goes with the
  // order), or finds the request gone: without the lock, a review stored in between made the
  // deletion fail on its reference.
  const requests = await store.db.selectFrom('review_requests').select('token').where('order_id', '=', order.id).execute();
  return lockedTransaction(store, requests.map(({ token }) => reviewLockKey(token)), async (trx) => {
    const tokens = trx.selectFrom('review_requests').select('token').where('order_id', '=', order.id);
    await trx.deleteFrom('reviews').where('request_token', 'in', tokens).execute();
    await trx.deleteFrom('review_requests').where('order_id', '=', order.id).execute();
    const { numDeletedRows } = await trx.deleteFrom('orders').where('id', '=', order.id).executeTakeFirst();
    return Number(numDeletedRows);
  });
}
