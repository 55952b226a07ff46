import { useMemo } from 'react';
import { LineChart, everyDay } from './Chart';
import { DataSection } from './DataSection';
import { RankedTable } from './RankedTable';
import { useOwnerData } from './use-owner-data';
import { kindName } from './Orders';
import { moneyText } from './money';
import { noun } from './counted';
import { OWNER_PATHS } from '../../contract/api/owner-paths';
import type { SalesAnswer } from '../../contract/api/owner-answers';

/** `$40.00 and €7.00`: what some orders came to, each currency on its own (they do not add up). */
export function takingsText(totals: Record<string, number>): string {
  const amounts = Object.entries(totals).map(([currency, cents]) => moneyText(cents, currency));
  return amounts.length > 1 ? `${amounts.slice(0, -1).join(', ')} and ${amounts.at(-1)}` : (amounts[0] ?? '');
}

/** What the orders placed in the last `days` days came to: in all, by kind, and orders per day. */
export function Sales({ days }: { days: number }) {
  const [state, reload] = useOwnerData<SalesAnswer>(`${OWNER_PATHS.sales}?days=${days}`);
  return (
    <DataSection id="sales" title="Sales" state={state} reload={reload}>
      {(data) => <SalesView data={data} />}
    </DataSection>
  );
}

export function SalesView({ data }: { data: SalesAnswer }) {
  const { x, values } = useMemo(() => everyDay(data.from, data.to, data.perDay, (d) => d.orders, 0), [data]);
  const series = useMemo(() => [{ label: 'Orders', values, color: '#059669' }], [values]);
  const newestFirst = useMemo(() => [...data.perDay].reverse(), [data]);
  if (data.totals.length === 0) {
    return (
      <p>
        No orders from {data.from} to {data.to}.
      </p>
    );
  }
  const orders = data.totals.reduce((sum, total) => sum + total.orders, 0);
  const inAll: Record<string, number> = {};
  for (const total of data.totals) inAll[total.currency] = (inAll[total.currency] ?? 0) + total.totalCents;
  return (
    <>
      <p>
        <strong>{orders}</strong> {noun(orders, 'order')} came to <strong>{takingsText(inAll)}</strong>, {data.from} to {data.to}.
      </p>
      <RankedTable
        caption="Sales by kind"
        headers={['Kind', 'Orders', 'Total']}
        many="kinds"
        empty=""
        rows={data.totals.map((total) => ({ key: `${total.kind} ${total.currency}`, cells: [kindName(total.kind), total.orders, <span className="config-figure">{moneyText(total.totalCents, total.currency)}</span>] }))}
      />
      <LineChart
        title="Orders per day"
        x={x}
        series={series}
        table={
          <table>
            <caption>Orders per day</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Orders</th>
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {newestFirst.map((d) => (
                <tr key={d.day}>
                  <th scope="row">{d.day}</th>
                  <td>{d.orders}</td>
                  <td>{takingsText(d.totals)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      />
    </>
  );
}
