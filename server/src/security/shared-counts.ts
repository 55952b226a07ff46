/**
 * Requests per address and clock minute, counted alike by every instance on the database (the
 * house rule: several instances behave as one). Each instance counts a request at once, in
 * memory, so that a flood is refused without a database round trip per request; every
 * SHARE_EVERY_MS it adds what it counted to the address's row in `limit_counters` and learns the
 * sum of every instance's. An instance may therefore let through about a second's more than the
 * limit; N instances never let through N times the limit. A @fastify/rate-limit store.
 */
import { sql } from 'kysely';
import type { Storage } from '../storage/open';

/** How often an instance adds its counts to the database's and reads the sums back. */
export const SHARE_EVERY_MS = 1000;
/** Rows written in one statement. */
const ROWS_PER_STATEMENT = 500;
/** The row a count lives in: its address and the minute it counts. */
export const sharedCountKey = (address: string, windowStart: number) => `visitor-data:${address}:${windowStart}`;

interface Count {
  windowStart: number;
  /** Counted here since the last share. */
  unshared: number;
  /** Every instance's count as the database last answered it (this one's shared counts included). */
  everywhere: number;
}

type Answer = (error: Error | null, result: { current: number; ttl: number }) => void;

export interface SharedCounts {
  incr(address: string, answer: Answer, windowMs: number): void;
  child(): SharedCounts;
  /** Adds this instance's counts to the database's; resolves when done (a failure keeps them for the next try). */
  share(): Promise<void>;
  stop(): void;
}

/**
 * `addressesKept` bounds the addresses held at once (the least recent is forgotten first);
 * `onShareFailed` hears a failed share once, until one succeeds again.
 */
export function createSharedCounts(store: Storage, windowMs: number, addressesKept: number, onShareFailed: (error: unknown) => void): SharedCounts {
  const counts = new Map<string, Count>();
  let failing = false;
  let sharing: Promise<void> | null = null;

  const share = async () => {
    const now = Date.now();
    const due = [...counts].filter(([, count]) => count.unshared > 0 && count.windowStart + windowMs > now);
    if (due.length === 0) return;
    const sent = due.map(([address, count]) => {
      const entry = { address, count, unshared: count.unshared };
      count.unshared = 0;
      return entry;
    });
    let written = 0;
    try {
      for (; written < sent.length; written += ROWS_PER_STATEMENT) {
        const part = sent.slice(written, written + ROWS_PER_STATEMENT);
        const sums = await store.db
          .insertInto('limit_counters')
          .values(part.map(({ address, count, unshared }) => ({ key: sharedCountKey(address, count.windowStart), count: unshared, locked_until: 0, expires_at: count.windowStart + 2 * windowMs })))
          .onConflict((conflict) => conflict.column('key').doUpdateSet({ count: sql<number>`limit_counters.count + excluded.count` }))
          .returning(['key', 'count'])
          .execute();
        const byKey = new Map(sums.map((row) => [row.key, Number(row.count)]));
        for (const { address, count } of part) count.everywhere = byKey.get(sharedCountKey(address, count.windowStart)) ?? count.everywhere;
      }
      failing = false;
    } catch (error) {
      // What was not written is counted again at the next share; meanwhile each instance still counts on its own.
      for (const { count, unshared } of sent.slice(written)) count.unshared += unshared;
      if (!failing) onShareFailed(error);
      failing = true;
    }
  };
  const shareOnce = () => (sharing ??= share().finally(() => (sharing = null)));

  const timer = setInterval(shareOnce, SHARE_EVERY_MS);
  timer.unref();

  const counter: SharedCounts = {
    incr(address, answer, window) {
      const now = Date.now();
      const windowStart = now - (now % window);
      let count = counts.get(address);
      if (!count) {
        if (counts.size >= addressesKept) counts.delete(counts.keys().next().value!);
        count = { windowStart, unshared: 0, everywhere: 0 };
      } else if (count.windowStart !== windowStart) count = { windowStart, unshared: 0, everywhere: 0 };
      // Most recent last, so that the first is the one to forget.
      counts.delete(address);
      counts.set(address, count);
      count.unshared++;
      answer(null, { current: count.everywhere + count.unshared, ttl: windowStart + window - now });
    },
    child: () => counter,
    share: shareOnce,
    stop: () => clearInterval(timer),
  };
  return counter;
}
