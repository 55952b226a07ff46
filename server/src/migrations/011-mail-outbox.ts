/**
 * The mail outbox (mail/outbox.ts): a notice (to the owner, or a buyer's receipt) is a row
 * written in the transaction that stores what it tells of (a submission, an order), so that no notice is sent for something that was
 * not stored and none is lost when the mail server is away. Each instance's sender claims the
 * oldest one due (PostgreSQL: FOR UPDATE SKIP LOCKED); a sent notice is deleted.
 */
import type { Kysely, Migration } from 'kysely';

export const mailOutbox: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('mail_outbox')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('to_address', 'text')
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('reply_to', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('due_at', 'bigint', (c) => c.notNull())
      .addColumn('worker', 'text')
      .addColumn('claimed_at', 'bigint')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('mail_outbox_due').on('mail_outbox').columns(['status', 'due_at']).execute();
  },
};
