/**
 * The owner app's Sales (GET /api/owner/sales): the orders placed on the site's days, by the
 * site's time zone, summed by kind and currency and by day.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER_PATHS } from '../../contract/api/owner-paths';
import { dayIn } from '../src/ingest/rollups';
import { byQuarterHour } from '../src/repositories/sales';
import { OWNER, rows, startTestServer, visitor, type TestServer } from './helper';

let server: TestServer;
let siteDir: string;
let owner: Awaited<ReturnType<typeof visitor>>;

/** An order placed at `at` (an ISO time), of that kind, currency and total. */
const placeOrder = (orderNumber: number, at: string, kind: string, currency: string, totalCents: number) =>
  rows(
    server,
    'INSERT INTO orders (id, order_number, kind, email, name, currency, total_cents, lines_json, details_json, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    `00000000-0000-0000-0000-${String(orderNumber).padStart(12, '0')}`,
    orderNumber,
    kind,
    'buyer@example.com',
    'Buyer',
    currency,
    totalCents,
    '[]',
    '{}',
    Date.parse(at),
  );

beforeAll(async () => {
  // UTC+14: the site's 9 June starts at 10:00 UTC on 8 June.
  siteDir = mkdtempSync(path.join(tmpdir(), 'tessera-sales-'));
  cpSync(path.resolve(__dirname, '..', '..', 'examples'), siteDir, { recursive: true });
  const site = JSON.parse(readFileSync(path.join(siteDir, 'site.json'), 'utf8')) as { websiteSettings: Record<string, unknown> };
  site.websiteSettings.timeZone = 'Pacific/Kiritimati';
  writeFileSync(path.join(siteDir, 'site.json'), JSON.stringify(site));
  server = await startTestServer({ siteDir });
  await placeOrder(1, '2026-06-08T09:30:00Z', 'order', 'USD', 9_900); // the site's 8 June: before the range
  await placeOrder(2, '2026-06-08T10:30:00Z', 'order', 'USD', 1_000); // the site's 9 June
  await placeOrder(3, '2026-06-09T09:00:00Z', 'order', 'USD', 500); // the site's 9 June
  await placeOrder(4, '2026-06-09T11:00:00Z', 'donation', 'USD', 2_500); // the site's 10 June
  await placeOrder(5, '2026-06-10T09:30:00Z', 'order', 'EUR', 700); // the site's 10 June
  await placeOrder(6, '2026-06-10T10:30:00Z', 'giftcard', 'USD', 5_000); // the site's 11 June: after it
  owner = await visitor(server.app);
  expect((await owner.inject({ method: 'POST', url: '/api/auth/Login', payload: OWNER })).statusCode).toBe(200);
});
afterAll(async () => {
  await server.close();
  rmSync(siteDir, { recursive: true, force: true });
});

describe('GET /api/owner/sales', () => {
  it("sums the orders of the site's days asked for, by kind and currency (the most first) and by day", async () => {
    const answer = await owner.inject({ method: 'GET', url: `${OWNER_PATHS.sales}?from=2026-06-09&to=2026-06-10` });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      from: '2026-06-09',
      to: '2026-06-10',
      totals: [
        { kind: 'donation', currency: 'USD', orders: 1, totalCents: 2_500 },
        { kind: 'order', currency: 'USD', orders: 2, totalCents: 1_500 },
        { kind: 'order', currency: 'EUR', orders: 1, totalCents: 700 },
      ],
      perDay: [
        { day: '2026-06-09', orders: 2, totals: { USD: 1_500 } },
        { day: '2026-06-10', orders: 2, totals: { USD: 2_500, EUR: 700 } },
      ],
    });
  });

  it('answers empty lists for days without orders, 400 for a range it cannot take, and nothing to a visitor', async () => {
    expect((await owner.inject({ method: 'GET', url: `${OWNER_PATHS.sales}?from=2026-01-01&to=2026-01-31` })).json()).toEqual({ from: '2026-01-01', to: '2026-01-31', totals: [], perDay: [] });
    const reversed = await owner.inject({ method: 'GET', url: `${OWNER_PATHS.sales}?from=2026-06-10&to=2026-06-09` });
    expect([reversed.statusCode, reversed.json()]).toEqual([400, { error: 'from must not be after to.' }]);
    expect((await owner.inject({ method: 'GET', url: `${OWNER_PATHS.sales}?days=367` })).statusCode).toBe(400);
    const stranger = await visitor(server.app);
    expect((await stranger.inject({ method: 'GET', url: OWNER_PATHS.sales })).statusCode).toBe(401);
  });
});

describe('byQuarterHour', () => {
  it("gives the zone's own day on each side of its midnight, in a zone 45 minutes off the hour (Asia/Kathmandu, UTC+5:45)", () => {
    const day = byQuarterHour(dayIn('Asia/Kathmandu'));
    // Kathmandu's 10 June begins at 18:15 UTC on 9 June.
    expect(day(Date.parse('2026-06-09T18:00:00Z'))).toBe('2026-06-09');
    expect(day(Date.parse('2026-06-09T18:14:59.999Z'))).toBe('2026-06-09');
    expect(day(Date.parse('2026-06-09T18:15:00Z'))).toBe('2026-06-10');
    expect(day(Date.parse('2026-06-09T18:29:59Z'))).toBe('2026-06-10');
  });
});
