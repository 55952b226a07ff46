import { test, expect, runtimeReady, queryServerDb, updateServerDb, api, OWNER, watchLayoutShifts, layoutShifted, axeViolations } from './fixtures';
import type { Page } from '@playwright/test';

const NO_CART = 'Either your session has expired or you do not have cookies enabled. We cannot continue to checkout.';

async function addToCart(page: Page, title: string) {
  await page.goto('/blocks');
  await runtimeReady(page);
  await page.getByRole('button', { name: `Add to cart: ${title}` }).click();
  await expect(page.locator('.product-status')).toHaveText(`${title} added to your cart. View cart`);
}

async function fillBuyer(page: Page, name: string, email: string) {
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email', { exact: true }).fill(email);
}

/** Buys one product through the cart and checkout; answers the review link's token. */
async function buy(page: Page, title: string, email: string): Promise<string> {
  await addToCart(page, title);
  await page.goto('/commerce/goto-checkout');
  await fillBuyer(page, 'Ada Lovelace', email);
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order confirmed');
  const href = await page.getByRole('link', { name: `Review ${title}` }).getAttribute('href');
  return new URL(href!, 'http://x').searchParams.get('token')!;
}

test.describe('money, url and helpers', () => {
  test('SiteRuntime.money and .url follow part 1 §3 and §5; helpers.js exports the rest', async ({ page }) => {
    await page.goto('/blocks');
    await runtimeReady(page);
    const answers = await page.evaluate(async () => {
      const rt = window.SiteRuntime!;
      const helpers = await import('/runtime/helpers.js' as string);
      return {
        usd: rt.money.format(12.5),
        sek: rt.money.format(1234.5, 'SEK'),
        ils: rt.money.format(1234.5, 'ILS'),
        cad: rt.money.format(1234.5, 'CAD', { template: 'native' }),
        jpy: rt.money.format(1234.5, 'JPY'),
        count: rt.money.currencies.length,
        file: rt.url.classify(`${location.origin}/s/menu.pdf`),
        content: rt.url.classify(`//${location.host}/about`),
        external: rt.url.classify('//evil.example/about'),
        misc: rt.url.classify('mailto:a@b.co'),
        slug: rt.url.slugify('Summer  Sale... 2026!'),
        renews: helpers.renewalText({ billingPeriod: { value: 2, unit: 'WEEK' }, numBillingCycles: 6 }),
        reviewPage: helpers.PageType.REVIEWS_REQUEST,
        helperMoney: helpers.money.format(5, 'JPY'),
        label: helpers.workflowLabel(4),
      };
    });
    expect(answers).toEqual({
      usd: '$12.50',
      sek: '1,234.50 kr',
      ils: '₪ 1,234.50',
      cad: '$1,234.50 CAD',
      jpy: '¥1,235',
      count: 27,
      file: 'file',
      content: 'content',
      external: 'external',
      misc: 'misc',
      slug: 'summer-sale-2026',
      renews: 'renews every 2 weeks for 6 payments',
      reviewPage: 209,
      helperMoney: '¥5',
      label: 'Hidden',
    });
  });
});

