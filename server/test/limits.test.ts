import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../src/db';
import { openStorage } from '../src/storage/open';
import { FORM_KEY_LIFETIME_MS, dropExpiredFormKeys, mintFormKey, spendFormKey } from '../src/forms/keys';
import { backoffDelay, claimAttempt, dropExpiredCounters, forgive, giveBack, takeFromWindows, type Backoff } from '../src/security/limits';

const dir = mkdtempSync(path.join(tmpdir(), 'tessera-limits-'));
const storage = await openStorage({ dataDir: dir });
const db: Db = storage.sqlite!;
afterAll(async () => {
  await storage.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => void db.prepare('DELETE FROM limit_counters').run());

const POLICY: Backoff = { free: 3, firstDelayMs: 1000, maxDelayMs: 8000, forgetAfterMs: 60_000 };
const T0 = 1_000_000;

describe('backoff', () => {
  it('is free for the first failures, then doubles from the first delay up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 40].map((failures) => backoffDelay(POLICY, failures))).toEqual([0, 0, 1000, 2000, 4000, 8000, 8000, 8000]);
  });

  it('refuses while waiting (counting nothing), then lets one more try through', () => {
    const key = [{ key: 'a', policy: POLICY }];
    expect([claimAttempt(db, key, T0), claimAttempt(db, key, T0), claimAttempt(db, key, T0)]).toEqual([null, null, null]);
    expect(claimAttempt(db, key, T0 + 999)).toEqual({ retryAfterMs: 1 });
    expect(claimAttempt(db, key, T0 + 1000)).toBeNull();
    expect(claimAttempt(db, key, T0 + 2999)).toEqual({ retryAfterMs: 1 });
    expect(claimAttempt(db, key, T0 + 3000)).toBeNull();
  });

  it('claims under every key or none', () => {
    const keys = [{ key: 'account', policy: POLICY }, { key: 'address', policy: { ...POLICY, free: 100 } }];
    for (let i = 0; i < 3; i += 1) claimAttempt(db, keys, T0);
    expect(claimAttempt(db, keys, T0)).not.toBeNull();
    const address = db.prepare("SELECT count FROM limit_counters WHERE key = 'address'").get() as { count: number };
    expect(address.count).toBe(3);
  });

  it('forgets failures after a quiet spell, on forgive, and one at a time on giveBack', () => {
    const key = [{ key: 'b', policy: POLICY }];
    for (let i = 0; i < 3; i += 1) claimAttempt(db, key, T0);
    expect(claimAttempt(db, key, T0 + 60_001)).toBeNull(); // forgotten: a first failure again
    forgive(db, 'b');
    for (let i = 0; i < 3; i += 1) claimAttempt(db, key, T0);
    giveBack(db, 'b', POLICY, T0);
    expect(claimAttempt(db, key, T0)).toBeNull(); // the third is free again
  });
});

describe('fixed windows', () => {
  it('pass up to the limit under every key and say when the fullest window ends', () => {
    const keys = [{ key: 'visitor', limit: 2 }, { key: 'address', limit: 3 }];
    expect([takeFromWindows(db, keys, 10_000, T0), takeFromWindows(db, keys, 10_000, T0 + 10)]).toEqual([null, null]);
    expect(takeFromWindows(db, keys, 10_000, T0 + 20)).toEqual({ retryAfterMs: 9980 });
    expect(takeFromWindows(db, [{ key: 'address', limit: 3 }], 10_000, T0 + 30)).toBeNull();
    expect(takeFromWindows(db, [{ key: 'address', limit: 3 }], 10_000, T0 + 40)).toEqual({ retryAfterMs: 9960 });
    expect(takeFromWindows(db, keys, 10_000, T0 + 10_000)).toBeNull(); // a new window
  });

  it('expired counters are dropped', () => {
    takeFromWindows(db, [{ key: 'old', limit: 1 }], 1000, T0);
    takeFromWindows(db, [{ key: 'new', limit: 1 }], 5000, T0);
    dropExpiredCounters(db, T0 + 1000);
    expect(db.prepare('SELECT key FROM limit_counters').all()).toEqual([{ key: 'new' }]);
  });
});

describe('form keys', () => {
  it('are spent once, refused when expired, and dropped by the expiry index', () => {
    const live = mintFormKey(db, T0);
    const old = mintFormKey(db, T0 - FORM_KEY_LIFETIME_MS);
    expect(spendFormKey(db, old, T0)).toBe(false);
    expect([spendFormKey(db, live, T0), spendFormKey(db, live, T0)]).toEqual([true, false]);
    const unspent = mintFormKey(db, T0);
    dropExpiredFormKeys(db, T0);
    expect(db.prepare('SELECT key FROM form_keys').all()).toEqual([{ key: unspent }]);
  });
});
