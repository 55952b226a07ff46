import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { reactRoot } from './react-root';
import { allOrders, Orders, ordersCsv, ORDERS_SHOWN } from '../src/Orders';
import type { OrdersAnswer, OwnerOrder } from '../../contract/api/owner-answers';

const view = reactRoot();

/** An order as the server answers it (contract/api/owner-answers.ts). */
const order = (orderNumber: number, fields: Partial<OwnerOrder> = {}): OwnerOrder => ({
  orderNumber,
  kind: 'order',
  name: 'Cleo',
  email: 'cleo@example.com',
  currency: 'USD',
  totalCents: 2400,
  lines: [{ title: 'Tote bag', sku: 'SQ1000005', quantity: 2, lineTotalCents: 2400 }],
  details: {},
  createdAt: '2026-11-29T10:00:00.000Z',
  ...fields,
});

async function shown(orders: OwnerOrder[], total = orders.length) {
  const loads: string[] = [];
  const load = async (path: string): Promise<OrdersAnswer> => {
    loads.push(path);
    return { orders, total };
  };
  await act(async () => view.root.render(<Orders load={load} />));
  return loads;
}

const cells = (row: Element) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);

describe('Orders', () => {
  it('says when there are none', async () => {
    const loads = await shown([]);
    expect(loads).toEqual([`/api/owner/orders?limit=${ORDERS_SHOWN}`]);
    expect(view.container.querySelector('h2')!.textContent).toBe('Orders');
    expect(view.container.textContent).toContain('No orders yet.');
  });

  it('shows each order with its number, kind, time, buyer, items and total, newest first', async () => {
    await shown([
      order(1003, { kind: 'giftcard', name: 'Gil', email: 'gil@example.com', totalCents: 5000, lines: [{ title: 'Gift card', sku: 'GC50', quantity: 1, lineTotalCents: 5000 }], details: { recipient: 'ada@example.com' } }),
      order(1002, { kind: 'subscription', currency: 'JPY', totalCents: 1200, details: { renews: 'Every month', cartToken: 'secret-token' } }),
      order(1001),
    ]);
    expect(view.container.querySelector('caption')!.textContent).toBe('3 orders, newest first');
    const rows = [...view.container.querySelectorAll('tbody tr')];
    expect(cells(rows[0]!)).toEqual(['#1003 Gift card', new Date('2026-11-29T10:00:00.000Z').toLocaleString(), 'Gil gil@example.com', 'Gift card × 1 (recipient: ada@example.com)', '$50.00', 'Delete']);
    // The cart's token is the checkout's business, not the owner's.
    expect(cells(rows[1]!).slice(3, 5)).toEqual(['Tote bag × 2 (renews: Every month)', '¥1,200']);
    expect(rows[2]!.querySelector('a')!.getAttribute('href')).toBe('mailto:cleo@example.com');
    expect(view.container.querySelector('[role="region"]')!.getAttribute('aria-label')).toBe('Orders table');
  });

  it('deletes one after a confirmation that names it (where focus goes: e2e/owner.spec.ts, in a real browser)', async () => {
    const kept = [order(1002, { name: 'Dora' }), order(1001)];
    const calls: string[] = [];
    const load = async (): Promise<OrdersAnswer> => ({ orders: [...kept], total: kept.length });
    const remove = async (path: string) => {
      calls.push(`DELETE ${path}`);
      kept.splice(kept.findIndex((item) => path.endsWith(`/${item.orderNumber}`)), 1);
    };
    await act(async () => view.root.render(<Orders load={load} remove={remove} />));
    const button = view.container.querySelector<HTMLButtonElement>('button[aria-label="Delete order #1002"]')!;
    await act(async () => button.click());
    const dialog = view.container.querySelector('dialog')!;
    expect(dialog.querySelector('#confirm-message')!.textContent).toBe('Order #1002 of Dora is deleted for good, with the reviews written through its links. Export it first if you need it.');
    await act(async () => [...dialog.querySelectorAll('button')].find((item) => item.textContent === 'Confirm')!.click());
    expect(calls).toEqual(['DELETE /api/owner/orders/1002']);
    expect(view.container.querySelector('[role="status"]')!.textContent).toBe('Deleted order #1002.');
    expect([...view.container.querySelectorAll('tbody th')].map((cell) => cell.textContent)).toEqual(['#1001 Order']);
  });

  it('says how many there are when it shows only the newest', async () => {
    await shown([order(1003)], 250);
    expect(view.container.querySelector('caption')!.textContent).toBe('The newest 1 of 250 orders');
  });
});

describe('Orders, every one', () => {
  it('asks for them a page at a time and writes a CSV a spreadsheet sums', async () => {
    const stored = Array.from({ length: 1200 }, (_, i) => order(2200 - i));
    const asked: string[] = [];
    const all = await allOrders(async (path) => {
      asked.push(path);
      const query = new URL(path, 'https://site.test').searchParams;
      const before = Number(query.get('before') ?? Infinity);
      return { orders: stored.filter((item) => item.orderNumber < before).slice(0, Number(query.get('limit'))), total: stored.length };
    });
    expect(all).toHaveLength(1200);
    expect(asked).toEqual(['/api/owner/orders?limit=500', '/api/owner/orders?limit=500&before=1701', '/api/owner/orders?limit=500&before=1201']);
    const csv = ordersCsv([order(1001, { name: '=HYPERLINK("x")', details: { recipient: 'ada@example.com' } }), order(1002, { currency: 'JPY', totalCents: 1200 })]);
    expect(csv.split('\r\n')).toEqual([
      'Order,Placed,Kind,Name,Email,Items,Total,Currency,Details',
      `1001,2026-11-29T10:00:00.000Z,Order,"'=HYPERLINK(""x"")",cleo@example.com,Tote bag × 2,24.00,USD,recipient: ada@example.com`,
      '1002,2026-11-29T10:00:00.000Z,Order,Cleo,cleo@example.com,Tote bag × 2,1200,JPY,',
      '',
    ]);
  });
});