test.describe('cart and checkout', () => {
  test('the cart page lists, updates and removes lines in the store currency', async ({ page, consoleErrors }) => {
    await addToCart(page, 'Harbour print');
    await page.getByRole('link', { name: 'View cart' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    // The blocks page reaches third-party hosts that do not resolve here; the cart page must not.
    consoleErrors.length = 0;
    const root = page.locator('#sqs-cart-root');
    await expect(root.getByRole('rowheader')).toHaveText(['Harbour print']);
    // The server rendered the cart; its status line comes with the runtime, which makes it work.
    await expect(root.getByRole('status')).toBeAttached();
    await expect(root.locator('.cart-subtotal')).toHaveText('Subtotal $45.00');
    await root.getByLabel('Quantity for Harbour print').fill('2');
    await root.getByLabel('Quantity for Harbour print').press('Enter');
    await expect(root.locator('.cart-subtotal')).toHaveText('Subtotal $90.00');
    await expect(root.getByRole('status')).toHaveText('Cart updated.');
    // More than the stock (3) is refused with the server's message, and the cart stays.
    await root.getByLabel('Quantity for Harbour print').fill('5');
    await root.getByLabel('Quantity for Harbour print').press('Enter');
    await expect(root.getByRole('status')).toHaveText('Only 3 left in stock.');
    await root.getByRole('button', { name: 'Remove Harbour print' }).click();
    await expect(root.locator('.cart-empty')).toHaveText('Your cart is empty.');
    // Through the API, not the server's Remove form: the page did not reload.
    await expect(root.getByRole('status')).toHaveText('Harbour print removed.');
    await expect(root.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/blocks');
    // The refused change is a 400 the browser logs; nothing else.
    expect(consoleErrors.filter((e) => !e.includes('400'))).toEqual([]);
  });

  test('the cart’s count in the header follows the cart: 0 with no request, each change, the cart page, a purchase', async ({ page }) => {
    // The demo's header counts the cart, as a store theme's does.
    const count = page.getByRole('link', { name: /^Cart \(/ });
    const cartCalls: string[] = [];
    page.on('request', (request) => request.url().includes('/api/commerce/cart') && cartCalls.push(request.method()));
    await page.goto('/');
    await runtimeReady(page);
    await expect(count).toHaveText('Cart (0)');
    expect(cartCalls).toEqual([]);
    await addToCart(page, 'Harbour print');
    await expect(count).toHaveText('Cart (1)');
    await page.getByRole('button', { name: 'Add to cart: Harbour print' }).click();
    await expect(count).toHaveText('Cart (2)');
    // The server wrote the count as it served the page: the runtime does not ask again.
    cartCalls.length = 0;
    await page.goto('/');
    await runtimeReady(page);
    await page.waitForLoadState('networkidle');
    await expect(count).toHaveText('Cart (2)');
    expect(cartCalls).toEqual([]);
    await page.goto('/cart');
    await expect(count).toHaveText('Cart (2)');
    await page.locator('#sqs-cart-root').getByLabel('Quantity for Harbour print').fill('1');
    await page.locator('#sqs-cart-root').getByLabel('Quantity for Harbour print').press('Enter');
    await expect(count).toHaveText('Cart (1)');
    await page.goto('/commerce/goto-checkout');
    await fillBuyer(page, 'Ada Lovelace', 'count@example.com');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order confirmed');
    cartCalls.length = 0;
    await page.goto('/');
    await runtimeReady(page);
    await expect(count).toHaveText('Cart (0)');
    expect(cartCalls).toEqual([]);
  });

  test("a change on the cart page made before the header's count has loaded (a slow phone) shows in the count when it does", async ({ page }) => {
    await addToCart(page, 'Harbour print');
    await page.getByRole('button', { name: 'Add to cart: Harbour print' }).click();
    const count = page.getByRole('link', { name: /^Cart \(/ });
    await expect(count).toHaveText('Cart (2)');
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/chunks\/cart-count-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/cart');
    await runtimeReady(page);
    // The runtime's cart page has taken over; before, Enter would post the no-script form and the server would write 1.
    await expect(page.locator('#sqs-cart-root .cart-status')).toBeAttached();
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => frame === page.mainFrame() && navigations.push(frame.url()));
    await page.locator('#sqs-cart-root').getByLabel('Quantity for Harbour print').fill('1');
    await page.locator('#sqs-cart-root').getByLabel('Quantity for Harbour print').press('Enter');
    await expect(page.locator('#sqs-cart-root .cart-status')).toHaveText('Cart updated.');
    const cart = (await page.context().cookies()).find((cookie) => cookie.name === 'CART')!.value;
    await expect.poll(() => queryServerDb<{ quantity: number }>('SELECT quantity FROM cart_entries WHERE cart_token = ?', cart)[0]?.quantity).toBe(1);
    // The server wrote 2 into the count as it served the page; the change's answer came before the count started.
    await expect(count).toHaveText('Cart (2)');
    expect(navigations).toEqual([]);
    release();
    await expect(count).toHaveText('Cart (1)');
  });

  for (const [width, height] of [[390, 844], [1280, 800]] as const) {
    test(`the cart page fits ${width} px: nothing scrolls sideways and every control can be reached`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await addToCart(page, 'Harbour print');
      await watchLayoutShifts(page);
      await page.goto('/cart');
      const root = page.locator('#sqs-cart-root');
      await expect(root.getByRole('rowheader')).toHaveText(['Harbour print']);
      await expect(root.getByRole('status')).toBeAttached();
      // The server rendered the lines: nothing moves when the runtime takes them over.
      expect(await layoutShifted(page)).toBe(0);
      expect(await axeViolations(page, '#sqs-cart-root')).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      for (const control of [root.getByLabel('Quantity for Harbour print'), root.getByRole('button', { name: 'Remove Harbour print' }), root.getByRole('link', { name: 'Checkout' })]) {
        await control.scrollIntoViewIfNeeded();
        const box = (await control.boundingBox())!; // in the viewport's coordinates
        expect(box.x + box.width).toBeLessThanOrEqual(width);
        // The control itself is what a tap at its centre reaches.
        expect(await control.evaluate((element, [x, y]) => element === document.elementFromPoint(x!, y!), [box.x + box.width / 2, box.y + box.height / 2])).toBe(true);
      }
    });
  }

  test('with the runtime blocked, the cart page still shows the cart, changes it with Update, and Checkout goes to checkout', async ({ page }) => {
    await addToCart(page, 'Harbour print');
    await addToCart(page, 'Tote bag');
    await page.route('**/runtime/**', (route) => route.abort());
    await page.goto('/cart');
    const root = page.locator('#sqs-cart-root');
    await expect(root.getByRole('rowheader')).toHaveText(['Harbour print', 'Tote bag (Natural)']);
    await expect(root.locator('.cart-subtotal')).toHaveText('Subtotal $63.00');
    // The server wrote the header's count, too.
    const cartCount = page.getByRole('link', { name: /^Cart \(/ });
    await expect(cartCount).toHaveText('Cart (2)');
    // A quantity and Update post the form.
    await root.getByLabel('Quantity for Harbour print').fill('2');
    await root.getByRole('button', { name: 'Update cart' }).click();
    await expect(root.locator('.cart-subtotal')).toHaveText('Subtotal $108.00');
    await expect(page).toHaveURL(/\/cart$/);
    // Enter in a quantity field is Update, not the first Remove; Remove posts its line alone.
    await root.getByLabel('Quantity for Tote bag').fill('3');
    await root.getByLabel('Quantity for Tote bag').press('Enter');
    await expect(root.locator('.cart-subtotal')).toHaveText('Subtotal $144.00');
    await expect(cartCount).toHaveText('Cart (5)');
    await root.getByRole('button', { name: 'Remove Tote bag' }).click();
    await expect(root.getByRole('rowheader')).toHaveText(['Harbour print']);
    // More than the stock (3): the field offers no more, so the browser refuses it before sending.
    const quantity = root.getByLabel('Quantity for Harbour print');
    await expect(quantity).toHaveAttribute('max', '3');
    await quantity.fill('9');
    await root.getByRole('button', { name: 'Update cart' }).click();
    expect(await quantity.evaluate((field: HTMLInputElement) => field.validity.rangeOverflow)).toBe(true);
    await expect(page).toHaveURL(/\/cart$/);
    // A page older than the stock (someone bought meanwhile) sends it: the server refuses, and the page says so.
    await quantity.evaluate((field: HTMLInputElement) => (field.form!.noValidate = true));
    await root.getByRole('button', { name: 'Update cart' }).click();
    await expect(root.getByRole('alert')).toHaveText('Not that many are left in stock: your cart shows what it holds now.');
    await expect(root.getByLabel('Quantity for Harbour print')).toHaveValue('2');
    expect(await axeViolations(page, '#sqs-cart-root')).toEqual([]);
    await root.getByRole('link', { name: 'Checkout' }).click();
    await expect(page).toHaveURL(/\/commerce\/goto-checkout$/);
    await expect(page.locator('.order-total')).toHaveText('$90.00');
  });

  test('a cart bundle that cannot load is logged as the spec says; the page stays usable', async ({ page, consoleErrors }) => {
    await page.route('**/runtime/chunks/cart-*.js', (route) => route.abort());
    await page.goto('/cart');
    await runtimeReady(page);
    await expect.poll(() => consoleErrors.some((e) => e.startsWith('Failed to load cart page bundle'))).toBe(true);
    expect(consoleErrors.some((e) => e.startsWith('uncaught'))).toBe(false);
    await expect(page.getByRole('link', { name: 'Cart (0)' })).toBeVisible();
  });

  test('checkout without the cart cookie shows the spec alert; with it, the order is placed', async ({ page, context }) => {
    await addToCart(page, 'Tote bag');
    await page.goto('/cart');
    await expect(page.locator('.cart-checkout')).toBeVisible();
    await expect(page.locator('#sqs-cart-root .cart-status')).toBeAttached();
    await context.clearCookies({ name: 'CART' });
    await page.locator('.cart-checkout').click();
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await expect(dialog).toContainText(NO_CART);
    await expect(page).toHaveURL(/\/cart$/);
    // The server says the same to a visitor who arrives without the cookie.
    await page.goto('/commerce/goto-checkout');
    await expect(page.getByRole('alert')).toHaveText(NO_CART);
  });

  test('an order places, stores its lines and opens review requests', async ({ page }) => {
    const token = await buy(page, 'Set of prints', 'set@example.com');
    const rows = queryServerDb<{ kind: string; total_cents: number; lines_json: string }>(
      "SELECT o.kind, o.total_cents, o.lines_json FROM orders o JOIN review_requests r ON r.order_id = o.id WHERE r.token = ?",
      token,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.kind).toBe('order');
    expect(rows[0]!.total_cents).toBe(9900);
    expect(JSON.parse(rows[0]!.lines_json)[0]).toMatchObject({ sku: 'SQ1000002', title: 'Set of prints', quantity: 1 });
    // The cart is spent: its cookie is gone.
    expect((await page.context().cookies()).some((c) => c.name === 'CART')).toBe(false);
    // The confirmation the server made, and its checkout page refusing a bad address.
    expect(await axeViolations(page)).toEqual([]);
    await addToCart(page, 'Tote bag');
    await page.goto('/commerce/goto-checkout');
    await fillBuyer(page, 'Ada', 'not-an-address@');
    await page.locator('#checkout-email').evaluate((input: HTMLInputElement) => (input.type = 'text'));
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please enter your name and a valid email.');
    expect(await axeViolations(page)).toEqual([]);
  });

  test('donate, subscribe and gift card each place their order and confirm it', async ({ page }) => {
    await page.goto('/blocks');
    await runtimeReady(page);
    await page.locator('#block-donate').getByLabel('$25.00').check();
    await page.locator('#block-donate').getByRole('button', { name: 'Donate' }).click();
    await expect(page).toHaveURL(/\/checkout\/donate\?donatePageId=studio-fund&amount=2500$/);
    await expect(page.getByLabel('Amount (USD)')).toHaveValue('25');
    await fillBuyer(page, 'Bo', 'bo@example.com');
    await page.getByRole('button', { name: 'Donate' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contribution confirmed');
    await expect(page.locator('.order-total')).toHaveText('$25.00');

    await page.goto('/blocks');
    await runtimeReady(page);
    await expect(page.locator('.product-renews')).toHaveText('renews every month for 12 payments');
    await page.getByRole('button', { name: 'Subscribe: Print club' }).click();
    await expect(page).toHaveURL(/\/checkout\/subscribe\?cartToken=[\w-]+$/);
    await expect(page.locator('.checkout-intro')).toHaveText('Print club: renews every month for 12 payments.');
    await fillBuyer(page, 'Cy', 'cy@example.com');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscription confirmed');

    await page.goto('/blocks');
    await runtimeReady(page);
    await page.getByRole('link', { name: 'Buy a gift card' }).click();
    await expect(page).toHaveURL(/\/checkout\/giftcard\?websiteId=\w+&giftCardProductId=gift-card&sku=SQ1000009$/);
    await fillBuyer(page, 'Di', 'di@example.com');
    await page.getByLabel('Recipient email').fill('friend@example.com');
    await page.getByRole('button', { name: 'Buy gift card' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order received');
    await expect(page.locator('.order-message')).toHaveText('Thank you, Di. The gift card will be sent to friend@example.com.');
    const kinds = queryServerDb<{ kind: string }>("SELECT kind FROM orders WHERE email IN ('bo@example.com', 'cy@example.com', 'di@example.com') ORDER BY created_at").map((r) => r.kind);
    expect(kinds).toEqual(['donation', 'subscription', 'giftcard']);
  });
});

/**
 * The runtime has taken over the review form the server rendered (it sets `novalidate`): its page
 * chunk loads after `ready`, and a click before then posts the server's form instead.
 */
async function reviewFormAdopted(page: Page): Promise<void> {
  await runtimeReady(page);
  await expect(page.locator('form.review-form[novalidate]')).toBeAttached();
}

test.describe('product-review request page (page type 209)', () => {
  test('a review is required to have stars, is stored once, then already reviewed', async ({ page, browser, baseURL }) => {
    // A purchase through the checkout before the review: 22 s in a loaded CI run.
    test.setTimeout(60_000);
    const token = await buy(page, 'Harbour print', 'review@example.com');
    const chunks: string[] = [];
    page.on('request', (r) => r.url().includes('/runtime/chunks/review-') && chunks.push(r.url()));
    await watchLayoutShifts(page);
    await page.goto(`/commerce/reviews?token=${token}`);
    await expect(page.getByRole('heading', { name: 'Rate your purchase' })).toBeVisible();
    await reviewFormAdopted(page);
    expect(chunks).toHaveLength(1);
    // The server rendered the form: the runtime adopts it, and nothing moves.
    expect(await layoutShifted(page)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await expect(page.locator('.review-product')).toHaveText('Harbour print');
    await expect(page.getByRole('group', { name: 'Rating (required)' })).toBeVisible();
    await expect(page.locator('.review-counter')).toHaveText('1000 characters left');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.locator('.review-error')).toHaveText('Please select a star rating');
    await expect(page.getByRole('radio', { name: '1 star' })).toBeFocused();
    // Keyboard: arrows move through the radio group.
    await page.keyboard.press('Space');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await expect(page.locator('.review-error')).toHaveText('');
    await page.getByLabel('Describe your experience').fill('Lovely print.');
    await expect(page.locator('.review-counter')).toHaveText('987 characters left');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('heading', { name: 'Thanks for your feedback' })).toBeFocused();
    // To the demo's store page (site.json storeSettings.continueShoppingLinkUrl).
    await expect(page.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/blocks');
    const stored = queryServerDb<{ rating: number; body: string }>('SELECT rating, body FROM reviews WHERE request_token = ?', token);
    expect(stored).toEqual([{ rating: 4, body: 'Lovely print.' }]);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('You have already reviewed this purchase');
    // A second submission straight to the API is refused too.
    const again = await api(page, 'POST', '/api/commerce/reviews', { token, rating: 5 });
    expect(again.status()).toBe(409);
    expect(queryServerDb('SELECT id FROM reviews WHERE request_token = ?', token)).toHaveLength(1);

    // The owner sees it.
    const owner = await browser.newContext({ baseURL });
    const ownerPage = await owner.newPage();
    await ownerPage.goto('/plain');
    expect((await api(ownerPage, 'POST', '/api/auth/Login', OWNER)).ok()).toBe(true);
    const list = (await (await api(ownerPage, 'GET', '/api/owner/reviews')).json()) as { reviews: Array<{ productTitle: string; rating: number }> };
    expect(list.reviews).toEqual(expect.arrayContaining([expect.objectContaining({ productTitle: 'Harbour print', rating: 4 })]));
    // And in the config app's panel: the rating said in words, the stars only drawn.
    await ownerPage.goto('/config/?frameUrl=%2Fplain');
    const reviews = ownerPage.locator('#config-panel').getByRole('region', { name: 'Product reviews' });
    const item = reviews.locator('li', { hasText: 'Lovely print.' }).first();
    await expect(item.locator('strong')).toHaveText('Harbour print');
    await expect(item).toContainText('4 of 5 stars');
    await expect(item.locator('[aria-hidden="true"]')).toHaveText('★★★★☆');
    expect(await axeViolations(ownerPage)).toEqual([]);
    await owner.close();
  });

  test('an expired request, a server failure and a hostile token', async ({ page }) => {
    const token = await buy(page, 'Printmaking e-book', 'expired@example.com');
    // Stands in for thirty days passing.
    expect(updateServerDb('UPDATE review_requests SET expires_at = ? WHERE token = ?', Date.now() - 1000, token)).toBe(1);
    await page.goto(`/commerce/reviews?token=${token}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your review request has expired');

    const open = await buy(page, 'Tote bag', 'failure@example.com');
    await page.route('**/api/commerce/reviews?**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
    await page.goto(`/commerce/reviews?token=${open}`);
    // The runtime's form, not the server's (which would post the page away before the API could fail).
    await reviewFormAdopted(page);
    await page.getByRole('radio', { name: '5 stars' }).check();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.locator('.review-status')).toHaveText('Something went wrong. Try submitting your review again');
    await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
    await page.unroute('**/api/commerce/reviews?**');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('heading', { name: 'Thanks for your feedback' })).toBeVisible();

    const alerts: string[] = [];
    page.on('dialog', (d) => {
      alerts.push(d.message());
      void d.dismiss();
    });
    await page.goto('/commerce/reviews?token=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Something went wrong');
    expect(alerts).toEqual([]);
  });

  test('with the runtime blocked, the page the server rendered still takes the review', async ({ page }) => {
    const token = await buy(page, 'Harbour print', 'no-script@example.com');
    await page.route('**/runtime/**', (route) => route.abort());
    await page.goto(`/commerce/reviews?token=${token}`);
    await expect(page.getByRole('heading', { name: 'Rate your purchase' })).toBeVisible();
    await page.getByLabel('Describe your experience').fill('Fine paper.');
    await page.getByRole('radio', { name: '3 stars' }).check();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('heading', { name: 'Thanks for your feedback' })).toBeVisible();
    expect(queryServerDb<{ rating: number; body: string }>('SELECT rating, body FROM reviews WHERE request_token = ?', token)).toEqual([{ rating: 3, body: 'Fine paper.' }]);
  });
});
