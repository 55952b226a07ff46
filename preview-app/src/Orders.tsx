import { DataSection } from './DataSection';
import { MailStatus, type LoadMail } from './MailStatus';
import { toCsv } from './csv';
import { everyPage, ExportAllButton, useCsvExport } from './csv-export';
import { ownerDelete, ownerGet } from './owner-api';
import { useConfirmedDelete } from './confirmed-delete';
import { useOwnerData } from './use-owner-data';
import { counted } from './counted';
import { moneyAmount, moneyFormat, moneyText } from './money';
import { OWNER_PATHS, ownerPath } from '../../contract/api/owner-paths';
import { shownOrderDetails } from '../../contract/commerce/order-details';
import type { OrdersAnswer, OwnerOrder } from '../../contract/api/owner-answers';

type Load = (path: string) => Promise<OrdersAnswer>;

/** How many the table shows; the export takes every one, this many per call. */
export const ORDERS_SHOWN = 100;
const PAGE = 500;

const KINDS: Record<string, string> = { order: 'Order', donation: 'Donation', subscription: 'Subscription', giftcard: 'Gift card' };
export const kindName = (kind: string) => KINDS[kind] ?? kind;
/** `Tote bag × 2; Harbour print × 1`. */
export const linesText = (order: OwnerOrder) => order.lines.map((line) => `${line.title} × ${line.quantity}`).join('; ');
/** What the checkout asked besides the buyer: `recipient: ada@example.com`. */
export const detailsText = (order: OwnerOrder) =>
  shownOrderDetails(order.details)
    .map(([name, value]) => `${name}: ${value}`)
    .join('; ');
const amount = (order: OwnerOrder) => moneyAmount(order.totalCents, order.currency);
const total = (order: OwnerOrder) => moneyText(order.totalCents, order.currency);
const when = (order: OwnerOrder) => new Date(order.createdAt).toLocaleString();

export function ordersCsv(orders: OwnerOrder[]): string {
  return toCsv(
    ['Order', 'Placed', 'Kind', 'Name', 'Email', 'Items', 'Total', 'Currency', 'Details'],
    // The amount as a number a spreadsheet sums (`12.50`), its currency beside it.
    orders.map((order) => [order.orderNumber, order.createdAt, kindName(order.kind), order.name, order.email, linesText(order), amount(order).toFixed(moneyFormat(order.currency).resolvedOptions().maximumFractionDigits), order.currency, detailsText(order)]),
  );
}

/** Every order, newest first, asked for a page at a time. */
export const allOrders = (load: Load): Promise<OwnerOrder[]> => everyPage(OWNER_PATHS.orders, PAGE, async (path) => (await load(path)).orders, (order) => order.orderNumber);

/**
 * The store's orders (its checkouts take no payment: each one is recorded for the owner to act
 * on), newest first, as a table; every one as CSV for the owner's accounts; one deleted after a
 * confirmation (a test order, a buyer who asked to be forgotten). Buyer text is text: React
 * escapes it.
 */
export function Orders({ load = ownerGet, remove = ownerDelete, loadMail }: { load?: Load; remove?: (path: string) => Promise<unknown>; loadMail?: LoadMail }) {
  const [state, reload] = useOwnerData<OrdersAnswer>(`${OWNER_PATHS.orders}?limit=${ORDERS_SHOWN}`, load);
  const { status, setStatus, problem, setProblem, exporting, exportAll } = useCsvExport('orders.csv', 'order', () => allOrders(load), ordersCsv);
  const { ask, dialog, focusable } = useConfirmedDelete<OwnerOrder>(
    remove,
    (order) => ownerPath(OWNER_PATHS.order, { orderNumber: order.orderNumber }),
    {
      title: 'Delete this order?',
      message: (order) => `Order #${order.orderNumber} of ${order.name} is deleted for good, with the reviews written through its links. Export it first if you need it.`,
      done: (order) => `Deleted order #${order.orderNumber}.`,
      failed: (order) => `Unable to delete order #${order.orderNumber}`,
    },
    { setStatus, setProblem, reload },
  );
  return (
    <DataSection id="orders" title="Orders" state={state} reload={reload} controls={<MailStatus load={loadMail} />}>
      {({ orders, total: all }) => (
        <>
          <p role="status">{status}</p>
          {problem && <p role="alert">{problem}</p>}
          {orders.length === 0 ? (
            <p tabIndex={-1} ref={focusable('empty')}>
              No orders yet.
            </p>
          ) : (
            <>
              <ExportAllButton id="orders" noun="order" exporting={exporting} onClick={exportAll} buttonRef={focusable('export')} />
              <div className="config-scroll config-cards" tabIndex={0} role="region" aria-label="Orders table">
                <table className="config-table config-orders">
                  <caption>{all > orders.length ? `The newest ${orders.length} of ${counted(all, 'order')}` : `${counted(all, 'order')}, newest first`}</caption>
                  <thead>
                    <tr>
                      <th scope="col">Order</th>
                      <th scope="col">Placed</th>
                      <th scope="col">Buyer</th>
                      <th scope="col">Items</th>
                      <th scope="col">Total</th>
                      <th scope="col">
                        <span className="sr-only">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {orders.map((order) => (
                      <tr key={order.orderNumber}>
                        <th scope="row">
                          #{order.orderNumber} <small>{kindName(order.kind)}</small>
                        </th>
                        <td className="config-card-wide" data-label="Placed: ">
                          <time dateTime={order.createdAt}>{when(order)}</time>
                        </td>
                        <td className="config-card-wide" data-label="Buyer: ">
                          {order.name} <a href={`mailto:${order.email}`}>{order.email}</a>
                        </td>
                        <td className="config-card-wide" data-label="Items: ">
                          {linesText(order)}
                          {detailsText(order) && <small> ({detailsText(order)})</small>}
                        </td>
                        <td data-label="Total: ">{total(order)}</td>
                        <td>
                          <button type="button" aria-label={`Delete order #${order.orderNumber}`} onClick={() => ask(order)}>
                            Delete
                          </button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
          {dialog}
        </>
      )}
    </DataSection>
  );
}
