import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { CART_LIFETIME_MS, dropAbandonedCarts, reviewLockKey, reviewRequest, submitReview } from '../src/commerce/store';
import { deleteOrder } from '../src/repositories/orders';
import { withDivContent } from '../src/html';
import { quantityMax } from '../../contract/commerce/cart-markup';
import { CART_COOKIE } from '../../contract/commerce/routes';
import type { OrdersAnswer } from '../../contract/api/owner-answers';
import { TEST_ENGINE, cookieHeader, cookieJar, countRows, postForm as postFormTo, rows, startTestServer, type TestServer, visitor } from './helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ member: { email: 'member@test.local', password: 'member-password-1' } });
});
afterAll(async () => server.close());

const count = (table: string) => countRows(server, table);
const NO_CART = 'Either your session has expired or you do not have cookies enabled. We cannot continue to checkout.';

const postForm = (client: Awaited<ReturnType<typeof visitor>>, url: string, fields: Record<string, string | string[]>) => postFormTo(server.app, client, url, fields);

describe('cart', () => {
  it('takes the catalogue price, not the visitor’s, and checks stock and types', async () => {
    const client = await visitor(server.app);
    const added = await client.inject({ method: 'POST', url: '/api/commerce/cart/entries', payload: { productId: 'print-harbour', quantity: 2 } });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ subtotalCents: 9000, totalQuantity: 2, subtotalAmount: { value: 90, currencyCode: 'USD' }, requiresShipping: true });
    expect(client.jar.CART).toBeTruthy();
    const tooMany = await client.inject({ method: 'POST', url: '/api/commerce/cart/entries', payload: { productId: 'print-harbour', quantity: 2 } });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ error: 'Only 3 left in stock.' });
    expect((await client.inject({ method: 'POST', url: '/api/commerce/cart/entries', payload: { productId: 'mug' } })).json()).toEqual({ error: 'Sold out' });
    expect((await client.inject({ method: 'POST', url: '/api/commerce/cart/entries', payload: { productId: 'nope' } })).statusCode).toBe(404);
    // A price from the visitor is dropped: the tote costs what the catalogue says.
    const tote = await client.inject({ method: 'POST', url: '/api/commerce/cart/entries', payload: { productId: 'tote', price: 1 } });
    expect(tote.json()).toMatchObject({ subtotalCents: 10800 });
    await client.inject({ method: 'PUT', url: '/api/commerce/cart/entries', payload: { productId: 'tote', quantity: 0 } });
    expect((await client.inject({ method: 'POST', url: '/api/commerce/cart/entries', payload: { productId: 'gift-card' } })).statusCode).toBe(400);
    const digital = await client.inject({ method: 'POST', url: '/api/commerce/cart/entries', payload: { productId: 'ebook' } });
    expect(digital.json()).toMatchObject({ hasDigital: true, purelyDigital: false, subtotalCents: 9900 });
    const removed = await client.inject({ method: 'PUT', url: '/api/commerce/cart/entries', payload: { productId: 'print-harbour', quantity: 0 } });
    expect(removed.json()).toMatchObject({ subtotalCents: 900, purelyDigital: true, requiresShipping: false });
  });

  it("the cart page carries the visitor's cart from the server, in place of the theme's placeholder", async () => {
    const client = await visitor(server.app);
    const empty = await client.inject({ method: 'GET', url: '/cart' });
    expect(empty.body).toContain('<div id="sqs-cart-root"><div class="cart-body"><p class="cart-empty">Your cart is empty.</p><p><a href="/blocks">Continue Shopping</a></p></div></div>');
    await client.inject({ method: 'POST', url: '/api/commerce/cart/entries', payload: { productId: 'tote', sku: 'SQ1000005', quantity: 2 } });
    const full = await client.inject({ method: 'GET', url: '/cart' });
    expect(full.body).not.toContain('Loading your cart');
    expect(full.body).toContain('<caption>2 items</caption>');
    expect(full.body).toContain('<tr data-product-id="tote" data-sku="SQ1000005" data-title="Tote bag"><th scope="row">Tote bag (Indigo)</th>');
    // A form that works without the runtime: each line named, its quantity, Update; each Remove submits a form of its own.
    expect(full.body).toMatch(/<form method="post" action="\/commerce\/cart" class="cart-form"><input type="hidden" name="crumb" value="[^"]+"><input type="hidden" name="next" value="\/cart">/);
    expect(full.body).toContain('<input type="hidden" name="line" value="[&#34;tote&#34;,&#34;SQ1000005&#34;]"><input type="number" name="quantity" min="0" max="99" value="2" class="cart-quantity" aria-label="Quantity for Tote bag"></td>');
    expect(full.body).toContain('<button type="submit" form="cart-remove-form" name="remove" value="[&#34;tote&#34;,&#34;SQ1000005&#34;]" class="cart-remove" aria-label="Remove Tote bag">Remove</button>');
    expect(full.body).toMatch(/<p><button type="submit" class="cart-update">Update cart<\/button><\/p><\/form><form method="post" action="\/commerce\/cart" id="cart-remove-form"><input type="hidden" name="crumb" value="[^"]+"><input type="hidden" name="next" value="\/cart"><\/form>/);
    expect(full.body).toContain('<p class="cart-subtotal">Subtotal <strong>$44.00</strong></p><p><a href="/commerce/goto-checkout" class="cart-checkout button">Checkout</a></p>');
    // A line with a limited stock offers no more than is left (the print: 3), and the API says what is left.
    const print = await client.inject({ method: 'POST', url: '/api/commerce/cart/entries', payload: { productId: 'print-harbour', quantity: 1 } });
    expect(print.json().entries).toContainEqual(expect.objectContaining({ productId: 'print-harbour', stock: 3 }));
    expect((await client.inject({ method: 'GET', url: '/cart' })).body).toContain('<input type="number" name="quantity" min="0" max="3" value="1" class="cart-quantity" aria-label="Quantity for Harbour print">');
  });

  it('a quantity field offers the stock left, at most 99, and never less than the line holds', () => {
    expect(quantityMax({ quantity: 2 })).toBe(99);
    expect(quantityMax({ quantity: 2, stock: null })).toBe(99);
    expect(quantityMax({ quantity: 2, stock: 3 })).toBe(3);
    expect(quantityMax({ quantity: 2, stock: 500 })).toBe(99);
    // The stock fell under what the cart holds: the field stays valid, so the rest of the form can be sent.
    expect(quantityMax({ quantity: 4, stock: 1 })).toBe(4);
  });

  it("the cart page's form changes quantities without the runtime, and says when it could not", async () => {
    const client = await visitor(server.app);
    await client.inject({ method: 'POST', url: '/api/commerce/cart/entries', payload: { productId: 'tote', sku: 'SQ1000005', quantity: 2 } });
    await client.inject({ method: 'POST', url: '/api/commerce/cart/entries', payload: { productId: 'print-harbour', quantity: 1 } });
    const tote = JSON.stringify(['tote', 'SQ1000005']);
    const print = JSON.stringify(['print-harbour', (await client.inject({ method: 'GET', url: '/api/commerce/cart' })).json().entries.find((e: { productId: string }) => e.productId === 'print-harbour').sku]);
    const quantities = async () => Object.fromEntries(((await client.inject({ method: 'GET', url: '/api/commerce/cart' })).json().entries as Array<{ productId: string; quantity: number }>).map((e) => [e.productId, e.quantity]));

    const updated = await postForm(client, '/commerce/cart', { next: '/cart', line: [tote, print], quantity: ['3', '1'] });
    expect([updated.statusCode, updated.headers.location]).toEqual([303, '/cart']);
    expect(await quantities()).toEqual({ tote: 3, 'print-harbour': 1 });
    // A Remove button posts its line alone.
    const removed = await postForm(client, '/commerce/cart', { next: '/cart', remove: print });
    expect([removed.statusCode, removed.headers.location]).toEqual([303, '/cart']);
    expect(await quantities()).toEqual({ tote: 3 });

    // More than the stock: refused, the rest taken, and the page says the stock was why.
    await client.inject({ method: 'POST', url: '/api/commerce/cart/entries', payload: { productId: 'print-harbour', quantity: 1 } });
    const tooMany = await postForm(client, '/commerce/cart', { next: '/cart', line: [tote, print], quantity: ['1', '9'] });
    expect([tooMany.statusCode, tooMany.headers.location]).toEqual([303, '/cart?cart=stock']);
    expect(await quantities()).toEqual({ tote: 1, 'print-harbour': 1 });
    const page = await client.inject({ method: 'GET', url: tooMany.headers.location as string });
    expect(page.body).toContain('<div class="cart-body"><p class="cart-refused" role="alert">Not that many are left in stock: your cart shows what it holds now.</p>');
    // The form comes back to the page without the refusal.
    expect(page.body).toContain('<input type="hidden" name="next" value="/cart">');
    expect((await postForm(client, '/commerce/cart', { next: '/cart?cart=stock', line: [tote], quantity: ['2'] })).headers.location).toBe('/cart');
    // The stock and another reason at once: the general words; a made-up refusal: none.
    const mixed = await postForm(client, '/commerce/cart', { next: '/cart', line: [print, tote], quantity: ['9', 'x'] });
    expect(mixed.headers.location).toBe('/cart?cart=refused');
    expect((await client.inject({ method: 'GET', url: mixed.headers.location as string })).body).toContain('<p class="cart-refused" role="alert">Your cart could not be updated. Please try again.</p>');
    expect((await client.inject({ method: 'GET', url: '/cart?cart=%3Cb%3E' })).body).not.toContain('cart-refused');

    // A forged crumb, a hostile page to come back to, broken fields: nothing changes, nobody leaves the site.
    for (const fields of [
      { crumb: 'forged', next: '/cart', line: tote, quantity: '0' },
      { next: 'https://evil.example/cart', line: '["tote"', quantity: '0' },
      { next: '//evil.example', line: tote, quantity: '-1' },
      { next: '/cart', line: [tote, print], quantity: '0' },
      { next: '/cart', line: JSON.stringify(['gift-card', 'x']), quantity: '1' },
      { next: '/cart', remove: [tote, print] },
      { next: '/cart', remove: '["tote"]' },
    ] as Array<Record<string, string | string[]>>) {
      const refused = await postForm(client, '/commerce/cart', fields);
      expect(refused.statusCode).toBe(303);
      expect(refused.headers.location).toMatch(/^\/(cart)?\?cart=refused$/);
    }
    expect(await quantities()).toEqual({ tote: 2, 'print-harbour': 1 });
    // Without a cart there is nothing to change.
    const stranger = await visitor(server.app);
    expect((await postFormTo(server.app, stranger, '/commerce/cart', { next: '/cart', line: tote, quantity: '1' })).headers.location).toBe('/cart?cart=refused');
    expect(stranger.jar.CART).toBeUndefined();
  });

  it('replaces a <div>’s content by counting the <div>s inside it, and leaves a page it cannot read alone', () => {
    const root = '<div id="r">';
    expect(withDivContent(`<main>${root}<div><div>a</div></div><p>b</p></div><div>after</div></main>`, root, 'X')).toBe(`<main>${root}X</div><div>after</div></main>`);
    expect(withDivContent(`${root}<div>never closed`, root, 'X')).toBe(`${root}<div>never closed`);
    expect(withDivContent('<p>no root</p>', root, 'X')).toBe('<p>no root</p>');
  });

  it('checkout without a cart shows the spec message; with one it places the order once', async () => {
    const client = await visitor(server.app);
    const empty = await client.inject({ method: 'GET', url: '/commerce/goto-checkout' });
    expect(empty.body).toContain(NO_CART);
    await client.inject({ method: 'POST', url: '/api/commerce/cart/entries', payload: { productId: 'tote', sku: 'SQ1000005', quantity: 3 } });
    const orders = await count('orders');
    expect((await postForm(client, '/commerce/goto-checkout', { name: 'Ada', email: 'ada@example.com', crumb: 'forged' })).statusCode).toBe(400);
    expect((await postForm(client, '/commerce/goto-checkout', { name: 'Ada', email: 'not-an-email' })).statusCode).toBe(400);
    expect(await count('orders')).toBe(orders);
    const placed = await postForm(client, '/commerce/goto-checkout', { name: 'Ada', email: 'ada@example.com' });
    expect(placed.statusCode).toBe(303);
    expect(placed.headers.location).toMatch(/^\/commerce\/order-confirmed\?order=[\da-f-]{36}$/);
    expect(await count('orders')).toBe(orders + 1);
    // The cart is spent: posting again places nothing.
    await postForm(client, '/commerce/goto-checkout', { name: 'Ada', email: 'ada@example.com' });
    expect(await count('orders')).toBe(orders + 1);
    const confirmed = await server.app.inject({ method: 'GET', url: placed.headers.location as string });
    expect(confirmed.body).toContain('Order confirmed');
    // The long date plus time (part 2 §9), in the demo's time zone (Europe/London), named.
    expect(confirmed.body).toMatch(/<dt>Date<\/dt><dd>[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2}\s[AP]M (GMT|BST)<\/dd>/);
    expect(confirmed.body).toContain('$66.00');
    expect(confirmed.body).toContain('Tote bag <span class="line-options">(Indigo)</span>');
    expect((await server.app.inject({ method: 'GET', url: '/commerce/order-confirmed?order=../../etc' })).statusCode).toBe(404);
  });

  it('a visitor whose first page is a checkout page (a link in an email) can send its form: one crumb, in the form and the cookie', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/checkout/donate?donatePageId=studio-fund&amount=500' });
    const jar = cookieJar(page);
    const formCrumb = /name="crumb" value="([^"]+)"/.exec(page.body)![1];
    expect(page.cookies.filter((cookie) => cookie.name === 'crumb')).toHaveLength(1);
    expect(jar.crumb).toBe(formCrumb);
    const sent = await postForm({ jar, crumb: formCrumb } as Awaited<ReturnType<typeof visitor>>, '/checkout/donate', { donatePageId: 'studio-fund', amount: '5', name: 'Eve', email: 'eve@example.com' });
    expect(sent.statusCode).toBe(303);
  });

  it('donations check the page and the amount', async () => {
    const client = await visitor(server.app);
    expect((await client.inject({ method: 'GET', url: '/checkout/donate?donatePageId=nope' })).statusCode).toBe(404);
    const over = await postForm(client, '/checkout/donate?donatePageId=studio-fund', { donatePageId: 'studio-fund', amount: '1000001', name: 'Bo', email: 'bo@example.com' });
    expect(over.statusCode).toBe(400);
    const ok = await postForm(client, '/checkout/donate', { donatePageId: 'studio-fund', amount: '12.5', name: 'Bo', email: 'bo@example.com' });
    expect(ok.statusCode).toBe(303);
    const [order] = await rows<{ total_cents: number }>(server, "SELECT total_cents FROM orders WHERE kind = 'donation' ORDER BY created_at DESC");
    expect(order!.total_cents).toBe(1250);
  });
});

