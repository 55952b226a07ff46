/**
 * The cart's count wherever the theme shows it (`.sqs-cart-quantity`, a header's "Cart (2)"):
 * the cart's `totalQuantity` once the page loads, asked for only when the visitor has a cart
 * and the server did not write it into every count as it served the page (else 0, with no
 * request), then after every change the page makes (`site:cart`), and again
 * when the Back button brings the page out of the browser's cache (the cart may have changed
 * on the pages in between).
 */
import { CART_COUNTED_ATTRIBUTE } from '../../../contract/commerce/cart-count';
import { CART_QUANTITY_CLASS } from '../../../contract/model/page-types';
import { CART_API, CART_EVENT, cartKnown, cartRequest, lastTotalQuantity } from '../net/kept-cart';
import { listen, type Teardown } from '../platform/events';

export function countCart(): Teardown {
  const show = (quantity: number) => {
    for (const count of document.getElementsByClassName(CART_QUANTITY_CLASS)) count.textContent = String(quantity);
  };
  const count = () => {
    if (!cartKnown()) return show(0);
    // A count that could not be fetched keeps what it showed: nothing to tell the visitor.
    cartRequest(CART_API, { onFailure: () => undefined }).catch(() => undefined);
  };
  const stops = [
    // Theme code may fire it too, with anything in it.
    listen(document, CART_EVENT, (event) => show(Number((event as CustomEvent<{ totalQuantity?: unknown } | null>).detail?.totalQuantity) || 0)),
    listen(window, 'pageshow', (event) => event.persisted && count()),
  ];
  // A change the page made before this started (the cart page's, on a slow phone): its answer is the count.
  if (lastTotalQuantity !== undefined) show(lastTotalQuantity);
  // Every count the page shows was written by the server as it served the page: nothing to ask.
  else if (![...document.getElementsByClassName(CART_QUANTITY_CLASS)].every((element) => element.hasAttribute(CART_COUNTED_ATTRIBUTE))) count();
  return () => stops.forEach((stop) => stop());
}
