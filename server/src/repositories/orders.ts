/** The store's orders as the owner reads and deletes them: the newest first, a page at a time. */
import type { Storage } from '../storage/open';

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
  return store.db.transaction().execute(async (trx) => {
    const order = await trx.selectFrom('orders').select('id').where('order_number', '=', orderNumber).executeTakeFirst();
    if (!order) return 0;
    const requests = trx.selectFrom('review_requests').select('token').where('order_id', '=', order.id);
    await trx.deleteFrom('reviews').where('request_token', 'in', requests).execute();
    await trx.deleteFrom('review_requests').where('order_id', '=', order.id).execute();
    await trx.deleteFrom('orders').where('id', '=', order.id).execute();
    return 1;
  });
}
