import { describe, expect, it } from 'vitest';
import { shoppingCart } from '../../../contract/commerce/cart';
import { renewalText } from '../../../contract/commerce/subscription';
import { formatCommerceDate, formatDimensions, formatWeight, MeasurementStandard } from '../../../contract/commerce/units';

describe('shopping cart model (part 2 §3)', () => {
  it('defaults every field', () => {
    expect(shoppingCart({})).toEqual({
      id: '',
      websiteId: '',
      orderId: '',
      created: null,
      isPurchased: false,
      entries: [],
      shippingOptions: [],
      applicableTaxRules: [],
      coupons: [],
      validCoupons: [],
      invalidCoupons: [],
      selectedShippingOption: null,
      shippingLocation: null,
      subtotalCents: 0,
      taxCents: 0,
      shippingCostCents: 0,
      discountCents: 0,
      grandTotalCents: 0,
      totalQuantity: 0,
      subtotalAmount: { value: 0, currencyCode: 'USD' },
      hasDigital: false,
      purelyDigital: false,
      requiresShipping: false,
    });
  });

  it('exposes created as a date and keeps the given values', () => {
    const cart = shoppingCart({ id: 'c1', created: 1_700_000_000_000, entries: [{ sku: 'SQ1234567' }], subtotalCents: 4500, totalQuantity: 1, isPurchased: true, subtotalAmount: { value: 45, currencyCode: 'EUR' } });
    expect(cart.created).toEqual(new Date(1_700_000_000_000));
    expect(cart.entries).toHaveLength(1);
    expect(cart.subtotalCents).toBe(4500);
    expect(cart.isPurchased).toBe(true);
    expect(cart.subtotalAmount).toEqual({ value: 45, currencyCode: 'EUR' });
  });

  it.each([
    ['id', 5, /"id" must be a string/],
    ['entries', {}, /"entries" must be an array/],
    ['shippingLocation', [], /"shippingLocation" must be an object/],
    ['subtotalCents', '4500', /"subtotalCents" must be a number/],
    ['grandTotalCents', Number.NaN, /"grandTotalCents" must be a number/],
    ['hasDigital', 'yes', /"hasDigital" must be a boolean/],
    ['created', '2026-01-01', /"created" must be a millisecond timestamp/],
    ['subtotalAmount', { value: '1' }, /"subtotalAmount" must be money/],
  ])('rejects a wrong %s', (field, value, message) => {
    expect(() => shoppingCart({ [field]: value })).toThrow(message);
  });

  it('rejects a cart that is not an object', () => {
    expect(() => shoppingCart(null)).toThrow(TypeError);
    expect(() => shoppingCart([])).toThrow(TypeError);
  });
});

describe('subscription strings (part 2 §9)', () => {
  it.each([
    [{ billingPeriod: { value: 2, unit: 'WEEK' }, numBillingCycles: 6 }, 'renews every 2 weeks for 6 payments'],
    [{ billingPeriod: { value: 1, unit: 'WEEK' }, numBillingCycles: 0 }, 'renews every week'],
    [{ billingPeriod: { value: 1, unit: 'MONTH' } }, 'renews every month'],
    [{ billingPeriod: { value: 3, unit: 'month' }, numBillingCycles: 1 }, 'renews every 3 months for 1 payment'],
    [{ billingPeriod: { value: 1, unit: 'YEAR' }, numBillingCycles: 2 }, 'renews every year for 2 payments'],
  ] as const)('%j → %s', (plan, text) => {
    expect(renewalText(plan)).toBe(text);
  });
  it('refuses a plan without a whole period', () => {
    expect(() => renewalText({ billingPeriod: { value: 0, unit: 'WEEK' } })).toThrow(TypeError);
    expect(() => renewalText({ billingPeriod: { value: 1, unit: 'DAY' as 'WEEK' } })).toThrow(TypeError);
  });
});

describe('units and dates (part 2 §9)', () => {
  it('weights in lbs or kg, dimensions in inches or cm', () => {
    expect(formatWeight(2.5, MeasurementStandard.IMPERIAL)).toBe('2.5 lbs');
    expect(formatWeight(1.234, MeasurementStandard.METRIC)).toBe('1.23 kg');
    expect(formatDimensions({ length: 10, width: 5, height: 2 }, MeasurementStandard.IMPERIAL)).toBe('10 × 5 × 2 in');
    expect(formatDimensions({ length: 30, width: 20, height: 4.5 }, MeasurementStandard.METRIC)).toBe('30 × 20 × 4.5 cm');
  });
  it('a commerce date is a long date plus the time', () => {
    expect(formatCommerceDate(Date.UTC(2026, 10, 22, 7, 4), 'en-US', 'UTC')).toBe('November 22, 2026 at 7:04 AM');
  });
});
