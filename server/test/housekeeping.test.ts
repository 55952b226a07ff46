/**
 * The minute sweep, driven by a fake interval: it drops what is past its time (limit counters,
 * abandoned carts) and keeps the rest.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CART_LIFETIME_MS } from '../src/commerce/store';
import { HOUSEKEEPING_FAILED, HOUSEKEEPING_INTERVAL_MS, HOUSEKEEPING_WORKS } from '../src/plugins/housekeeping';
import { CART_COOKIE } from '../../contract/commerce/routes';
import { rows, startLoggedTestServer, type LogLine, type TestServer, visitor } from './helper';

let server: TestServer;
let lines: LogLine[];
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  ({ server, lines } = await startLoggedTestServer());
});
afterAll(async () => {
  await server.close();
  vi.useRealTimers();
});

const exists = async (table: string, column: string, value: string) => (await rows(server, `SELECT 1 AS one FROM ${table} WHERE ${column} = ?`, value)).length > 0;

describe('housekeeping', () => {
  it('drops an abandoned cart and an expired limit counter on its sweep, and keeps a live cart', async () => {
    const cartOf = async () => {
      const client = await visitor(server.app);
      await client.inject({ method: 'POST', url: '/api/commerce/cart/entries', payload: { productId: 'tote', sku: 'SQ1000005', quantity: 1 } });
      return client.jar[CART_COOKIE]!;
    };
    const [abandoned, live] = [await cartOf(), await cartOf()];
    await rows(server, 'UPDATE carts SET created_at = ? WHERE token = ?', Date.now() - CART_LIFETIME_MS - 2 * 86_400_000, abandoned);
    await rows(server, 'INSERT INTO limit_counters (key, count, locked_until, expires_at) VALUES (?, 1, 0, ?)', 'housekeeping-test', Date.now() - 1000);

    vi.advanceTimersByTime(HOUSEKEEPING_INTERVAL_MS);
    await vi.waitFor(async () => expect(await exists('carts', 'token', abandoned)).toBe(false), { timeout: 5000, interval: 50 });
    await vi.waitFor(async () => expect(await exists('limit_counters', 'key', 'housekeeping-test')).toBe(false), { timeout: 5000, interval: 50 });
    expect(await exists('carts', 'token', live)).toBe(true);
  });

  it('a sweep that fails says so once, not each minute, and once when it works again', { timeout: 20_000 }, async () => {
    const said = () => lines.filter((line) => line.msg === HOUSEKEEPING_FAILED || line.msg === HOUSEKEEPING_WORKS).map((line) => [line.level, line.msg]);
    // A minute passes at each look (a sweep still running when the next minute comes is not joined).
    const minutesUntil = (check: () => void) =>
      vi.waitFor(() => {
        vi.advanceTimersByTime(HOUSEKEEPING_INTERVAL_MS);
        check();
      }, { timeout: 5000, interval: 50 });
    await rows(server, 'ALTER TABLE limit_counters RENAME TO limit_counters_away');
    await minutesUntil(() => expect(said()).toEqual([[50, HOUSEKEEPING_FAILED]]));
    // Five more failing minutes, and not a line more.
    let failed = 0;
    const sweeps = lines.length;
    await minutesUntil(() => expect((failed += 1)).toBeGreaterThan(5));
    expect(said()).toEqual([[50, HOUSEKEEPING_FAILED]]);
    expect(lines.length).toBe(sweeps);
    await rows(server, 'ALTER TABLE limit_counters_away RENAME TO limit_counters');
    await minutesUntil(() => expect(said()).toEqual([[50, HOUSEKEEPING_FAILED], [30, HOUSEKEEPING_WORKS]]));
  });
});