describe("the owner's orders", () => {
  it('lists the orders newest first, a page at a time, with their lines, totals and details; only to the owner', async () => {
    const buyer = await visitor(server.app);
    expect((await postForm(buyer, '/checkout/donate', { donatePageId: 'studio-fund', amount: '7', name: 'Dora', email: 'dora@example.com' })).statusCode).toBe(303);
    await buyer.inject({ method: 'POST', url: '/api/commerce/cart/entries', payload: { productId: 'tote', sku: 'SQ1000005', quantity: 2 } });
    expect((await postForm(buyer, '/commerce/goto-checkout', { name: 'Cleo', email: 'cleo@example.com' })).statusCode).toBe(303);

    const owner = await visitor(server.app);
    expect((await owner.inject({ method: 'POST', url: '/api/auth/Login', payload: { email: server.config.owner.email, password: server.config.owner.password } })).statusCode).toBe(200);
    const list = async (query = '') => (await owner.inject({ method: 'GET', url: `/api/owner/orders${query}` })).json() as OrdersAnswer;
    const { orders, total } = await list();
    expect(total).toBe(await count('orders'));
    const [cart, donation] = orders;
    expect(cart).toMatchObject({ kind: 'order', name: 'Cleo', email: 'cleo@example.com', currency: 'USD', lines: [{ title: 'Tote bag', sku: 'SQ1000005', quantity: 2, lineTotalCents: cart!.totalCents }], details: {} });
    expect(donation).toMatchObject({ kind: 'donation', name: 'Dora', totalCents: 700, orderNumber: cart!.orderNumber - 1 });
    expect(new Date(cart!.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    // The next page: those placed before the last one shown.
    const first = await list('?limit=1');
    expect(first.orders.map((order) => order.orderNumber)).toEqual([cart!.orderNumber]);
    expect((await list(`?limit=1&before=${cart!.orderNumber}`)).orders.map((order) => order.orderNumber)).toEqual([donation!.orderNumber]);
    expect((await owner.inject({ method: 'GET', url: '/api/owner/orders?limit=501' })).statusCode).toBe(400);
    expect((await buyer.inject({ method: 'GET', url: '/api/owner/orders' })).statusCode).toBe(401);

    // Deleted with its review requests and the review written through one of them.
    const [request] = await rows<{ token: string }>(server, 'SELECT r.token FROM review_requests r JOIN orders o ON o.id = r.order_id WHERE o.order_number = ?', cart!.orderNumber);
    expect(await submitReview(server.app.storage, request!.token, 5, 'Sturdy bag')).toBe('open');
    expect((await buyer.inject({ method: 'DELETE', url: `/api/owner/orders/${cart!.orderNumber}` })).statusCode).toBe(401);
    const removed = await owner.inject({ method: 'DELETE', url: `/api/owner/orders/${cart!.orderNumber}` });
    expect([removed.statusCode, removed.json()]).toEqual([200, { removed: 1 }]);
    expect(await rows(server, 'SELECT id FROM orders WHERE order_number = ?', cart!.orderNumber)).toEqual([]);
    expect(await rows(server, 'SELECT token FROM review_requests WHERE token = ?', request!.token)).toEqual([]);
    expect(await rows(server, 'SELECT id FROM reviews WHERE request_token = ?', request!.token)).toEqual([]);
    const again = await owner.inject({ method: 'DELETE', url: `/api/owner/orders/${cart!.orderNumber}` });
    expect([again.statusCode, again.json()]).toEqual([404, { error: 'This order is not there: it may have been deleted already.' }]);
    expect((await list()).orders.map((order) => order.orderNumber)).not.toContain(cart!.orderNumber);
    expect((await list()).orders.map((order) => order.orderNumber)).toContain(donation!.orderNumber);
  });

  it.runIf(TEST_ENGINE === 'postgres')('deleting an order while a review is written through it (another instance): the review finishes first and goes with the order', async () => {
    const buyer = await visitor(server.app);
    await buyer.inject({ method: 'POST', url: '/api/commerce/cart/entries', payload: { productId: 'tote', sku: 'SQ1000005', quantity: 1 } });
    expect((await postForm(buyer, '/commerce/goto-checkout', { name: 'Edda', email: 'edda@example.com' })).statusCode).toBe(303);
    const [placed] = await rows<{ order_number: number; token: string; product_id: string }>(
      server,
      "SELECT o.order_number, r.token, r.product_id FROM orders o JOIN review_requests r ON r.order_id = o.id WHERE o.email = 'edda@example.com'",
    );
    // A review under way on its own connection, as submitReview writes it: its lock, the request marked, the review stored, not committed yet.
    const writer = new pg.Client({ connectionString: server.config.databaseUrl! });
    await writer.connect();
    try {
      await writer.query('BEGIN');
      await writer.query('SELECT pg_advisory_xact_lock(hashtext($1))', [reviewLockKey(placed!.token)]);
      await writer.query('UPDATE review_requests SET reviewed_at = $1 WHERE token = $2', [Date.now(), placed!.token]);
      await writer.query('INSERT INTO reviews (request_token, product_id, rating, body, created_at) VALUES ($1, $2, 4, $3, $4)', [placed!.token, placed!.product_id, 'Good', Date.now()]);
      const deleting = deleteOrder(server.app.storage, placed!.order_number);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await writer.query('COMMIT');
      expect(await deleting).toBe(1);
    } finally {
      await writer.end();
    }
    expect(await rows(server, 'SELECT id FROM reviews WHERE request_token = ?', placed!.token)).toEqual([]);
    expect(await rows(server, 'SELECT id FROM orders WHERE order_number = ?', placed!.order_number)).toEqual([]);
  });
});

describe('orders per address', () => {
  it('places FORM_ADDRESS_RATE_LIMIT orders per address within 10 minutes, then says to wait (429, Retry-After), in the site language; other addresses order on', async () => {
    const client = await visitor(server.app);
    const donate = (address: string, name: string) =>
      server.app.inject({
        method: 'POST',
        url: '/checkout/donate',
        remoteAddress: address,
        headers: { cookie: cookieHeader(client.jar), 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ crumb: client.crumb, donatePageId: 'studio-fund', amount: '3', name, email: 'flood@example.com' }).toString(),
      });
    const placed = async () => Number((await rows<{ n: number }>(server, "SELECT COUNT(*) AS n FROM orders WHERE email = 'flood@example.com'"))[0]!.n);
    const limit = server.config.formAddressRateLimit;
    for (let i = 0; i < limit; i++) expect((await donate('203.0.113.60', `Flood ${i}`)).statusCode).toBe(303);
    const refused = await donate('203.0.113.60', 'Flood again');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body).toContain('Too many orders from your network. Please try again in a few minutes.');
    // The form is there again, to send once the wait is over.
    expect(refused.body).toContain('name="donatePageId"');
    expect(await placed()).toBe(limit);
    expect((await donate('203.0.113.61', 'Neighbour')).statusCode).toBe(303);
    expect(await placed()).toBe(limit + 1);

    // A cart's checkout counts with the address's other orders: refused, and the cart kept.
    await client.inject({ method: 'POST', url: '/api/commerce/cart/entries', payload: { productId: 'tote', sku: 'SQ1000005', quantity: 1 }, remoteAddress: '203.0.113.60' } as never);
    const checkout = await server.app.inject({
      method: 'POST',
      url: '/commerce/goto-checkout',
      remoteAddress: '203.0.113.60',
      headers: { cookie: cookieHeader(client.jar), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ crumb: client.crumb, name: 'Flood', email: 'flood@example.com' }).toString(),
    });
    expect([checkout.statusCode, checkout.body.includes('Too many orders from your network.')]).toEqual([429, true]);
    expect((await client.inject({ method: 'GET', url: '/api/commerce/cart' })).json().entries).toHaveLength(1);
    expect(await placed()).toBe(limit + 1);
  });
});

