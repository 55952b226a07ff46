/**
 * Site users (members who sign in to the published site, spec part 2 §7), apart from the
 * owner accounts: their own table, sessions and an XSRF token per session that later
 * site-user calls send as a header.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Storage } from './storage/open';
import { hashToken, seedSignIn, type SeedResult } from './accounts';
import type { Executor } from './storage/locked';
import { timingDummyHash, verifyPassword } from './security/passwords';

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

/** A member by address, in any case. */
export const findMember = (db: Executor, email: string) =>
  db.selectFrom('site_users').select(['id', 'email', 'password_hash']).where(sql`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();

export const seedMember = (store: Storage, email: string, password: string | null): Promise<SeedResult> =>
  seedSignIn(
    store,
    {
      find: findMember,
      insert: (db, address, passwordHash) => db.insertInto('site_users').values({ id: randomUUID(), email: address, password_hash: passwordHash, created_at: Date.now() }).execute(),
      setPassword: (db, id, passwordHash) => db.updateTable('site_users').set({ password_hash: passwordHash }).where('id', '=', id).execute(),
    },
    email,
    password,
    'member (site user)',
  );

export async function authenticateMember(store: Storage, email: string, password: string): Promise<{ id: string; email: string } | null> {
  const row = await findMember(store.db, email);
  const ok = await verifyPassword(password, row?.password_hash ?? timingDummyHash());
  return row && ok ? { id: row.id, email: row.email } : null;
}

export async function createMemberSession(store: Storage, userId: string, lifetimeMs: number, now = Date.now()): Promise<{ token: string; xsrfToken: string }> {
  const token = randomBytes(32).toString('base64url');
  const xsrfToken = randomBytes(24).toString('base64url');
  await store.db.insertInto('site_user_sessions').values({ token_hash: hashToken(token), user_id: userId, xsrf_token: xsrfToken, created_at: now, expires_at: now + lifetimeMs }).execute();
  await store.db.deleteFrom('site_user_sessions').where('expires_at', '<', now).execute();
  return { token, xsrfToken };
}

export async function memberForSession(store: Storage, token: string | undefined, now = Date.now()): Promise<SiteUser | null> {
  if (!token || token.length > 100) return null;
  const row = await store.db
    .selectFrom('site_user_sessions as s')
    .innerJoin('site_users as u', 'u.id', 's.user_id')
    .select(['u.id', 'u.email', 's.xsrf_token'])
    .where('s.token_hash', '=', hashToken(token))
    .where('s.expires_at', '>', now)
    .executeTakeFirst();
  return row ? { id: row.id, email: row.email, xsrfToken: row.xsrf_token } : null;
}

export async function endMemberSession(store: Storage, token: string | undefined): Promise<void> {
  if (token) await store.db.deleteFrom('site_user_sessions').where('token_hash', '=', hashToken(token)).execute();
}
