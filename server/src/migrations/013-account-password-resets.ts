/**
 * An owner account's request for a new password by mail (routes/owner-password-reset.ts): as
 * members' (012), the link's token kept only as its SHA-256, good for an hour and once.
 */
import type { Kysely, Migration } from 'kysely';

export const accountPasswordResets: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('account_password_resets')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('account_password_resets_expiry').on('account_password_resets').column('expires_at').execute();
  },
};
