import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { reactRoot } from './react-root';
import { SalesView, takingsText } from '../src/Sales';
import type { SalesAnswer } from '../../contract/api/owner-answers';

const view = reactRoot();

const answer: SalesAnswer = {
  from: '2026-11-01',
  to: '2026-11-30',
  totals: [
    { kind: 'donation', currency: 'USD', orders: 1, totalCents: 2_500 },
    { kind: 'order', currency: 'USD', orders: 2, totalCents: 1_550 },
    { kind: 'order', currency: 'EUR', orders: 1, totalCents: 700 },
    { kind: 'giftcard', currency: 'JPY', orders: 1, totalCents: 3_000 },
  ],
  perDay: [
    { day: '2026-11-02', orders: 2, totals: { USD: 1_550 } },
    { day: '2026-11-29', orders: 3, totals: { USD: 2_500, EUR: 700, JPY: 3_000 } },
  ],
};

const cells = (caption: string) =>
  [...[...view.container.querySelectorAll('table')].find((t) => t.querySelector('caption')?.textContent === caption)!.querySelectorAll('tbody tr')].map((row) => [...row.children].map((cell) => cell.textContent));

describe('Sales', () => {
  it('says how many orders came to what in each currency, by kind, and per day (newest first, in the table beside the chart)', async () => {
    await act(async () => view.root.render(<SalesView data={answer} />));
    expect(view.container.querySelector('p')!.textContent).toBe('5 orders came to $40.50, €7.00 and ¥3,000, 2026-11-01 to 2026-11-30.');
    expect(cells('Sales by kind')).toEqual([
      ['Donation', '1', '$25.00'],
      ['Order', '2', '$15.50'],
      ['Order', '1', '€7.00'],
      ['Gift card', '1', '¥3,000'],
    ]);
    expect(cells('Orders per day')).toEqual([
      ['2026-11-29', '3', '$25.00, €7.00 and ¥3,000'],
      ['2026-11-02', '2', '$15.50'],
    ]);
  });

  it('says so when no order was placed in the range', async () => {
    await act(async () => view.root.render(<SalesView data={{ from: '2026-11-24', to: '2026-11-30', totals: [], perDay: [] }} />));
    expect(view.container.textContent).toBe('No orders from 2026-11-24 to 2026-11-30.');
    expect(view.container.querySelector('table')).toBeNull();
  });

  it('writes one amount alone, and two with "and"', () => {
    expect(takingsText({ USD: 1_000 })).toBe('$10.00');
    expect(takingsText({ USD: 1_000, EUR: 1 })).toBe('$10.00 and €0.01');
    expect(takingsText({})).toBe('');
  });
});
