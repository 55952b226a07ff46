/**
 * Set by the reference server on each count element (`.sqs-cart-quantity`) it wrote the
 * visitor's count into as it served the page: the runtime need not ask for it again. Apart from
 * page-types.ts, whose class the runtime's entry tests for, so that this stays out of site.js.
 */
export const CART_COUNTED_ATTRIBUTE = 'data-cart-counted';
