import type { Page } from '@playwright/test';
import { OWNER, api, expect, queryServerDb, runtimeReady, test, visitorIdOf } from './fixtures';

/** A stand-in for the reservation provider's script: it draws a button for the business. */
const TOCK_STUB = `window.tock = (command, slug) => {
  window.__tock = (window.__tock || []).concat([[command, slug]]);
  const host = document.querySelector('[data-tock-business="' + slug + '"]');
  const button = document.createElement('button');
  button.textContent = 'Book now';
  setTimeout(() => host.append(button), 10);
};`;
async function stubReservations(page: Page): Promise<string[]> {
  const asked: string[] = [];
  await page.route('https://www.exploretock.com/**', (route) => {
    asked.push(route.request().url());
    return route.fulfill({ contentType: 'text/javascript', body: TOCK_STUB });
  });
  return asked;
}

test.beforeEach(async ({ page }) => {
  await stubReservations(page);
  // The demo page asks for a Google font and widgets: answer them here, nothing leaves the machine.
  await page.route('https://fonts.googleapis.com/**', (route) => route.fulfill({ contentType: 'text/css', body: '/* stub */' }));
  await page.route(/^https:\/\/(embed\.acuityscheduling\.com|widget\.zola\.com|app\.acuityscheduling\.com)\//, (route) =>
    route.fulfill({ contentType: route.request().url().endsWith('.js') ? 'text/javascript' : 'text/html', body: route.request().url().endsWith('.js') ? 'window.__widgets = (window.__widgets || 0) + 1;' : '<p>stub</p>' }),
  );
});