describe('abandoned carts', () => {
  it('drops the carts never bought a day after their cookie expired, with their lines; bought and live carts stay', async () => {
    const DAY = 86_400_000;
    const cartOf = async () => {
      const client = await visitor(server.app);
      expect((await client.inject({ method: 'POST', url: '/api/commerce/cart/entries', payload: { productId: 'tote', sku: 'SQ1000005', quantity: 1 } })).statusCode).toBe(200);
      return { client, token: client.jar[CART_COOKIE]! };
    };
    const [abandoned, bought, live] = [await cartOf(), await cartOf(), await cartOf()];
    const now = Date.now();
    await rows(server, 'UPDATE carts SET created_at = ? WHERE token = ?', now - CART_LIFETIME_MS - DAY - 1000, abandoned.token);
    await rows(server, 'UPDATE carts SET created_at = ?, purchased_at = ? WHERE token = ?', now - 60 * DAY, now - 59 * DAY, bought.token);
    await rows(server, 'UPDATE carts SET created_at = ? WHERE token = ?', now - CART_LIFETIME_MS - DAY + 60_000, live.token);
    const tokens = [abandoned.token, bought.token, live.token];
    const left = async (table: 'carts' | 'cart_entries', column: string) => (await rows<{ t: string }>(server, `SELECT ${column} AS t FROM ${table}`)).map((row) => row.t).filter((token) => tokens.includes(token)).sort();

    expect(await dropAbandonedCarts(server.app.storage, now)).toBeGreaterThanOrEqual(1);
    expect(await left('carts', 'token')).toEqual([bought.token, live.token].sort());
    expect(await left('cart_entries', 'cart_token')).toEqual([bought.token, live.token].sort());
    // Its visitor, had the cookie somehow outlived it, finds an empty cart.
    expect((await abandoned.client.inject({ method: 'GET', url: '/api/commerce/cart' })).json()).toMatchObject({ entries: [] });
    expect(await dropAbandonedCarts(server.app.storage, now)).toBe(0);
  });
});

