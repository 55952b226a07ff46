/**
 * The site's members as the owner keeps them: listed by address, added with a password the
 * server makes (shown to the owner once, to pass on), given a new one, or removed. A new
 * password or a removal ends the member's sessions, so that a lost or shared password stops
 * working at once.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { findMember } from '../members';
import { lockedTransaction } from '../storage/locked';
import type { Storage } from '../storage/open';
import { generatePassword, hashPassword } from '../security/passwords';

export interface MemberRow {
  id: string;
  email: string;
  created_at: number;
}

/** `text` as a LIKE pattern that matches it anywhere, its own `%`, `_` and `\\` taken literally. */
const containing = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * The first `limit` members by address whose address contains `find` (any case; every member
 * when it is empty), and how many there are in all: a site with thousands of members is not
 * sent whole to the owner's phone.
 */
export async function listMembers(store: Storage, { find = '', limit }: { find?: string; limit: number }): Promise<{ rows: MemberRow[]; total: number }> {
  const matching = store.db.selectFrom('site_users').$if(find !== '', (query) => query.where(sql<boolean>`lower(email) like ${containing(find)} escape '\\'`));
  const [rows, counted] = await Promise.all([
    matching.select(['id', 'email', 'created_at']).orderBy(sql`lower(email)`).orderBy('id').limit(limit).execute(),
    matching.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(counted.total) };
}

/** A new member with a password made here; null when the address is a member's already (any case). */
export async function addMember(store: Storage, email: string): Promise<string | null> {
  const password = generatePassword();
  const hash = await hashPassword(password);
  return lockedTransaction(store, [`member:${email.toLowerCase()}`], async (db) => {
    if (await findMember(db, email)) return null;
    await db.insertInto('site_users').values({ id: randomUUID(), email, password_hash: hash, created_at: Date.now() }).execute();
    return password;
  });
}

/** A new password for the member, their sessions and password links ended; null when no member has the address. */
export async function renewMemberPassword(store: Storage, email: string): Promise<{ email: string; password: string } | null> {
  const password = generatePassword();
  const hash = await hashPassword(password);
  return store.db.transaction().execute(async (db) => {
    const member = await findMember(db, email);
    if (!member) return null;
    await db.updateTable('site_users').set({ password_hash: hash }).where('id', '=', member.id).execute();
    await db.deleteFrom('site_user_sessions').where('user_id', '=', member.id).execute();
    // A link from before (asked for, or from when they were added) would set a password past the owner's.
    await db.deleteFrom('member_password_resets').where('user_id', '=', member.id).execute();
    return { email: member.email, password };
  });
}

/** Removes the member and ends their sessions; false when no member has the address. */
export async function removeMember(store: Storage, email: string): Promise<boolean> {
  return store.db.transaction().execute(async (db) => {
    const member = await findMember(db, email);
    if (!member) return false;
    await db.deleteFrom('site_user_sessions').where('user_id', '=', member.id).execute();
    await db.deleteFrom('site_users').where('id', '=', member.id).execute();
    return true;
  });
}
