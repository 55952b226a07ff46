/**
 * The owner app's Sales sums the orders placed in a range of days: an index on when each
 * order was placed finds them without reading every order the store ever took.
 */
import type { Kysely, Migration } from 'kysely';

export const orderTimes: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.createIndex('orders_created_at').on('orders').column('created_at').execute();
  },
};
