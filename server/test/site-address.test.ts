/**
 * With the site's pages on another host (PUBLIC_URL set), the pages this server makes send
 * Continue Shopping to the site's store page there (site.json `website.baseUrl`), not to this
 * server's address; with the pages here, to the path on this server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopPageUrl } from '../src/site-address';
import { cookieHeader, postForm, rows, startTestServer, visitor, type TestServer } from './helper';

const SITE = { website: { baseUrl: 'https://www.example.com/' }, websiteSettings: { storeSettings: { continueShoppingLinkUrl: '/shop' } } };
let apart: TestServer;
beforeAll(async () => {
  apart = await startTestServer({ publicUrl: 'https://api.example.com' });
});
afterAll(async () => apart.close());

describe('Continue Shopping on the server’s pages', () => {
  it('is the site’s store page on its own address when the pages are elsewhere, else the path here', () => {
    expect(shopPageUrl(SITE, 'https://api.example.com')).toBe('https://www.example.com/shop');
    expect(shopPageUrl(SITE, null)).toBe('/shop');
    // No usable address for the site: the path, as before.
    expect(shopPageUrl({ ...SITE, website: { baseUrl: 'javascript:alert(1)' } }, 'https://api.example.com')).toBe('/shop');
    expect(shopPageUrl({ website: { baseUrl: 'https://www.example.com' } }, 'https://api.example.com')).toBe('https://www.example.com/');
  });

  it('the order confirmation, the checkout without a cart, the cart and the review page lead to the site (the demo’s http://127.0.0.1:8080)', async () => {
    const shop = 'http://127.0.0.1:8080/blocks';
    const client = await visitor(apart.app);
    const noCart = await apart.app.inject({ method: 'GET', url: '/commerce/goto-checkout' });
    expect(noCart.body).toContain(`href="${shop}"`);
    const emptyCart = await apart.app.inject({ method: 'GET', url: '/cart' });
    expect(emptyCart.body).toContain(`<p class="cart-empty">Your cart is empty.</p><p><a href="${shop}">Continue Shopping</a></p>`);
    await client.inject({ method: 'POST', url: '/api/commerce/cart/entries', payload: { productId: 'tote' } });
    await apart.app.inject({ method: 'GET', url: '/commerce/goto-checkout', headers: { cookie: cookieHeader(client.jar) } });
    const placed = await postForm(apart.app, client, '/commerce/goto-checkout', { name: 'Ada Lovelace', email: 'ada@example.com' });
    expect(placed.statusCode).toBe(303);
    const confirmed = await apart.app.inject({ method: 'GET', url: placed.headers.location as string });
    expect(confirmed.body).toContain('Order confirmed');
    expect(confirmed.body).toContain(`href="${shop}"`);
    const [request] = await rows<{ token: string }>(apart, 'SELECT token FROM review_requests LIMIT 1');
    const review = await apart.app.inject({ method: 'GET', url: `/commerce/reviews?token=${request!.token}` });
    expect(review.body).toContain(`<a class="review-close" href="${shop}">Close</a>`);
  });
});
