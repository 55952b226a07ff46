/**
 * The cart's count wherever the theme shows it (`.sqs-cart-quantity`, a header's "Cart (2)"):
 * the cart's `totalQuantity` once the page loads, asked for only when the visitor has a cart
 * (else 0, with no request), then after every change the page makes (`site:cart`).
 */
import { CART_QUANTITY_CLASS } from '../../../contract/model/page-types';
import { CART_API, CART_EVENT, cartAnswered, cartHeaders, cartKnown } from '../net/kept-cart';
import { request } from '../net/request';
import { listen, type Teardown } from '../platform/events';

export function countCart(): Teardown {
  const show = (quantity: number) => {
    for (const count of document.getElementsByClassName(CART_QUANTITY_CLASS)) count.textContent = String(quantity);
  };
  const stop = listen(document, CART_EVENT, (event) => show((event as CustomEvent<{ totalQuantity: number }>).detail.totalQuantity));
  if (!cartKnown()) show(0);
  // A count that could not be fetched keeps what the theme wrote: nothing to tell the visitor.
  else request(CART_API, { headers: cartHeaders(), onFailure: () => undefined }).then(cartAnswered, () => undefined);
  return stop;
}
