/** The store's orders as the owner reads them: the newest first, a page at a time. */
import type { Storage } from '../storage/open';

/** The newest orders; with `before` (an order number), those placed before it (the next page). And how many there are in all. */
export async function latestOrders(store: Storage, limit: number, before?: number) {
  let query = store.db.selectFrom('orders').selectAll().orderBy('order_number', 'desc').limit(limit);
  if (before !== undefined) query = query.where('order_number', '<', before);
  const [rows, counted] = await Promise.all([query.execute(), store.db.selectFrom('orders').select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow()]);
  return { rows, total: Number(counted.total) };
}
