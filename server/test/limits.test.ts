/**
 * Limits and form keys, on SQLite and on PostgreSQL: the same answers on both, and under
 * concurrency exactly as many passes as the limit allows (the locked transactions).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FORM_KEY_LIFETIME_MS, dropExpiredFormKeys, mintFormKey, spendFormKey } from '../src/forms/keys';
import { backoffDelay, claimAttempt, dropExpiredCounters, forgive, giveBack, takeFromWindows, type Backoff } from '../src/security/limits';
import { openStorage, type Storage } from '../src/storage/open';
import { ENGINES, freshPlace } from './engines';

const POLICY: Backoff = { free: 3, firstDelayMs: 1000, maxDelayMs: 8000, forgetAfterMs: 60_000 };
const T0 = 1_000_000;

describe('backoff', () => {
  it('is free for the first failures, then doubles from the first delay up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 40].map((failures) => backoffDelay(POLICY, failures))).toEqual([0, 0, 1000, 2000, 4000, 8000, 8000, 8000]);
  });
});

describe.each(ENGINES)('on %s', (engine) => {
  let store: Storage;
  let remove: () => void;
  beforeAll(async () => {
    const place = await freshPlace(engine);
    remove = place.remove;
    // Two connections on PostgreSQL at least, so that concurrent calls really are concurrent.
    store = await openStorage({ dataDir: place.dataDir, databaseUrl: place.databaseUrl, poolSize: 8 });
  });
  afterAll(async () => {
    await store.close();
    remove();
  });
  beforeEach(async () => {
    await store.db.deleteFrom('limit_counters').execute();
  });
  const counter = async (key: string) => (await store.db.selectFrom('limit_counters').select('count').where('key', '=', key).executeTakeFirst())?.count;

  it('refuses while waiting (counting nothing), then lets one more try through', async () => {
    const key = [{ key: 'a', policy: POLICY }];
    for (let i = 0; i < 3; i += 1) expect(await claimAttempt(store, key, T0)).toBeNull();
    expect(await claimAttempt(store, key, T0 + 999)).toEqual({ retryAfterMs: 1 });
    expect(await claimAttempt(store, key, T0 + 1000)).toBeNull();
    expect(await claimAttempt(store, key, T0 + 2999)).toEqual({ retryAfterMs: 1 });
    expect(await claimAttempt(store, key, T0 + 3000)).toBeNull();
  });

  it('claims under every key or none', async () => {
    const keys = [{ key: 'account', policy: POLICY }, { key: 'address', policy: { ...POLICY, free: 100 } }];
    for (let i = 0; i < 3; i += 1) await claimAttempt(store, keys, T0);
    expect(await claimAttempt(store, keys, T0)).not.toBeNull();
    expect(await counter('address')).toBe(3);
  });

  it('forgets failures after a quiet spell, on forgive, and one at a time on giveBack', async () => {
    const key = [{ key: 'b', policy: POLICY }];
    for (let i = 0; i < 3; i += 1) await claimAttempt(store, key, T0);
    expect(await claimAttempt(store, key, T0 + 60_001)).toBeNull(); // forgotten: a first failure again
    await forgive(store, 'b');
    for (let i = 0; i < 3; i += 1) await claimAttempt(store, key, T0);
    await giveBack(store, 'b', POLICY, T0);
    expect(await claimAttempt(store, key, T0)).toBeNull(); // the third is free again
  });

  it('concurrent claims: exactly as many pass as are free, and every one is counted', async () => {
    const key = [{ key: 'race', policy: { ...POLICY, free: 5, firstDelayMs: 60_000 } }];
    const outcomes = await Promise.all(Array.from({ length: 30 }, () => claimAttempt(store, key, T0)));
    expect(outcomes.filter((outcome) => outcome === null)).toHaveLength(5);
    expect(await counter('race')).toBe(5);
  });

  it('fixed windows pass up to the limit under every key and say when the fullest window ends', async () => {
    const keys = [{ key: 'visitor', limit: 2 }, { key: 'address', limit: 3 }];
    expect([await takeFromWindows(store, keys, 10_000, T0), await takeFromWindows(store, keys, 10_000, T0 + 10)]).toEqual([null, null]);
    expect(await takeFromWindows(store, keys, 10_000, T0 + 20)).toEqual({ retryAfterMs: 9980 });
    expect(await takeFromWindows(store, [{ key: 'address', limit: 3 }], 10_000, T0 + 30)).toBeNull();
    expect(await takeFromWindows(store, [{ key: 'address', limit: 3 }], 10_000, T0 + 40)).toEqual({ retryAfterMs: 9960 });
    expect(await takeFromWindows(store, keys, 10_000, T0 + 10_000)).toBeNull(); // a new window
  });

  it('concurrent takes from a window: exactly the limit passes', async () => {
    const outcomes = await Promise.all(Array.from({ length: 25 }, () => takeFromWindows(store, [{ key: 'burst', limit: 7 }], 10_000, T0)));
    expect(outcomes.filter((outcome) => outcome === null)).toHaveLength(7);
    expect(await counter('burst')).toBe(7);
  });

  it('expired counters are dropped', async () => {
    await takeFromWindows(store, [{ key: 'old', limit: 1 }], 1000, T0);
    await takeFromWindows(store, [{ key: 'new', limit: 1 }], 5000, T0);
    await dropExpiredCounters(store, T0 + 1000);
    expect(await store.db.selectFrom('limit_counters').select('key').execute()).toEqual([{ key: 'new' }]);
  });

  it('form keys are spent once (also when raced), refused when expired, and dropped when expired', async () => {
    const live = await mintFormKey(store, T0);
    const old = await mintFormKey(store, T0 - FORM_KEY_LIFETIME_MS);
    expect(await spendFormKey(store, old, T0)).toBe(false);
    expect((await Promise.all(Array.from({ length: 10 }, () => spendFormKey(store, live, T0)))).filter(Boolean)).toHaveLength(1);
    const unspent = await mintFormKey(store, T0);
    await dropExpiredFormKeys(store, T0);
    expect(await store.db.selectFrom('form_keys').select('key').execute()).toEqual([{ key: unspent }]);
  });
});
