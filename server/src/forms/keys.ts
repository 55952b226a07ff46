/**
 * Form submission keys (spec part 1: a key before each save): single use, an hour long. A key is
 * deleted when it is spent, and expired keys are dropped by the expiry index, so the table holds
 * only live keys and no call scans it.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../db';

/** A submission key lives an hour and is good for one save call. */
export const FORM_KEY_LIFETIME_MS = 60 * 60 * 1000;

export function mintFormKey(db: Db, now = Date.now()): string {
  const key = randomBytes(24).toString('base64url');
  db.prepare('INSERT INTO form_keys (key, created_at, expires_at) VALUES (?, ?, ?)').run(key, now, now + FORM_KEY_LIFETIME_MS);
  return key;
}

/** Spends a key: true once for a live key, false for a made-up, spent or expired one. */
export function spendFormKey(db: Db, key: string, now = Date.now()): boolean {
  return db.prepare('DELETE FROM form_keys WHERE key = ? AND expires_at > ?').run(key, now).changes === 1;
}

export function dropExpiredFormKeys(db: Db, now = Date.now()): void {
  db.prepare('DELETE FROM form_keys WHERE expires_at <= ?').run(now);
}
