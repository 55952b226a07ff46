/**
 * Site users (members who sign in to the published site, spec part 2 §7), apart from the
 * owner accounts: their own table, sessions and an XSRF token per session that later
 * site-user calls send as a header.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from './db';
import { TIMING_DUMMY_HASH, hashToken, type SeedResult } from './accounts';
import { generatePassword, hashPassword, verifyPassword } from './security/passwords';

export const MEMBER_SESSION_COOKIE = 'site_member';
export const XSRF_HEADER = 'x-siteuser-xsrf-token';
/** Without rememberMe the cookie ends with the browser; the session itself lasts a day. */
export const MEMBER_SESSION_MS = 24 * 60 * 60 * 1000;
export const REMEMBERED_SESSION_MS = 30 * 24 * 60 * 60 * 1000;

export interface SiteUser {
  id: string;
  email: string;
  xsrfToken: string;
}

export async function seedMember(db: Db, email: string, password: string | null): Promise<SeedResult> {
  const existing = db.prepare('SELECT id FROM site_users WHERE email = ?').get(email) as { id: string } | undefined;
  if (existing) {
    if (password) db.prepare('UPDATE site_users SET password_hash = ? WHERE id = ?').run(await hashPassword(password), existing.id);
    return { email, role: 'member (site user)', generatedPassword: null, created: false };
  }
  const generated = password ? null : generatePassword();
  db.prepare('INSERT INTO site_users (id, email, password_hash, created_at) VALUES (?, ?, ?, ?)').run(randomUUID(), email, await hashPassword(password ?? generated!), Date.now());
  return { email, role: 'member (site user)', generatedPassword: generated, created: true };
}

export async function authenticateMember(db: Db, email: string, password: string): Promise<{ id: string; email: string } | null> {
  const row = db.prepare('SELECT id, email, password_hash FROM site_users WHERE email = ?').get(email) as { id: string; email: string; password_hash: string } | undefined;
  const ok = await verifyPassword(password, row?.password_hash ?? TIMING_DUMMY_HASH);
  return row && ok ? { id: row.id, email: row.email } : null;
}

export function createMemberSession(db: Db, userId: string, lifetimeMs: number, now = Date.now()): { token: string; xsrfToken: string } {
  const token = randomBytes(32).toString('base64url');
  const xsrfToken = randomBytes(24).toString('base64url');
  db.prepare('INSERT INTO site_user_sessions (token_hash, user_id, xsrf_token, created_at, expires_at) VALUES (?, ?, ?, ?, ?)').run(hashToken(token), userId, xsrfToken, now, now + lifetimeMs);
  db.prepare('DELETE FROM site_user_sessions WHERE expires_at < ?').run(now);
  return { token, xsrfToken };
}

export function memberForSession(db: Db, token: string | undefined, now = Date.now()): SiteUser | null {
  if (!token || token.length > 100) return null;
  const row = db
    .prepare('SELECT u.id, u.email, s.xsrf_token FROM site_user_sessions s JOIN site_users u ON u.id = s.user_id WHERE s.token_hash = ? AND s.expires_at > ?')
    .get(hashToken(token), now) as { id: string; email: string; xsrf_token: string } | undefined;
  return row ? { id: row.id, email: row.email, xsrfToken: row.xsrf_token } : null;
}

export function endMemberSession(db: Db, token: string | undefined): void {
  if (token) db.prepare('DELETE FROM site_user_sessions WHERE token_hash = ?').run(hashToken(token));
}
