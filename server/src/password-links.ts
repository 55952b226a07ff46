/**
 * A password chosen from a mailed link, for site members and owner accounts alike: a random
 * token per link, kept as its SHA-256, good for a while and once. Using it sets the password,
 * spends every link of that person and ends their sessions (whoever asked for the link may be
 * the one who knew the old password).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { findAccount, hashToken } from './accounts';
import { findMember } from './members';
import { hashPassword } from './security/passwords';
import type { Executor } from './storage/locked';
import type { Storage } from './storage/open';

export const RESET_LIFETIME_MS = 60 * 60 * 1000;
/** A new member's first link (the owner added them): a week, since it may wait in an inbox. */
export const WELCOME_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** Whose links: the links' table, the column naming whose they are (the sessions' table names them the same), and where the passwords are. */
export interface PasswordLinkTables {
  links: 'member_password_resets' | 'account_password_resets';
  holder: 'user_id' | 'account_id';
  people: 'site_users' | 'accounts';
  sessions: 'site_user_sessions' | 'sessions';
  find(db: Executor, email: string): Promise<{ id: string; email: string } | undefined>;
}

export const MEMBER_LINKS: PasswordLinkTables = { links: 'member_password_resets', holder: 'user_id', people: 'site_users', sessions: 'site_user_sessions', find: findMember };
export const ACCOUNT_LINKS: PasswordLinkTables = { links: 'account_password_resets', holder: 'account_id', people: 'accounts', sessions: 'sessions', find: findAccount };

const usable = (token: string) => !!token && token.length <= 100;

/** A link for whoever has this address, in the transaction that queues its mail; null when no one has it. */
export async function createPasswordLink(trx: Executor, tables: PasswordLinkTables, email: string, lifetimeMs: number, now = Date.now()): Promise<{ token: string; email: string } | null> {
  const holder = await tables.find(trx, email);
  if (!holder) return null;
  const token = randomBytes(32).toString('base64url');
  await sql`insert into ${sql.table(tables.links)} (token_hash, ${sql.ref(tables.holder)}, created_at, expires_at) values (${hashToken(token)}, ${holder.id}, ${now}, ${now + lifetimeMs})`.execute(trx);
  return { token, email: holder.email };
}

/** Whose address the token may still set a password for (the page names it for password managers); null when it may not. */
export async function passwordLinkHolder(store: Storage, tables: PasswordLinkTables, token: string, now = Date.now()): Promise<string | null> {
  if (!usable(token)) return null;
  const found = await sql<{ email: string }>`select p.email from ${sql.table(tables.links)} l join ${sql.table(tables.people)} p on p.id = l.${sql.ref(tables.holder)} where l.token_hash = ${hashToken(token)} and l.expires_at > ${now}`.execute(store.db);
  return found.rows[0]?.email ?? null;
}

/** Every link of this person ends (a password set otherwise outranks them). */
export const endPasswordLinks = (db: Executor, tables: PasswordLinkTables, holderId: string) => sql`delete from ${sql.table(tables.links)} where ${sql.ref(tables.holder)} = ${holderId}`.execute(db);

/**
 * Sets the password from a valid token, spends it (and every other of that person's) and ends
 * their sessions, in one transaction: whose it was (for the log), or null for a token that is
 * not (or no longer) valid.
 */
export async function completePasswordLink(store: Storage, tables: PasswordLinkTables, token: string, password: string, now = Date.now()): Promise<{ id: string; email: string; endedSessions: number } | null> {
  if (!usable(token)) return null;
  const passwordHash = await hashPassword(password);
  return store.db.transaction().execute(async (trx) => {
    // Deleting it first is what spends it: of two uses at once, one deletes the row and the other finds none.
    const spent = await sql<{ holder: string }>`delete from ${sql.table(tables.links)} where token_hash = ${hashToken(token)} and expires_at > ${now} returning ${sql.ref(tables.holder)} as holder`.execute(trx);
    const id = spent.rows[0]?.holder;
    if (!id) return null;
    const changed = await sql<{ email: string }>`update ${sql.table(tables.people)} set password_hash = ${passwordHash} where id = ${id} returning email`.execute(trx);
    await endPasswordLinks(trx, tables, id);
    const ended = await sql`delete from ${sql.table(tables.sessions)} where ${sql.ref(tables.holder)} = ${id}`.execute(trx);
    return { id, email: changed.rows[0]?.email ?? id, endedSessions: Number(ended.numAffectedRows ?? 0) };
  });
}

export async function dropExpiredPasswordLinks(store: Storage, now = Date.now()): Promise<void> {
  for (const tables of [MEMBER_LINKS, ACCOUNT_LINKS]) await sql`delete from ${sql.table(tables.links)} where expires_at <= ${now}`.execute(store.db);
}
