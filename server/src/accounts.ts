import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { AccessPermission, WebsiteRole, isViewerOnly } from '../../contract/model/roles';
import { sql } from 'kysely';
import type { Storage } from './storage/open';
import { lockedTransaction, type Executor } from './storage/locked';
import { generatePassword, hashPassword, timingDummyHash, verifyPassword } from './security/passwords';
import { readSetting, writeSetting } from './repositories/settings';

export interface Account {
  id: string;
  email: string;
  roles: number[];
}

/** Owner data (CONTRACT §5) needs ADMIN; /config/ admits anyone but viewer-only accounts. */
export const canOpenConfig = (account: Account | null) => !!account && !isViewerOnly(account.roles);
export const isAdmin = (account: Account | null) => !!account && account.roles.includes(WebsiteRole.ADMIN);

export function accessPermissionsFor(account: Account): number[] {
  if (isAdmin(account)) return [AccessPermission.CONFIG, AccessPermission.ADMIN];
  if (canOpenConfig(account)) return [AccessPermission.CONFIG];
  return [AccessPermission.AUTHENTICATED_WITHOUT_SITE_PERMISSIONS];
}

interface AccountRow {
  id: string;
  email: string;
  password_hash: string;
  roles: string;
}
const toAccount = (row: AccountRow): Account => ({ id: row.id, email: row.email, roles: JSON.parse(row.roles) as number[] });

/** What the start banner says about a seeded account. */
export interface SeedResult {
  email: string;
  role: string;
  /** Set only when the server generated the password just now. */
  generatedPassword: string | null;
  created: boolean;
}

/** How a seeded sign-in's table is read and written (owner accounts, site members). */
export interface SeedTable {
  find(db: Executor, email: string): Promise<{ id: string } | undefined>;
  insert(db: Executor, email: string, passwordHash: string): Promise<unknown>;
  setPassword(db: Executor, id: string, passwordHash: string): Promise<unknown>;
}

/** How many passwords from the environment are remembered as set already (see seedSignIn). */
export const SEEDED_PASSWORDS_KEPT = 5;

/**
 * Creates a sign-in on first start. A password from the environment is set when it is new: not
 * one of the last few set from it (their hashes kept as settings `seeded-password:…`). So
 * changing it and restarting changes it, while a password its owner has chosen since (the
 * owner app's Account, a mailed link) outlives restarts with the same environment, and an
 * instance restarted late in a rolling change, still with the old value, does not set the old
 * password again. Instances that start at once on a new database make it once: the check and
 * the insert hold one lock (storage/locked.ts).
 */
export async function seedSignIn(store: Storage, table: SeedTable, email: string, password: string | null, role: string): Promise<SeedResult> {
  const appliedKey = `seeded-password:${role}:${email.toLowerCase()}`;
  const existing = await table.find(store.db, email);
  if (existing) {
    if (password) {
      const applied = await appliedPasswords(store, appliedKey);
      if (!(await isOneOf(password, applied))) {
        const hash = await hashPassword(password);
        await table.setPassword(store.db, existing.id, hash);
        await writeSetting(store, appliedKey, JSON.stringify([hash, ...applied].slice(0, SEEDED_PASSWORDS_KEPT)));
      }
    }
    return { email, role, generatedPassword: null, created: false };
  }
  const generated = password ? null : generatePassword();
  const hash = await hashPassword(password ?? generated!);
  const created = await lockedTransaction(store, [`seed:${role}:${email.toLowerCase()}`], async (db) => {
    const made = await table.find(db, email);
    if (made) {
      if (password) await table.setPassword(db, made.id, hash);
    } else {
      await table.insert(db, email, hash);
    }
    if (password) await writeSetting({ db }, appliedKey, JSON.stringify([hash]));
    return !made;
  });
  return { email, role, generatedPassword: created ? generated : null, created };
}

/** The hashes of the passwords set from the environment, newest first (one bare hash before there was a list). */
async function appliedPasswords(store: Storage, key: string): Promise<string[]> {
  const value = await readSetting(store, key);
  if (value === null) return [];
  if (!value.startsWith('[')) return [value];
  try {
    const list: unknown = JSON.parse(value);
    return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

async function isOneOf(password: string, hashes: string[]): Promise<boolean> {
  for (const hash of hashes) if (await verifyPassword(password, hash)) return true;
  return false;
}

/** A new password for the account, chosen by its owner; every other session of theirs ends (the one they are in stays). */
export async function changeAccountPassword(store: Storage, accountId: string, password: string, keepSessionToken: string | undefined): Promise<number> {
  const hash = await hashPassword(password);
  return store.db.transaction().execute(async (db) => {
    await db.updateTable('accounts').set({ password_hash: hash }).where('id', '=', accountId).execute();
    // A mailed link asked for before would set a password past this one.
    await db.deleteFrom('account_password_resets').where('account_id', '=', accountId).execute();
    let others = db.deleteFrom('sessions').where('account_id', '=', accountId);
    if (keepSessionToken) others = others.where('token_hash', '!=', hashToken(keepSessionToken));
    return Number((await others.executeTakeFirst()).numDeletedRows);
  });
}

/** E-mail addresses are compared without case, on either engine. */
export const findAccount = (db: Executor, email: string) => db.selectFrom('accounts').selectAll().where(sql`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();

/** The owner's and the viewer's accounts. */
export const seedAccount = (store: Storage, email: string, password: string | null, roles: number[], role: string): Promise<SeedResult> =>
  seedSignIn(
    store,
    {
      find: findAccount,
      insert: (db, address, passwordHash) => db.insertInto('accounts').values({ id: randomUUID(), email: address, password_hash: passwordHash, roles: JSON.stringify(roles), created_at: Date.now() }).execute(),
      setPassword: (db, id, passwordHash) => db.updateTable('accounts').set({ password_hash: passwordHash, roles: JSON.stringify(roles) }).where('id', '=', id).execute(),
    },
    email,
    password,
    role,
  );

export async function authenticate(store: Storage, email: string, password: string): Promise<Account | null> {
  const row = await findAccount(store.db, email);
  // Hash even for unknown emails so that timing does not tell which emails exist.
  const ok = await verifyPassword(password, row?.password_hash ?? timingDummyHash());
  return row && ok ? toAccount(row) : null;
}

/** Sessions: the cookie holds a random token; the database holds only its hash. */
export const SESSION_COOKIE = 'site_session';
export const SESSION_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000;
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export async function createSession(store: Storage, accountId: string, now = Date.now()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await store.db.insertInto('sessions').values({ token_hash: hashToken(token), account_id: accountId, created_at: now, expires_at: now + SESSION_LIFETIME_MS }).execute();
  await store.db.deleteFrom('sessions').where('expires_at', '<', now).execute();
  return token;
}

export async function sessionAccount(store: Storage, token: string | undefined, now = Date.now()): Promise<Account | null> {
  if (!token || token.length > 100) return null;
  const row = await store.db
    .selectFrom('sessions as s')
    .innerJoin('accounts as a', 'a.id', 's.account_id')
    .select(['a.id', 'a.email', 'a.password_hash', 'a.roles'])
    .where('s.token_hash', '=', hashToken(token))
    .where('s.expires_at', '>', now)
    .executeTakeFirst();
  return row ? toAccount(row) : null;
}

export async function endSession(store: Storage, token: string | undefined): Promise<void> {
  if (token) await store.db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
}
