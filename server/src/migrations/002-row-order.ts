/**
 * Rows listed in the order they were added had that order from SQLite's rowid, which
 * PostgreSQL has not: cart lines and an order's review requests get a column of their own.
 */
import type { Kysely, Migration } from 'kysely';

export const rowOrder: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('cart_entries').addColumn('added_at', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('review_requests').addColumn('position', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  },
};
