import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { AccessPermission, WebsiteRole, isViewerOnly } from '../../contract/model/roles';
import type { Db } from './db';
import { generatePassword, hashPassword, verifyPassword } from './security/passwords';

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

/**
 * Creates the account on first start; a password from the environment always wins, so that
 * changing OWNER_PASSWORD and restarting changes it.
 */
export async function seedAccount(db: Db, email: string, password: string | null, roles: number[], role: string): Promise<SeedResult> {
  const existing = db.prepare('SELECT * FROM accounts WHERE email = ?').get(email) as AccountRow | undefined;
  if (existing) {
    if (password) db.prepare('UPDATE accounts SET password_hash = ?, roles = ? WHERE id = ?').run(await hashPassword(password), JSON.stringify(roles), existing.id);
    return { email, role, generatedPassword: null, created: false };
  }
  const generated = password ? null : generatePassword();
  db.prepare('INSERT INTO accounts (id, email, password_hash, roles, created_at) VALUES (?, ?, ?, ?, ?)').run(
    randomUUID(),
    email,
    await hashPassword(password ?? generated!),
    JSON.stringify(roles),
    Date.now(),
  );
  return { email, role, generatedPassword: generated, created: true };
}

/**
 * Verifies against this when an email is unknown, so that the time taken does not tell which
 * emails exist (owner and member sign-in alike).
 */
export const TIMING_DUMMY_HASH = 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

export async function authenticate(db: Db, email: string, password: string): Promise<Account | null> {
  const row = db.prepare('SELECT * FROM accounts WHERE email = ?').get(email) as AccountRow | undefined;
  // Hash even for unknown emails so that timing does not tell which emails exist.
  const ok = await verifyPassword(password, row?.password_hash ?? TIMING_DUMMY_HASH);
  return row && ok ? toAccount(row) : null;
}

/** Sessions: the cookie holds a random token; the database holds only its hash. */
export const SESSION_COOKIE = 'site_session';
export const SESSION_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000;
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export function createSession(db: Db, accountId: string, now = Date.now()): string {
  const token = randomBytes(32).toString('base64url');
  db.prepare('INSERT INTO sessions (token_hash, account_id, created_at, expires_at) VALUES (?, ?, ?, ?)').run(hashToken(token), accountId, now, now + SESSION_LIFETIME_MS);
  db.prepare('DELETE FROM sessions WHERE expires_at < ?').run(now);
  return token;
}

export function sessionAccount(db: Db, token: string | undefined, now = Date.now()): Account | null {
  if (!token || token.length > 100) return null;
  const row = db
    .prepare('SELECT a.* FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE s.token_hash = ? AND s.expires_at > ?')
    .get(hashToken(token), now) as AccountRow | undefined;
  return row ? toAccount(row) : null;
}

export function endSession(db: Db, token: string | undefined): void {
  if (token) db.prepare('DELETE FROM sessions WHERE token_hash = ?').run(hashToken(token));
}
