import { describe, expect, it } from 'vitest';
import { MAX_PRICE, fromPrice, isOnSale, isSoldOut, pricesVary, startingPrice, totalStock, type Product } from '../../src/commerce/product';
import { priceText } from '../../src/blocks/product-list/index';
import { donateUrl } from '../../src/blocks/donation/index';

const product = (variants: Product['variants'], extra: Partial<Product> = {}): Product => ({ id: 'p', title: 'P', variants, ...extra });

describe('product stock and prices (part 2 §4, §5)', () => {
  it('sold out when no variant is unlimited or in stock; digital products never', () => {
    expect(isSoldOut(product([{ price: 1, stock: 0 }, { price: 1 }]))).toBe(true);
    expect(isSoldOut(product([{ price: 1, stock: 0 }, { price: 1, stock: 2 }]))).toBe(false);
    expect(isSoldOut(product([{ price: 1, unlimited: true }]))).toBe(false);
    expect(isSoldOut(product([], { isDigital: true, price: 5 }))).toBe(false);
    expect(isSoldOut(product([]))).toBe(true);
  });

  it('total stock: unlimited for digital or any unlimited variant, else the sum', () => {
    expect(totalStock(product([{ price: 1, stock: 2 }, { price: 1, stock: 3 }]))).toBe(5);
    expect(totalStock(product([{ price: 1, stock: 2 }, { price: 1, unlimited: true }]))).toBe(Infinity);
    expect(totalStock(product([], { isDigital: true }))).toBe(Infinity);
  });

  it('on sale if any variant is (digital: its own flag); prices vary on sale flag, sale price or price', () => {
    expect(isOnSale(product([{ price: 1 }, { price: 1, onSale: true, salePrice: 0 }]))).toBe(true);
    expect(isOnSale(product([], { isDigital: true, onSale: true }))).toBe(true);
    expect(pricesVary(product([{ price: 1 }, { price: 1 }]))).toBe(false);
    expect(pricesVary(product([{ price: 1 }, { price: 2 }]))).toBe(true);
    expect(pricesVary(product([{ price: 1 }, { price: 1, onSale: true }]))).toBe(true);
    expect(pricesVary(product([{ price: 1, salePrice: 1 }, { price: 1, salePrice: 2 }]))).toBe(true);
    expect(startingPrice(product([{ price: 3000 }, { price: 2500, salePrice: 2000, onSale: true }]))).toBe(2000);
    expect(fromPrice('$20.00')).toBe('from $20.00');
    expect(MAX_PRICE).toBe(100_000_000);
  });

  it('the product list shows prices in the store currency', () => {
    expect(priceText(product([{ price: 4500, stock: 1 }]), 'USD')).toEqual({ price: '$45.00', original: null, soldOut: false });
    expect(priceText(product([{ price: 12000, salePrice: 9900, onSale: true, stock: 1 }]), 'GBP')).toEqual({ price: '£99.00', original: '£120.00', soldOut: false });
    expect(priceText(product([{ price: 1800, stock: 1 }, { price: 2200, unlimited: true }]), 'SEK').price).toBe('from 18.00 kr');
    expect(priceText(product([{ price: 1500, stock: 0 }]), 'USD').soldOut).toBe(true);
    expect(priceText(product([], { isDigital: true, price: 900 }), 'JPY').price).toBe('¥900');
  });

  it('donations lead to the donate route with the page id and amount', () => {
    expect(donateUrl('studio-fund', 2500)).toBe('/checkout/donate?donatePageId=studio-fund&amount=2500');
  });
});
