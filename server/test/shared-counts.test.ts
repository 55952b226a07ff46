/**
 * The visitor-data counts an instance shares through the database (security/shared-counts.ts):
 * counted at once in memory; a share that fails keeps them, says so once, and the next share
 * that succeeds carries them.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSharedCounts, sharedCountKey, type SharedCounts } from '../src/security/shared-counts';
import type { Storage } from '../src/storage/open';
import { rows, startTestServer } from './helper';

const WINDOW = 60_000;
const current = (counts: SharedCounts, address: string) =>
  new Promise<{ current: number; ttl: number }>((resolve) => counts.incr(address, (_error, result) => resolve(result), WINDOW));

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  vi.useRealTimers();
});

describe('shared visitor-data counts', () => {
  it('count at once, with the time left in the clock minute, and forget the least recent address past the limit', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 10 * WINDOW + 15_000 });
    const counts = createSharedCounts({} as Storage, WINDOW, 2, () => {});
    stop = counts.stop;
    expect(await current(counts, 'a')).toEqual({ current: 1, ttl: 45_000 });
    expect((await current(counts, 'a')).current).toBe(2);
    await current(counts, 'b');
    await current(counts, 'c'); // a goes: it is the least recent
    expect((await current(counts, 'a')).current).toBe(1);
    vi.setSystemTime(11 * WINDOW);
    expect(await current(counts, 'c')).toEqual({ current: 1, ttl: WINDOW });
  });

  it('keep what a failed share would have added, say so once, and add it with the next share that succeeds', async () => {
    const server = await startTestServer();
    vi.useFakeTimers({ toFake: ['Date'], now: Math.ceil(Date.now() / WINDOW) * WINDOW + 1_000 }); // early in a minute: the test stays inside it
    try {
      let down = true;
      const { db } = server.app.storage;
      const insertInto: typeof db.insertInto = (table) => {
        if (down) throw new Error('connection refused');
        return db.insertInto(table);
      };
      const storage = { db: Object.assign(Object.create(db) as typeof db, { insertInto }) } as Storage;
      const heard: unknown[] = [];
      const counts = createSharedCounts(storage, WINDOW, 100, (error) => heard.push(error));
      stop = counts.stop;
      await current(counts, '198.51.100.1');
      await current(counts, '198.51.100.1');
      await counts.share();
      await current(counts, '198.51.100.1');
      await counts.share();
      expect(heard).toHaveLength(1);
      expect((await current(counts, '198.51.100.1')).current).toBe(4);
      down = false;
      await counts.share();
      const now = Date.now();
      const [row] = await rows<{ count: number }>(server, `SELECT count FROM limit_counters WHERE key = '${sharedCountKey('198.51.100.1', now - (now % WINDOW))}'`);
      expect(Number(row!.count)).toBe(4);
    } finally {
      await server.close();
    }
  });
});
