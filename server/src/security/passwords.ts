import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCallback) as (password: string, salt: Buffer, keylen: number, options: object) => Promise<Buffer>;

/** scrypt parameters (N = 2^15): memory-hard against GPUs. */
export const PASSWORD_HASH_PARAMS = { N: 1 << 15, r: 8, p: 1 };
const MAX_MEMORY = 64 * 1024 * 1024;
const KEY_LENGTH = 32;
let cost = PASSWORD_HASH_PARAMS.N;

/**
 * The server's own tests hash at a lower cost (their setup file sets it): they hash and verify
 * over a thousand passwords. A hash records its cost, so one made at either verifies at either.
 */
export function setPasswordHashCostForTests(n: number): void {
  cost = n;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { r, p } = PASSWORD_HASH_PARAMS;
  const key = await scrypt(password, salt, KEY_LENGTH, { N: cost, r, p, maxmem: MAX_MEMORY });
  return `scrypt$${cost}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/**
 * What a sign-in for an unknown address verifies against, at the cost of a real hash, so that
 * the time taken does not tell which addresses exist (owner and member sign-in alike).
 */
export const timingDummyHash = (): string => `scrypt$${cost}$${PASSWORD_HASH_PARAMS.r}$${PASSWORD_HASH_PARAMS.p}$${'A'.repeat(22)}$${'A'.repeat(43)}`;

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAX_MEMORY,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export function generatePassword(): string {
  return randomBytes(12).toString('base64url');
}
