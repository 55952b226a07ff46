/**
 * The shopping cart model (spec part 2 §3): every field type-checked, defaults for the missing
 * ones. Pure: no DOM, no imports of ours beyond the currency default.
 */
import { DEFAULT_CURRENCY } from './currencies';

/** The most of one item a cart holds (the server refuses more; the cart's quantity fields offer no more). */
export const MAX_CART_QUANTITY = 99;

export interface Money {
  value: number;
  currencyCode: string;
}

export interface ShoppingCart {
  id: string;
  websiteId: string;
  orderId: string;
  created: Date | null;
  isPurchased: boolean;
  entries: unknown[];
  shippingOptions: unknown[];
  applicableTaxRules: unknown[];
  coupons: unknown[];
  validCoupons: unknown[];
  invalidCoupons: unknown[];
  selectedShippingOption: Record<string, unknown> | null;
  shippingLocation: Record<string, unknown> | null;
  subtotalCents: number;
  taxCents: number;
  shippingCostCents: number;
  discountCents: number;
  grandTotalCents: number;
  totalQuantity: number;
  subtotalAmount: Money;
  hasDigital: boolean;
  purelyDigital: boolean;
  requiresShipping: boolean;
}

const STRINGS = ['id', 'websiteId', 'orderId'] as const;
const ARRAYS = ['entries', 'shippingOptions', 'applicableTaxRules', 'coupons', 'validCoupons', 'invalidCoupons'] as const;
const OBJECTS = ['selectedShippingOption', 'shippingLocation'] as const;
const NUMBERS = ['subtotalCents', 'taxCents', 'shippingCostCents', 'discountCents', 'grandTotalCents', 'totalQuantity'] as const;
const BOOLEANS = ['isPurchased', 'hasDigital', 'purelyDigital', 'requiresShipping'] as const;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function check(field: string, value: unknown, ok: boolean, expected: string): void {
  if (!ok) throw new TypeError(`Shopping cart field "${field}" must be ${expected}, got ${Array.isArray(value) ? 'array' : typeof value}.`);
}

/** A cart from the server's JSON: wrong types throw a TypeError naming the field. */
export function shoppingCart(input: unknown): ShoppingCart {
  if (!isObject(input)) throw new TypeError('A shopping cart must be an object.');
  const present = (field: string) => input[field] !== undefined && input[field] !== null;
  const cart: Record<string, unknown> = {};
  for (const field of STRINGS) {
    if (present(field)) check(field, input[field], typeof input[field] === 'string', 'a string');
    cart[field] = present(field) ? input[field] : '';
  }
  for (const field of ARRAYS) {
    if (present(field)) check(field, input[field], Array.isArray(input[field]), 'an array');
    cart[field] = present(field) ? input[field] : [];
  }
  for (const field of OBJECTS) {
    if (present(field)) check(field, input[field], isObject(input[field]), 'an object');
    cart[field] = present(field) ? input[field] : null;
  }
  for (const field of NUMBERS) {
    if (present(field)) check(field, input[field], Number.isFinite(input[field]), 'a number');
    cart[field] = present(field) ? input[field] : 0;
  }
  for (const field of BOOLEANS) {
    if (present(field)) check(field, input[field], typeof input[field] === 'boolean', 'a boolean');
    cart[field] = present(field) ? input[field] : false;
  }
  // `created` is a millisecond timestamp, exposed as a date.
  if (present('created')) check('created', input.created, Number.isFinite(input.created), 'a millisecond timestamp');
  cart.created = present('created') ? new Date(input.created as number) : null;
  const amount = input.subtotalAmount;
  if (present('subtotalAmount')) {
    check('subtotalAmount', amount, isObject(amount) && Number.isFinite(amount.value) && typeof amount.currencyCode === 'string', 'money {value, currencyCode}');
  }
  cart.subtotalAmount = present('subtotalAmount') ? { value: (amount as Money).value, currencyCode: (amount as Money).currencyCode } : { value: 0, currencyCode: DEFAULT_CURRENCY };
  return cart as unknown as ShoppingCart;
}
