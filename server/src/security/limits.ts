/**
 * Counters that limit how often something may happen (sign-in failures, form submissions, form
 * keys), kept in the database so that every instance on it counts alike and a restart forgets
 * nothing. Each check and count is one transaction: concurrent requests cannot all pass a check
 * that only the first of them should.
 */
import type { Db } from '../db';

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

const read = (db: Db, key: string, now: number): CounterRow | null => {
  const row = db.prepare('SELECT count, locked_until, expires_at FROM limit_counters WHERE key = ?').get(key) as CounterRow | undefined;
  return row && row.expires_at > now ? row : null;
};

const write = (db: Db, key: string, row: CounterRow) =>
  db
    .prepare(
      'INSERT INTO limit_counters (key, count, locked_until, expires_at) VALUES (?, ?, ?, ?) ON CONFLICT (key) DO UPDATE SET count = excluded.count, locked_until = excluded.locked_until, expires_at = excluded.expires_at',
    )
    .run(key, row.count, row.locked_until, row.expires_at);

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
export function claimAttempt(db: Db, keys: Array<{ key: string; policy: Backoff }>, now = Date.now()): Refusal | null {
  return db
    .transaction((): Refusal | null => {
      const rows = keys.map(({ key }) => read(db, key, now));
      const waits = rows.map((row) => (row ? row.locked_until - now : 0));
      const wait = Math.max(0, ...waits);
      if (wait > 0) return { retryAfterMs: wait };
      keys.forEach(({ key, policy }, index) => {
        const count = (rows[index]?.count ?? 0) + 1;
        const delay = backoffDelay(policy, count);
        write(db, key, { count, locked_until: delay ? now + delay : 0, expires_at: now + Math.max(policy.forgetAfterMs, delay) });
      });
      return null;
    })
    .immediate();
}

/** Forgets every failure under `key` (the account's own successful sign-in). */
export function forgive(db: Db, key: string): void {
  db.prepare('DELETE FROM limit_counters WHERE key = ?').run(key);
}

/** Takes back one claimed attempt that turned out a success (another account's failures stay). */
export function giveBack(db: Db, key: string, policy: Backoff, now = Date.now()): void {
  db.transaction(() => {
    const row = read(db, key, now);
    if (!row) return;
    const count = row.count - 1;
    if (count <= 0) return forgive(db, key);
    const delay = backoffDelay(policy, count);
    write(db, key, { count, locked_until: delay ? row.locked_until : 0, expires_at: row.expires_at });
  }).immediate();
}

/**
 * A fixed window of `windowMs`: passes while fewer than `limit` were counted under every key in
 * it, and counts this one under each (all or none). Refused: how long until the fullest window
 * ends.
 */
export function takeFromWindows(db: Db, keys: Array<{ key: string; limit: number }>, windowMs: number, now = Date.now()): Refusal | null {
  return db
    .transaction((): Refusal | null => {
      const refused = windowsFull(db, keys, now);
      if (refused) return refused;
      keys.forEach(({ key }) => {
        const row = read(db, key, now);
        write(db, key, row ? { ...row, count: row.count + 1 } : { count: 1, locked_until: 0, expires_at: now + windowMs });
      });
      return null;
    })
    .immediate();
}

/** Would `takeFromWindows` refuse? (Checked before work that should not be done in vain.) */
export function windowsFull(db: Db, keys: Array<{ key: string; limit: number }>, now = Date.now()): Refusal | null {
  const full = keys.map(({ key, limit }) => ({ row: read(db, key, now), limit })).filter(({ row, limit }) => !!row && row.count >= limit);
  return full.length > 0 ? { retryAfterMs: Math.max(...full.map(({ row }) => row!.expires_at - now)) } : null;
}

/** Drops counters whose time is over (by the expiry index, never a scan). */
export function dropExpiredCounters(db: Db, now = Date.now()): void {
  db.prepare('DELETE FROM limit_counters WHERE expires_at <= ?').run(now);
}

/** The Retry-After header's value: whole seconds, at least one. */
export const retryAfterSeconds = (refusal: Refusal) => String(Math.max(1, Math.ceil(refusal.retryAfterMs / 1000)));
