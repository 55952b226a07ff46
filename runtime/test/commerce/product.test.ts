import { describe, expect, it } from 'vitest';
import { MAX_CATEGORY_LENGTH, MAX_PRICE, MAX_SKU_LENGTH, MAX_TAG_LENGTH, ProductType, fromPrice, generateSku, isOnSale, isSoldOut, isUsZip, isValidCategory, isValidPrice, isValidSku, isValidTag, pricesVary, startingPrice, totalStock, type Product } from '../../../contract/commerce/product';
import { priceText } from '../../src/blocks/product-list/index';
import { CHECKOUT_PATH, donateUrl, giftCardUrl, subscribeUrl } from '../../../contract/commerce/routes';

const product = (variants: Product['variants'], extra: Partial<Product> = {}): Product => ({ id: 'p', title: 'P', variants, ...extra });

describe('product stock and prices (part 2 §4, §5)', () => {
  it('sold out when no variant is unlimited or in stock; digital products never', () => {
    expect(isSoldOut(product([{ price: 1, qtyInStock: 0 }, { price: 1 }]))).toBe(true);
    expect(isSoldOut(product([{ price: 1, qtyInStock: 0 }, { price: 1, qtyInStock: 2 }]))).toBe(false);
    expect(isSoldOut(product([{ price: 1, unlimited: true }]))).toBe(false);
    expect(isSoldOut(product([], { productType: 2, priceCents: 5 }))).toBe(false);
    expect(isSoldOut(product([]))).toBe(true);
  });

  it('total qtyInStock: unlimited for digital or any unlimited variant, else the sum', () => {
    expect(totalStock(product([{ price: 1, qtyInStock: 2 }, { price: 1, qtyInStock: 3 }]))).toBe(5);
    expect(totalStock(product([{ price: 1, qtyInStock: 2 }, { price: 1, unlimited: true }]))).toBe(Infinity);
    expect(totalStock(product([], { productType: 2 }))).toBe(Infinity);
  });

  it('on sale if any variant is (digital: its own flag); prices vary on sale flag, sale price or price', () => {
    expect(isOnSale(product([{ price: 1 }, { price: 1, onSale: true, salePrice: 0 }]))).toBe(true);
    expect(isOnSale(product([], { productType: 2, onSale: true }))).toBe(true);
    expect(pricesVary(product([{ price: 1 }, { price: 1 }]))).toBe(false);
    expect(pricesVary(product([{ price: 1 }, { price: 2 }]))).toBe(true);
    expect(pricesVary(product([{ price: 1 }, { price: 1, onSale: true }]))).toBe(true);
    expect(pricesVary(product([{ price: 1, salePrice: 1 }, { price: 1, salePrice: 2 }]))).toBe(true);
    expect(startingPrice(product([{ price: 3000 }, { price: 2500, salePrice: 2000, onSale: true }]))).toBe(2000);
    expect(fromPrice('$20.00')).toBe('from $20.00');
    expect(MAX_PRICE).toBe(100_000_000);
  });

  it('the product list shows prices in the store currency', () => {
    expect(priceText(product([{ price: 4500, qtyInStock: 1 }]), 'USD')).toEqual({ price: '$45.00', original: null, soldOut: false });
    expect(priceText(product([{ price: 12000, salePrice: 9900, onSale: true, qtyInStock: 1 }]), 'GBP')).toEqual({ price: '£99.00', original: '£120.00', soldOut: false });
    expect(priceText(product([{ price: 1800, qtyInStock: 1 }, { price: 2200, unlimited: true }]), 'SEK').price).toBe('from 18.00 kr');
    expect(priceText(product([{ price: 1500, qtyInStock: 0 }]), 'USD').soldOut).toBe(true);
    expect(priceText(product([], { productType: 2, priceCents: 900 }), 'JPY').price).toBe('¥900');
  });

  it('donations lead to the donate route with the page id and amount', () => {
    expect(donateUrl('studio-fund', 2500)).toBe('/checkout/donate?donatePageId=studio-fund&amount=2500');
    expect(donateUrl('studio-fund')).toBe('/checkout/donate?donatePageId=studio-fund');
  });

  it('builds the store routes of part 2 §2', () => {
    expect(CHECKOUT_PATH).toBe('/commerce/goto-checkout');
    expect(subscribeUrl('tok/1')).toBe('/checkout/subscribe?cartToken=tok%2F1');
    expect(giftCardUrl('site1', 'gift-card')).toBe('/checkout/giftcard?websiteId=site1&giftCardProductId=gift-card');
    expect(giftCardUrl('site1', 'gift-card', 'SQ1000010')).toBe('/checkout/giftcard?websiteId=site1&giftCardProductId=gift-card&sku=SQ1000010');
  });
});

describe('product limits (part 2 §5, §9)', () => {
  it('prices up to 100,000,000 minor units', () => {
    expect(isValidPrice(100_000_000)).toBe(true);
    expect(isValidPrice(100_000_001)).toBe(false);
    expect(isValidPrice(-1)).toBe(false);
    expect(isValidPrice(1.5)).toBe(false);
  });
  it('SKU up to 60, tag 50, category 25 characters', () => {
    expect(isValidSku('x'.repeat(60))).toBe(true);
    expect(isValidSku('x'.repeat(61))).toBe(false);
    expect(isValidSku('  ')).toBe(false);
    expect(isValidTag('t'.repeat(50))).toBe(true);
    expect(isValidTag('t'.repeat(51))).toBe(false);
    expect(isValidCategory('c'.repeat(25))).toBe(true);
    expect(isValidCategory('c'.repeat(26))).toBe(false);
    expect([MAX_SKU_LENGTH, MAX_TAG_LENGTH, MAX_CATEGORY_LENGTH]).toEqual([60, 50, 25]);
  });
  it("a generated SKU is 'SQ' plus 7 digits", () => {
    expect(generateSku(() => 0)).toBe('SQ0000000');
    expect(generateSku(() => 0.9999999999)).toBe('SQ9999999');
    for (let i = 0; i < 50; i++) expect(generateSku()).toMatch(/^SQ\d{7}$/);
  });
  it('US zip exactly 5 digits', () => {
    expect(isUsZip('10001')).toBe(true);
    expect(isUsZip('1000')).toBe(false);
    expect(isUsZip('100012')).toBe(false);
    expect(isUsZip('10001-1234')).toBe(false);
    expect(isUsZip(10001)).toBe(false);
  });
  it('product types', () => {
    expect(ProductType).toEqual({ PHYSICAL: 1, DIGITAL: 2, SERVICE: 3, GIFT_CARD: 4, PAYWALL: 5 });
  });
});
