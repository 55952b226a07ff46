/**
 * The minute sweep, driven by a fake interval: it drops what is past its time (limit counters,
 * abandoned carts) and keeps the rest.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CART_LIFETIME_MS } from '../src/commerce/store';
import { HOUSEKEEPING_INTERVAL_MS } from '../src/plugins/housekeeping';
import { CART_COOKIE } from '../../contract/commerce/routes';
import { rows, startTestServer, type TestServer, visitor } from './helper';

let server: TestServer;
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  server = await startTestServer();
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
});
