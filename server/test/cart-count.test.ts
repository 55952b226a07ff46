/**
 * The cart's count the server writes into a page's `.sqs-cart-quantity` elements: the
 * visitor's cart from the first paint and without the runtime; the theme's text for a visitor
 * without a cart; the page still kept for the Back button.
 */
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitorCart, withCartCount } from '../src/cart-page';
import { rows, startTestServer, visitor, type TestServer } from './helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

/** The header's count, and whether the server marked it as written. */
const HEADER_COUNT = /Cart \(<span class="sqs-cart-quantity"( data-cart-counted)?>([^<]*)<\/span>\)/;
const headerCount = (body: string) => {
  const match = HEADER_COUNT.exec(body);
  return match && `${match[2]}${match[1] ? ' (written)' : ''}`;
};
const asVisitor = (cart?: string) => visitorCart(server.app, { cookies: cart ? { CART: cart } : {} } as unknown as FastifyRequest);

describe('the cart’s count in a page', () => {
  it('is the cart’s quantity for a visitor with a cart, the theme’s 0 for one without; the page stays private, no-cache', async () => {
    const client = await visitor(server.app);
    const before = await client.inject({ method: 'GET', url: '/' });
    expect(headerCount(before.body)).toBe('0');
    await client.inject({ method: 'POST', url: '/api/commerce/cart/entries', payload: { productId: 'print-harbour', quantity: 2 } });
    await client.inject({ method: 'POST', url: '/api/commerce/cart/entries', payload: { productId: 'tote' } });
    for (const url of ['/', '/blocks', '/cart']) {
      const page = await client.inject({ method: 'GET', url });
      expect(headerCount(page.body), url).toBe('3 (written)');
      if (url !== '/cart') expect(page.headers['cache-control'], url).toBe('private, no-cache');
    }
    await rows(server, 'UPDATE carts SET purchased_at = ? WHERE token = ?', Date.now(), client.jar.CART);
    expect(headerCount((await client.inject({ method: 'GET', url: '/' })).body)).toBe('0 (written)');
  });

  it('fills each element with the class among others, in any quotes, and leaves alone one with markup inside or only a class like it', async () => {
    const client = await visitor(server.app);
    await client.inject({ method: 'POST', url: '/api/commerce/cart/entries', payload: { productId: 'tote', quantity: 2 } });
    const html = [
      '<a href="/cart">Cart <b class="badge sqs-cart-quantity" data-x=">">0</b></a>',
      "<span title='a class=\"sqs-cart-quantity\"' class='other'>keep</span>",
      '<span class="sqs-cart-quantity-label">keep</span>',
      '<span class="sqs-cart-quantity"><i>0</i></span>',
      '<SPAN CLASS="x" class="sqs-cart-quantity">?</SPAN>',
      "<span class='sqs-cart-quantity'>0</span><span data-a class = sqs-cart-quantity>0</span><em class=' a\tsqs-cart-quantity '>0</em>",
      "<span class='sqs-cart-quantity-label'>keep</span><span class=sqs-cart-quantity-x>keep</span>",
    ].join('\n');
    const counted = await withCartCount(asVisitor(client.jar.CART), html);
    expect(counted.split('\n')).toEqual([
      '<a href="/cart">Cart <b class="badge sqs-cart-quantity" data-x=">" data-cart-counted>2</b></a>',
      "<span title='a class=\"sqs-cart-quantity\"' class='other'>keep</span>",
      '<span class="sqs-cart-quantity-label">keep</span>',
      '<span class="sqs-cart-quantity"><i>0</i></span>',
      '<SPAN CLASS="x" class="sqs-cart-quantity" data-cart-counted>2</SPAN>',
      "<span class='sqs-cart-quantity' data-cart-counted>2</span><span data-a class = sqs-cart-quantity data-cart-counted>2</span><em class=' a\tsqs-cart-quantity ' data-cart-counted>2</em>",
      "<span class='sqs-cart-quantity-label'>keep</span><span class=sqs-cart-quantity-x>keep</span>",
    ]);
    // No cart, a made-up one, a page without the class: the page as it was, with no query needed.
    expect(await withCartCount(asVisitor(), html)).toBe(html);
    expect(await withCartCount(asVisitor('made-up'), html)).toBe(html);
    expect(await withCartCount(asVisitor(client.jar.CART), '<p>No count</p>')).toBe('<p>No count</p>');
  });
});