test.describe('content blocks', () => {
  test('menu: tabs, the first selected, arrows cycle, Enter and Space select, mouse too', async ({ page, consoleErrors }) => {
    await page.goto('/blocks');
    await runtimeReady(page);
    const menu = page.locator('#block-menu');
    const tabs = menu.getByRole('tab');
    await expect(tabs).toHaveText(['Breakfast', 'Lunch', 'Dinner']);
    await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true');
    await expect(menu.getByRole('tabpanel')).toHaveCount(1);
    await expect(menu.getByRole('tabpanel')).toContainText('Porridge');
    await tabs.nth(0).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(tabs.nth(2)).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(tabs.nth(0)).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(tabs.nth(1)).toBeFocused();
    await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(menu.getByRole('tabpanel', { name: 'Lunch' })).toContainText('Soup of the day');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press(' ');
    await expect(menu.getByRole('tabpanel', { name: 'Dinner' })).toBeVisible();
    await tabs.nth(0).click();
    await expect(menu.getByRole('tabpanel', { name: 'Breakfast' })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('member-area pricing: two options swap pressed state, prices and join buttons', async ({ page }) => {
    await page.goto('/blocks');
    await runtimeReady(page);
    const block = page.locator('#block-members');
    const monthly = block.getByRole('button', { name: 'Monthly' });
    const yearly = block.getByRole('button', { name: 'Yearly' });
    await expect(monthly).toHaveAttribute('aria-pressed', 'true');
    await expect(block.getByText('$10 a month')).toBeVisible();
    await expect(block.getByText('$100 a year')).toBeHidden();
    await yearly.focus();
    await page.keyboard.press('Enter');
    await expect(yearly).toHaveAttribute('aria-pressed', 'true');
    await expect(monthly).toHaveAttribute('aria-pressed', 'false');
    await expect(block.getByText('$100 a year')).toBeVisible();
    await expect(block.getByRole('link', { name: 'Join yearly' })).toBeVisible();
    await expect(block.getByRole('link', { name: 'Join monthly' })).toBeHidden();
  });

  test('audio: the native player, and a census audio event on play', async ({ page }) => {
    await page.goto('/blocks');
    await runtimeReady(page);
    const player = page.locator('#block-audio audio');
    await expect(player).toHaveAttribute('aria-label', 'A 440 Hz tone');
    await player.evaluate((audio: HTMLAudioElement) => {
      audio.muted = true;
      return audio.play();
    });
    await expect
      .poll(async () => queryServerDb<{ n: number }>("SELECT count(*) AS n FROM census_hits WHERE event = 'audio' AND visitor_id = ?", await visitorIdOf(page.context()))[0]!.n, { timeout: 10_000 })
      .toBe(1);
  });

  test('search: the block goes to /search?q=, which lists the matching pages and records a site search', async ({ page }) => {
    await page.goto('/blocks');
    await runtimeReady(page);
    const box = page.locator('#block-search-box');
    await expect(box.getByRole('searchbox', { name: 'Search' })).toHaveAttribute('placeholder', 'Search the demo');
    await box.getByRole('searchbox').fill('accordion');
    await box.getByRole('searchbox').press('Enter');
    await page.waitForURL(/\/search\?q=accordion$/);
    await runtimeReady(page);
    const results = page.locator('.search-results');
    await expect(results.getByRole('heading')).toHaveText(/results? for “accordion”/);
    await expect(results.getByRole('link', { name: 'FAQ · Tessera demo' })).toHaveAttribute('href', '/faq');
    await expect(page.locator('#block-search').getByRole('searchbox')).toHaveValue('accordion');
    await expect
      .poll(async () => queryServerDb<{ n: number }>("SELECT count(*) AS n FROM census_hits WHERE event = 'siteSearch' AND data_json LIKE '%accordion%' AND visitor_id = ?", await visitorIdOf(page.context()))[0]!.n, { timeout: 10_000 })
      .toBe(1);
    // A hostile query is shown as text.
    await page.goto('/search?q=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E');
    await expect(page.locator('.search-results h2')).toContainText('<img src=x onerror=alert(1)>');
    await expect(page.locator('.search-results img')).toHaveCount(0);
  });

  test('summary: an events summary is refreshed from the server, past events gone', async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/widget/GetWidgetRendering')) calls.push(request.postData() ?? '');
    });
    await page.goto('/blocks');
    await runtimeReady(page);
    const events = page.locator('#block-events');
    await expect(events.getByRole('listitem')).toHaveCount(3);
    await expect(events).not.toContainText('Gallery opening night');
    await expect(events.getByRole('link').first()).toHaveText('Spring workshop');
    const form = new URLSearchParams(calls[0]);
    expect(form.get('collectionId')).toBe('events0000000000000000001');
    expect(JSON.parse(form.get('widgetJSON')!)).toMatchObject({ type: 'summary-v2', id: 'events', value: { pageSize: 3 } });
  });

  test('reservation: the provider script once, the widget with the slug, a primary button, layouts by width', async ({ page, consoleErrors }) => {
    await page.unroute('https://www.exploretock.com/**');
    const asked = await stubReservations(page);
    await page.goto('/blocks');
    await runtimeReady(page);
    const block = page.locator('#block-reserve');
    await expect(block.getByRole('button', { name: 'Book now' })).toHaveClass(/sqs-button-element--primary/);
    expect(asked).toEqual(['https://www.exploretock.com/tock.js']);
    expect(await page.evaluate(() => (window as unknown as { __tock: unknown }).__tock)).toEqual([['init', 'tessera-cafe']]);
    for (const [width, layout] of [[700, 'column'], [750, 'column'], [800, 'standard'], [851, 'wide']] as const) {
      await block.evaluate((element, w) => ((element as HTMLElement).style.width = `${w}px`), width);
      await expect(block).toHaveAttribute('data-layout', layout);
    }
    expect(consoleErrors).toEqual([]);
  });

  test('reservation: a signed-in owner gets Preview Only; a script that cannot load says so', async ({ page }) => {
    await page.goto('/plain');
    expect((await api(page, 'POST', '/api/auth/Login', OWNER)).ok()).toBe(true);
    // noredirect: the signed-in owner stays on the page instead of the config area.
    await page.goto('/blocks?noredirect');
    await runtimeReady(page);
    await page.locator('#block-reserve').getByRole('button', { name: 'Reserve' }).click();
    const dialog = page.getByRole('dialog', { name: 'Preview Only' });
    await expect(dialog).toContainText('Please log out of your account in order to use the block.');
    // A visitor again (the owner's session gone), one who has accepted cookies: else the reservation waits behind the consent gate.
    await page.context().clearCookies();
    await page.context().addCookies([{ name: 'ss_cookieAllowed', value: 'true', url: page.url() }]);

    await page.unroute('https://www.exploretock.com/**');
    await page.route('https://www.exploretock.com/**', (route) => route.abort('internetdisconnected'));
    await page.goto('/blocks');
    await runtimeReady(page);
    await expect(page.locator('#block-reserve')).toContainText('Reservations could not be loaded. Please try again later.');
  });

  test('enhancements: the font stylesheet from the context, a heading fitted to its width, a block animated in when half visible', async ({ page }) => {
    await page.setViewportSize({ width: 420, height: 800 });
    await page.goto('/blocks');
    await runtimeReady(page);
    await expect(page.locator('link[rel="stylesheet"][href^="https://fonts.googleapis.com/css2?family=Fraunces"]')).toHaveCount(1);
    const title = page.locator('h1.fit-title');
    await expect.poll(() => title.evaluate((h) => parseFloat(getComputedStyle(h).fontSize))).toBeLessThan(64);
    const fits = await title.evaluate((h) => {
      h.style.whiteSpace = 'nowrap';
      const ok = h.scrollWidth <= h.clientWidth + 1;
      h.style.whiteSpace = '';
      return ok;
    });
    expect(fits).toBe(true);
    expect(await title.evaluate((h) => parseFloat(getComputedStyle(h).fontSize))).toBeGreaterThanOrEqual(11);
    const card = page.locator('#animated');
    await expect(card).toHaveAttribute('data-animation-state', 'out');
    await card.scrollIntoViewIfNeeded();
    await expect(card).toHaveAttribute('data-animation-state', 'in');
  });

  for (const width of [390, 1280]) {
    test(`chart at ${width} px: drawn for its width, its labels at least 10 px high, turned phones drawn again`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/blocks');
      await runtimeReady(page);
      const graphic = page.locator('#block-visitors-chart svg');
      const smallestLabel = () => graphic.evaluate((svg) => Math.min(...[...svg.querySelectorAll('text')].map((t) => t.getBoundingClientRect().height)));
      await expect.poll(smallestLabel).toBeGreaterThanOrEqual(10);
      const box = (await graphic.boundingBox())!;
      expect(box.width).toBeLessThanOrEqual(width);
      expect(await graphic.getAttribute('viewBox')).toBe(width < 600 ? `0 0 ${box.width} ${(box.width * 8) / 15}` : '0 0 600 320');
      await page.setViewportSize({ width: 800, height: width });
      await expect.poll(() => graphic.getAttribute('viewBox')).toBe('0 0 600 320');
      await expect.poll(smallestLabel).toBeGreaterThanOrEqual(10);
    });
  }

  test('enhancements under reduced motion: blocks are simply in', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/blocks');
    await runtimeReady(page);
    await expect(page.locator('#animated')).toHaveAttribute('data-animation-state', 'in');
  });

  test('scheduling and wedding widgets: each provider script once, widgets built from validated ids', async ({ page }) => {
    const scripts: string[] = [];
    const frames: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('.js') && /acuityscheduling|zola/.test(request.url())) scripts.push(request.url());
      if (request.url().startsWith('https://app.acuityscheduling.com/')) frames.push(request.url());
    });
    await page.goto('/blocks');
    await runtimeReady(page);
    await expect(page.locator('#block-acuity iframe')).toHaveAttribute('src', 'https://app.acuityscheduling.com/schedule.php?owner=123456');
    await expect(page.locator('#block-acuity iframe')).toHaveAttribute('title', 'Book a printmaking lesson');
    // The scheduling frame is left to the browser to load as it nears the viewport (on this
    // page it is within the distance at which Chromium starts a lazy frame: it loads once).
    await expect(page.locator('#block-acuity iframe')).toHaveAttribute('loading', 'lazy');
    await page.locator('#block-acuity').scrollIntoViewIfNeeded();
    await expect.poll(() => frames).toEqual(['https://app.acuityscheduling.com/schedule.php?owner=123456']);
    await expect(page.locator('#block-zola a.zola-registry-embed')).toHaveAttribute('data-registry-key', 'tessera-and-co');
    await expect.poll(() => page.evaluate(() => (window as unknown as { __widgets?: number }).__widgets)).toBe(2);
    expect(scripts.sort()).toEqual(['https://embed.acuityscheduling.com/js/embed.js', 'https://widget.zola.com/js/widget.js']);
  });

  for (const [width, height] of [[390, 844], [1280, 800]] as const) {
    test(`scheduling that cannot reach its provider leaves no empty frame, at ${width} px: the block's own link and the message`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await page.unroute(/^https:\/\/(embed\.acuityscheduling\.com|widget\.zola\.com|app\.acuityscheduling\.com)\//);
      await page.route(/^https:\/\/(embed\.acuityscheduling\.com|widget\.zola\.com|app\.acuityscheduling\.com)\//, (route) => route.abort('internetdisconnected'));
      await page.goto('/blocks');
      await runtimeReady(page);
      const block = page.locator('#block-acuity');
      await expect(block.getByRole('status')).toHaveText('This widget could not be loaded. Please try again later.');
      await expect(block.locator('iframe')).toHaveCount(0);
      await expect(block.getByRole('link', { name: 'Book a lesson' })).toBeVisible();
      expect((await block.boundingBox())!.height).toBeLessThan(200);
    });
  }

  test('product list: prices in the store currency, sale, from, sold out; a quick view dialog that is recorded', async ({ page }) => {
    await page.goto('/blocks');
    await runtimeReady(page);
    const list = page.locator('#block-products');
    const item = (name: string) => list.getByRole('listitem').filter({ has: page.getByRole('link', { name }) });
    await expect(item('Harbour print').locator('.product-price')).toHaveText('$45.00');
    // A sale's prices are said for what they are: the strikethrough alone is not read out.
    await expect(item('Set of prints').locator('.product-price')).toHaveText('Original price: $120.00 Sale price: $99.00');
    await expect(item('Set of prints').locator('del')).toHaveText('Original price: $120.00');
    for (const label of await item('Set of prints').locator('.site-visually-hidden').all()) expect((await label.boundingBox())!.width).toBeLessThanOrEqual(1);
    await expect(item('Tote bag').locator('.product-price')).toHaveText('from $18.00');
    await expect(item('Studio mug')).toContainText('Sold out');
    await expect(item('Printmaking e-book')).not.toContainText('Sold out');
    const view = list.getByRole('button', { name: 'Quick view: Harbour print' });
    // Quick views are counted without a visitor (other tests open this one too): this page's is answered, and one more is stored.
    const quickViews = () => queryServerDb<{ n: number }>("SELECT count(*) AS n FROM census_hits WHERE event = 'quickView' AND path = '/quick-view/print-harbour'")[0]!.n;
    const before = quickViews();
    const recorded = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().includes('/print-harbour'));
    await view.click();
    const dialog = page.getByRole('dialog', { name: 'Harbour print' });
    await expect(dialog).toContainText('A4 giclée print on cotton paper.');
    await expect(dialog.getByRole('link', { name: 'View product' })).toHaveAttribute('href', '/plain?product=harbour');
    expect((await recorded).status()).toBe(200);
    await expect.poll(quickViews, { timeout: 10_000 }).toBeGreaterThan(before);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(view).toBeFocused();
  });

  test('donation: an amount in the store currency leads to the donate route', async ({ page }) => {
    await page.goto('/blocks');
    await runtimeReady(page);
    const block = page.locator('#block-donate');
    await expect(block.getByRole('group', { name: 'Give to the studio fund' })).toBeVisible();
    await block.getByRole('radio', { name: '$25.00' }).check();
    await block.getByRole('button', { name: 'Donate' }).click();
    await page.waitForURL(/\/checkout\/donate\?donatePageId=studio-fund&amount=2500$/);
    await page.goto('/blocks');
    await runtimeReady(page);
    await page.locator('#block-donate').getByRole('spinbutton', { name: 'Other amount' }).fill('12.34');
    await page.locator('#block-donate').getByRole('button', { name: 'Donate' }).click();
    await page.waitForURL(/amount=1234$/);
  });
});
