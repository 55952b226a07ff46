/**
 * Form submission keys (spec part 1: a key before each save): single use, an hour long. A key is
 * deleted when it is spent, and expired keys are dropped by the expiry index, so the table holds
 * only live keys and no call scans it.
 */
import { randomBytes } from 'node:crypto';
import type { Storage } from '../storage/open';

/** A submission key lives an hour and is good for one save call. */
export const FORM_KEY_LIFETIME_MS = 60 * 60 * 1000;

export async function mintFormKey(store: Storage, now = Date.now()): Promise<string> {
  const key = randomBytes(24).toString('base64url');
  await store.db.insertInto('form_keys').values({ key, created_at: now, expires_at: now + FORM_KEY_LIFETIME_MS, used_at: null }).execute();
  return key;
}

/** Spends a key: true once for a live key, false for a made-up, spent or expired one. */
export async function spendFormKey(store: Storage, key: string, now = Date.now()): Promise<boolean> {
  const result = await store.db.deleteFrom('form_keys').where('key', '=', key).where('expires_at', '>', now).executeTakeFirst();
  return result.numDeletedRows === 1n;
}

export async function dropExpiredFormKeys(store: Storage, now = Date.now()): Promise<void> {
  await store.db.deleteFrom('form_keys').where('expires_at', '<=', now).execute();
}
