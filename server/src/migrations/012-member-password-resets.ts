/**
 * A member's request for a new password (routes/member-password.ts): the link's token, kept
 * only as its SHA-256 (as sessions are), good for an hour and once.
 */
import type { Kysely, Migration } from 'kysely';

export const memberPasswordResets: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('member_password_resets')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('site_users.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('member_password_resets_expiry').on('member_password_resets').column('expires_at').execute();
  },
};