describe('reviews', () => {
  it('a request is open once, then reviewed; an old one expired', async () => {
    const store = server.app.storage;
    await rows(server, "INSERT INTO orders (id, order_number, kind, email, name, currency, total_cents, lines_json, details_json, created_at) VALUES ('00000000-0000-0000-0000-000000000001', 1, 'order', 'a@b.co', 'A', 'USD', 1, '[]', '{}', 0)");
    await rows(server, "INSERT INTO review_requests (token, order_id, product_id, product_title, expires_at) VALUES ('open-token-0123456789', '00000000-0000-0000-0000-000000000001', 'mug', 'Studio mug', ?)", Date.now() + 1000);
    await rows(server, "INSERT INTO review_requests (token, order_id, product_id, product_title, expires_at) VALUES ('old-token-0123456789x', '00000000-0000-0000-0000-000000000001', 'tote', 'Tote bag', ?)", Date.now() - 1);
    expect(await reviewRequest(store, 'open-token-0123456789')).toEqual({ status: 'open', productTitle: 'Studio mug', productId: 'mug' });
    // Raced: one of these stores the review, the others find it reviewed.
    expect((await Promise.all([5, 4, 3].map((rating) => submitReview(store, 'open-token-0123456789', rating, 'Great')))).sort()).toEqual(['open', 'reviewed', 'reviewed']);
    expect(await submitReview(store, 'old-token-0123456789x', 4, 'Late')).toBe('expired');
    expect(await reviewRequest(store, '<script>')).toEqual({ status: 'unknown' });
    expect(await rows(server, "SELECT product_id FROM reviews WHERE product_id = 'mug'")).toEqual([{ product_id: 'mug' }]);
  });

  it('the review page is rendered in its state, and its form works without the runtime', async () => {
    await rows(server, "INSERT INTO orders (id, order_number, kind, email, name, currency, total_cents, lines_json, details_json, created_at) VALUES ('00000000-0000-0000-0000-000000000002', 2, 'order', 'a@b.co', 'A', 'USD', 1, '[]', '{}', 0)");
    await rows(server, "INSERT INTO review_requests (token, order_id, product_id, product_title, expires_at) VALUES ('form-token-0123456789', '00000000-0000-0000-0000-000000000002', 'tote', 'Tote <bag>', ?)", Date.now() + 60_000);
    const client = await visitor(server.app);
    const page = await server.app.inject({ method: 'GET', url: '/commerce/reviews?token=form-token-0123456789', headers: { cookie: cookieHeader(client.jar) } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="review-request-root" class="review-request"><form class="review-form" method="post" action="/commerce/reviews">');
    expect(page.body).toContain(`<input type="hidden" name="crumb" value="${client.crumb}"><input type="hidden" name="token" value="form-token-0123456789">`);
    expect(page.body).toContain('<h1>Rate your purchase</h1><p class="review-product">Tote &#60;bag&#62;</p>');
    expect(page.body).toContain('<legend>Rating (required)</legend>');
    expect(page.body).toContain('<p class="review-counter" id="review-counter">1000 characters left</p><p class="site-visually-hidden" aria-live="polite"></p>');
    expect(page.body).toContain('<a class="review-close" href="/blocks">Close</a>');

    const review = (fields: Record<string, string>) => postForm(client, '/commerce/reviews', { token: 'form-token-0123456789', ...fields });
    const noStars = await review({ body: 'Sturdy.' });
    expect(noStars.statusCode).toBe(400);
    expect(noStars.body).toContain('<fieldset class="review-stars" aria-invalid="true" aria-describedby="review-rating-error">');
    expect(noStars.body).toContain('<p class="review-error" id="review-rating-error">Please select a star rating</p>');
    expect(noStars.body).toContain('>Sturdy.</textarea>');
    expect(noStars.body).toContain('993 characters left');
    const oldCrumb = await review({ rating: '4', crumb: 'forged' });
    expect(oldCrumb.statusCode).toBe(403);
    expect(oldCrumb.body).toContain('<p class="review-status" role="status">Something went wrong. Try submitting your review again</p>');
    const sent = await review({ rating: '4', body: ' Sturdy. ' });
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain('<h1 tabindex="-1">Thanks for your feedback</h1><p><a href="/blocks" class="button review-continue">Continue Shopping</a></p>');
    expect(await rows(server, "SELECT rating, body FROM reviews WHERE request_token = 'form-token-0123456789'")).toEqual([{ rating: 4, body: 'Sturdy.' }]);
    const again = await review({ rating: '5' });
    expect(again.body).toContain('<h1 tabindex="-1">You have already reviewed this purchase</h1>');
    for (const token of ['old-token-0123456789x', '%3Cscript%3E', '']) {
      const closed = await server.app.inject({ method: 'GET', url: `/commerce/reviews?token=${token}` });
      expect(closed.statusCode).toBe(200);
      expect(closed.body).not.toContain('<form class="review-form"');
      expect(closed.body).toMatch(/<h1 tabindex="-1">(Your review request has expired|Something went wrong)<\/h1>/);
    }
  });

  it('the API validates the rating and the text limit', async () => {
    const client = await visitor(server.app);
    expect((await client.inject({ method: 'POST', url: '/api/commerce/reviews', payload: { token: 'x'.repeat(20), rating: 6 } })).statusCode).toBe(400);
    expect((await client.inject({ method: 'POST', url: '/api/commerce/reviews', payload: { token: 'x'.repeat(20), rating: 3, body: 'y'.repeat(1001) } })).statusCode).toBe(400);
    expect((await client.inject({ method: 'POST', url: '/api/commerce/reviews', payload: { token: 'x'.repeat(20), rating: 3 } })).statusCode).toBe(404);
    expect((await client.inject({ method: 'GET', url: '/api/owner/reviews' })).statusCode).toBe(401);
  });
});

describe('site-user sessions', () => {
  it('sign in answers an xsrfToken; sign out needs it and may clone the cart', async () => {
    const client = await visitor(server.app);
    expect((await client.inject({ method: 'GET', url: '/members' })).statusCode).toBe(403);
    const wrong = await client.inject({ method: 'POST', url: '/api/site-users/account/session', payload: { email: 'member@test.local', password: 'nope' } });
    expect(wrong.statusCode).toBe(401);
    await client.inject({ method: 'POST', url: '/api/commerce/cart/entries', payload: { productId: 'tote' } });
    const cart = client.jar.CART;
    const signIn = await client.inject({ method: 'POST', url: '/api/site-users/account/session', payload: { email: 'member@test.local', password: 'member-password-1', rememberMe: false } });
    expect(signIn.statusCode).toBe(200);
    const { xsrfToken } = signIn.json() as { xsrfToken: string };
    expect(xsrfToken).toMatch(/^[\w-]{20,}$/);
    const cookie = (signIn.cookies as Array<{ name: string; httpOnly?: boolean; maxAge?: number }>).find((c) => c.name === 'site_member')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.maxAge).toBeUndefined();
    const members = await client.inject({ method: 'GET', url: '/members' });
    expect(members.statusCode).toBe(200);
    expect(members.body).toContain(`"memberAccount":{"email":"member@test.local","xsrfToken":"${xsrfToken}"}`);
    expect((await client.inject({ method: 'DELETE', url: '/api/site-users/account/session?cloneCart=true' })).statusCode).toBe(403);
    const signOut = await client.inject({ method: 'DELETE', url: '/api/site-users/account/session?cloneCart=true', headers: { 'x-siteuser-xsrf-token': xsrfToken } });
    expect(signOut.statusCode).toBe(200);
    expect(client.jar.CART).toBeTruthy();
    expect(client.jar.CART).not.toBe(cart);
    expect((await client.inject({ method: 'GET', url: '/api/commerce/cart' })).json()).toMatchObject({ totalQuantity: 1 });
    expect((await client.inject({ method: 'GET', url: '/members' })).statusCode).toBe(403);
  });
});
