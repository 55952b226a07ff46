/**
 * A member's new password by mail: a random token per request, kept as its SHA-256, good for
 * an hour and once. Using it sets the password and ends every session of that member (whoever
 * asked for the reset may be the one who knew the old password).
 */
import { randomBytes } from 'node:crypto';
import { hashToken } from './accounts';
import { findMember } from './members';
import { hashPassword } from './security/passwords';
import type { Executor } from './storage/locked';
import type { Storage } from './storage/open';

export const RESET_LIFETIME_MS = 60 * 60 * 1000;
/** A new member's first link (the owner added them): a week, since it may wait in an inbox. */
export const WELCOME_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
export const MEMBER_PASSWORD_MIN = 8;
export const MEMBER_PASSWORD_MAX = 1024;

/** A reset for the member with this address, in the transaction that queues its mail; null when there is no such member. */
export async function createPasswordReset(trx: Executor, email: string, now = Date.now(), lifetimeMs = RESET_LIFETIME_MS): Promise<{ token: string; email: string } | null> {
  const member = await findMember(trx, email);
  if (!member) return null;
  const token = randomBytes(32).toString('base64url');
  await trx.insertInto('member_password_resets').values({ token_hash: hashToken(token), user_id: member.id, created_at: now, expires_at: now + lifetimeMs }).execute();
  return { token, email: member.email };
}

/** Whether the token may still set a password. */
export async function resetIsValid(store: Storage, token: string, now = Date.now()): Promise<boolean> {
  if (!token || token.length > 100) return false;
  const row = await store.db.selectFrom('member_password_resets').select('user_id').where('token_hash', '=', hashToken(token)).where('expires_at', '>', now).executeTakeFirst();
  return !!row;
}

/**
 * Sets the member's password from a valid token, spends it (and every other of theirs) and
 * ends their sessions, in one transaction; false for a token that is not (or no longer) valid.
 */
export async function completePasswordReset(store: Storage, token: string, password: string, now = Date.now()): Promise<boolean> {
  if (!token || token.length > 100) return false;
  const passwordHash = await hashPassword(password);
  return store.db.transaction().execute(async (trx) => {
    // Deleting it first is what spends it: of two uses at once, one deletes the row and the other finds none.
    const spent = await trx.deleteFrom('member_password_resets').where('token_hash', '=', hashToken(token)).where('expires_at', '>', now).returning('user_id').executeTakeFirst();
    if (!spent) return false;
    await trx.updateTable('site_users').set({ password_hash: passwordHash }).where('id', '=', spent.user_id).execute();
    await trx.deleteFrom('member_password_resets').where('user_id', '=', spent.user_id).execute();
    await trx.deleteFrom('site_user_sessions').where('user_id', '=', spent.user_id).execute();
    return true;
  });
}

export async function dropExpiredPasswordResets(store: Storage, now = Date.now()): Promise<void> {
  await store.db.deleteFrom('member_password_resets').where('expires_at', '<=', now).execute();
}
