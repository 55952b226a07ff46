/**
 * Counters that limit how often something may happen (sign-in failures, form submissions, form
 * keys), kept in the database so that every instance on it counts alike and a restart forgets
 * nothing. Each check and count is one transaction: concurrent requests cannot all pass a check
 * that only the first of them should.
 */
import { lockedTransaction, type Executor } from '../storage/locked';
import type { Storage } from '../storage/open';

/** The window the per-address limits of forms, form keys and orders count in. */
export const FORM_RATE_WINDOW_MS = 10 * 60 * 1000;

/** Answered when a limit holds: how long until the next try may pass. */
export interface Refusal {
  retryAfterMs: number;
}

/**
 * Failures under one key: the first `free` pass at once; from then on each further try waits
 * `firstDelayMs`, doubling per failure up to `maxDelayMs`. The count is forgotten
 * `forgetAfterMs` after the last failure.
 */
export interface Backoff {
  free: number;
  firstDelayMs: number;
  maxDelayMs: number;
  forgetAfterMs: number;
}

interface CounterRow {
  count: number;
  locked_until: number;
  expires_at: number;
}

const read = async (db: Executor, key: string, now: number): Promise<CounterRow | null> => {
  const row = await db.selectFrom('limit_counters').select(['count', 'locked_until', 'expires_at']).where('key', '=', key).executeTakeFirst();
  return row && row.expires_at > now ? row : null;
};

const write = (db: Executor, key: string, row: CounterRow) =>
  db
    .insertInto('limit_counters')
    .values({ key, ...row })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ count: row.count, locked_until: row.locked_until, expires_at: row.expires_at }))
    .execute();

/** The wait after `failures` failures under `policy` (0 while they are free). */
export function backoffDelay(policy: Backoff, failures: number): number {
  if (failures < policy.free) return 0;
  return Math.min(policy.firstDelayMs * 2 ** Math.min(failures - policy.free, 30), policy.maxDelayMs);
}

/**
 * Counts one attempt as a failure under every key at once, before its outcome is known, unless
 * a key is waiting out its backoff (then nothing is counted). A success takes it back with
 * `forgive` or `giveBack`.
 */
export function claimAttempt(store: Storage, keys: Array<{ key: string; policy: Backoff }>, now = Date.now()): Promise<Refusal | null> {
  return lockedTransaction(store, keys.map(({ key }) => key), async (trx) => {
    const rows = await Promise.all(keys.map(({ key }) => read(trx, key, now)));
    const wait = Math.max(0, ...rows.map((row) => (row ? row.locked_until - now : 0)));
    if (wait > 0) return { retryAfterMs: wait };
    for (const [index, { key, policy }] of keys.entries()) {
      const count = (rows[index]?.count ?? 0) + 1;
      const delay = backoffDelay(policy, count);
      await write(trx, key, { count, locked_until: delay ? now + delay : 0, expires_at: now + Math.max(policy.forgetAfterMs, delay) });
    }
    return null;
  });
}

/** Forgets every failure under `key` (the account's own successful sign-in). */
export async function forgive(store: Storage, key: string): Promise<void> {
  await store.db.deleteFrom('limit_counters').where('key', '=', key).execute();
}

/** Takes back one claimed attempt that turned out a success (another account's failures stay). */
export function giveBack(store: Storage, key: string, policy: Backoff, now = Date.now()): Promise<void> {
  return lockedTransaction(store, [key], async (trx) => {
    const row = await read(trx, key, now);
    if (!row) return;
    const count = row.count - 1;
    if (count <= 0) {
      await trx.deleteFrom('limit_counters').where('key', '=', key).execute();
      return;
    }
    const delay = backoffDelay(policy, count);
    await write(trx, key, { count, locked_until: delay ? row.locked_until : 0, expires_at: row.expires_at });
  });
}

/**
 * A fixed window of `windowMs`: passes while fewer than `limit` were counted under every key in
 * it, and counts this one under each (all or none). Refused: how long until the fullest window
 * ends.
 */
export function takeFromWindows(store: Storage, keys: Array<{ key: string; limit: number }>, windowMs: number, now = Date.now()): Promise<Refusal | null> {
  return lockedTransaction(store, keys.map(({ key }) => key), (trx) => takeFromWindowsIn(trx, keys, windowMs, now));
}

/** `takeFromWindows` inside a transaction that already holds the keys' locks (with the work it counts). */
export async function takeFromWindowsIn(trx: Executor, keys: Array<{ key: string; limit: number }>, windowMs: number, now = Date.now()): Promise<Refusal | null> {
  const refused = await fullWindows(trx, keys, now);
  if (refused) return refused;
  for (const { key } of keys) {
    const row = await read(trx, key, now);
    await write(trx, key, row ? { ...row, count: row.count + 1 } : { count: 1, locked_until: 0, expires_at: now + windowMs });
  }
  return null;
}

async function fullWindows(db: Executor, keys: Array<{ key: string; limit: number }>, now: number): Promise<Refusal | null> {
  const rows = await Promise.all(keys.map(async ({ key, limit }) => ({ row: await read(db, key, now), limit })));
  const full = rows.filter(({ row, limit }) => !!row && row.count >= limit);
  return full.length > 0 ? { retryAfterMs: Math.max(...full.map(({ row }) => row!.expires_at - now)) } : null;
}

/** Would `takeFromWindows` refuse? (Checked before work that should not be done in vain.) */
export function windowsFull(store: Storage, keys: Array<{ key: string; limit: number }>, now = Date.now()): Promise<Refusal | null> {
  return fullWindows(store.db, keys, now);
}

/**
 * Records `key` until `expiresAt`: true the first time, false while it stands (one statement,
 * so two instances recording the same key at once cannot both get true).
 */
export async function recordOnce(store: Storage, key: string, expiresAt: number): Promise<boolean> {
  const result = await store.db
    .insertInto('limit_counters')
    .values({ key, count: 1, locked_until: 0, expires_at: expiresAt })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Drops counters whose time is over (by the expiry index, never a scan). */
export async function dropExpiredCounters(store: Storage, now = Date.now()): Promise<void> {
  await store.db.deleteFrom('limit_counters').where('expires_at', '<=', now).execute();
}

/** The Retry-After header's value: whole seconds, at least one. */
export const retryAfterSeconds = (refusal: Refusal) => String(Math.max(1, Math.ceil(refusal.retryAfterMs / 1000)));
