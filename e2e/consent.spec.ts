import { test, expect, hidePage, queryServerDb, runtimeReady, visitorIdOf } from './fixtures';
import type { BrowserContext, Page } from '@playwright/test';

test.use({ consented: false });

const THIRTY_DAYS_S = 30 * 24 * 60 * 60;
const consentCookie = async (context: BrowserContext) => (await context.cookies()).find((c) => c.name === 'ss_cookieAllowed');

test('the site banner asks once: Accept stores true for 30 days on path /', async ({ page, context }) => {
  await page.goto('/');
  // The runtime's answer (a click before it arrives posts the served banner's form: tested below).
  await runtimeReady(page);
  const banner = page.getByRole('region', { name: 'Cookie banner' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('This demo uses cookies to count visits.');
  await expect(banner).toHaveClass(/site-cookie-banner-bar/);
  await expect(banner).toHaveClass(/site-cookie-banner-bottom/);
  await banner.getByRole('button', { name: 'Accept cookies' }).click();
  await expect(banner).toHaveCount(0);
  const cookie = (await consentCookie(context))!;
  expect(cookie.value).toBe('true');
  expect(cookie.path).toBe('/');
  expect(cookie.expires - Date.now() / 1000).toBeGreaterThan(THIRTY_DAYS_S - 60);
  expect(cookie.expires - Date.now() / 1000).toBeLessThanOrEqual(THIRTY_DAYS_S + 1);
  expect(await page.evaluate(() => window.SiteRuntime!.consent.state())).toBe(true);
  const chunks: string[] = [];
  page.on('request', (request) => request.url().includes('/chunks/banner-') && chunks.push(request.url()));
  await page.reload();
  await runtimeReady(page);
  await expect(page.getByRole('region', { name: 'Cookie banner' })).toHaveCount(0);
  expect(chunks).toEqual([]); // the banner chunk loads only when it must be shown
});

test('the server renders the banner into the page, so it paints with it; the runtime adopts it', async ({ page }) => {
  // Without the runtime the banner is there, styled.
  await page.route('**/runtime/site.js', (route) => route.abort());
  await page.goto('/cart');
  const banner = page.getByRole('region', { name: 'Cookie banner' });
  await expect(banner).toBeVisible();
  await expect(banner).toHaveCSS('position', 'fixed');
  // On a page that does not link runtime.css (/classic) its styles come inline: no request before the first paint.
  expect(await (await page.request.get('/classic')).text()).toMatch(/<style>[^<]*\.site-cookie-banner\{[^<]*<\/style>\n<\/head>/);
  await page.unroute('**/runtime/site.js');
  await page.setViewportSize({ width: 412, height: 823 }); // a phone, where the banner's text is the largest
  await page.reload();
  await runtimeReady(page);
  await expect(page.locator('section.site-cookie-banner')).toHaveCount(1);
  await expect(banner.getByRole('button', { name: 'Accept cookies' })).toBeEnabled();
  await expect(banner.getByRole('button', { name: 'No thanks' })).toBeEnabled();
  await expect(page.locator('.site-cookie-banner [aria-live]')).toHaveText('Cookie banner: This demo uses cookies to count visits. How we use cookies.');
  const paints = await page.evaluate(
    () =>
      new Promise<{ fcp: number; banner: number | null }>((resolve) => {
        const fcp = performance.getEntriesByName('first-contentful-paint')[0]!.startTime;
        new PerformanceObserver((list) => {
          const entry = list.getEntries().find((e) => (e as LargestContentfulPaint).element?.closest('.site-cookie-banner')) as LargestContentfulPaint | undefined;
          resolve({ fcp, banner: entry ? entry.startTime : null });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  // The banner's text is painted in the first contentful paint, not after the runtime's chunks.
  expect(paints.banner).toBe(paints.fcp);
});

test('a page whose runtime never arrives: the banner the server rendered still answers, as a form', async ({ page, context, baseURL }) => {
  await page.route('**/runtime/site.js', (route) => route.abort());
  await page.goto('/faq?from=nav');
  const banner = page.getByRole('region', { name: 'Cookie banner' });
  // A theme that draws its forms as cards (MVP.css) does not reach the banner's.
  await page.addStyleTag({ content: 'form{border:1px solid;border-radius:6px;box-shadow:0 0 8px #000;margin:2rem;min-width:400px;padding:1.5rem}' });
  const actions = banner.locator('form');
  for (const [property, value] of [['padding', '0px'], ['margin', '0px'], ['border-width', '0px'], ['box-shadow', 'none'], ['min-width', '0px']]) await expect(actions).toHaveCSS(property!, value!);
  await banner.getByRole('button', { name: 'Accept cookies' }).click();
  // Back on the same page, answered: the cookie as the runtime writes it, for 30 days.
  await expect(page).toHaveURL(/\/faq\?from=nav$/);
  await expect(page.locator('section.site-cookie-banner')).toHaveCount(0);
  const cookie = (await context.cookies(baseURL)).find((c) => c.name === 'ss_cookieAllowed')!;
  expect(cookie).toMatchObject({ value: 'true', path: '/', httpOnly: false, sameSite: 'Lax' });
  expect(Math.abs(cookie.expires - (Date.now() / 1000 + 30 * 24 * 3600))).toBeLessThan(120);
});

test('a browser without scripts gets no banner: nothing there would track', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  for (const path of ['/cart', '/classic']) {
    await page.goto(path);
    await expect(page.locator('section.site-cookie-banner')).toHaveCount(1); // rendered, in case scripts run
    await expect(page.locator('section.site-cookie-banner')).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  await context.close();
});

test('Decline stores false and removes the banner', async ({ page, context }) => {
  await page.goto('/');
  await runtimeReady(page);
  await page.getByRole('button', { name: 'No thanks' }).click();
  await expect(page.getByRole('region', { name: 'Cookie banner' })).toHaveCount(0);
  expect((await consentCookie(context))!.value).toBe('false');
  expect(await page.evaluate(() => window.SiteRuntime!.consent.state())).toBe(false);
});

test('the defaults: default text, an ICON accept with a name, OPT_IN only, popup corner', async ({ page }) => {
  await page.goto('/cookies-popup');
  const banner = page.getByRole('region', { name: 'Cookie banner' });
  await expect(banner).toContainText(
    'By using this website, you agree to our use of cookies. We use cookies to provide you with a great experience and to help our website run effectively.',
  );
  await expect(banner).toHaveClass(/site-cookie-banner-popup/);
  await expect(banner).toHaveClass(/site-cookie-banner-top-right/);
  await expect(banner).toHaveClass(/site-cookie-banner-light/);
  await expect(banner.getByRole('button')).toHaveCount(1);
  await expect(banner.getByRole('button', { name: 'Accept' })).toBeVisible();
});

test('works by keyboard and does not trap focus', async ({ page, context }) => {
  await page.goto('/faq');
  await runtimeReady(page);
  const accept = page.getByRole('button', { name: 'Accept cookies' });
  await expect(accept).toBeVisible();
  // The banner follows the page in tab order: footer link → banner link → No thanks → Accept.
  await page.getByRole('link', { name: 'sign in' }).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('region', { name: 'Cookie banner' }).getByRole('link', { name: 'How we use cookies' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'No thanks' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(accept).toBeFocused();
  await page.keyboard.press('Tab'); // and out again: no trap
  await expect(accept).not.toBeFocused();
  await accept.focus();
  await page.keyboard.press('Enter');
  expect((await consentCookie(context))!.value).toBe('true');
});

test('screenshot mode shows no banner', async ({ page }) => {
  await page.goto('/?sqsscreenshot=true');
  await runtimeReady(page);
  await page.waitForTimeout(300);
  await expect(page.getByRole('region', { name: 'Cookie banner' })).toHaveCount(0);
});

test('force, update and unforce preview the banner without touching the cookie', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'ss_cookieAllowed', value: 'true', url: baseURL! }]);
  await page.goto('/faq');
  await runtimeReady(page);
  const banner = page.getByRole('region', { name: 'Cookie banner' });
  await expect(banner).toHaveCount(0);
  await page.evaluate(() => document.dispatchEvent(new CustomEvent('cookieBanner:force', { detail: { cookieBannerTheme: 'LIGHT' } })));
  await expect(banner).toHaveClass(/site-cookie-banner-light/);
  await page.evaluate(() => document.dispatchEvent(new CustomEvent('cookieBanner:update', { detail: { cookieBannerText: '<p>Preview text</p>' } })));
  await expect(banner).toContainText('Preview text');
  await expect(banner).toHaveClass(/site-cookie-banner-light/);
  await banner.getByRole('button', { name: 'No thanks' }).click(); // a preview stores nothing
  expect((await consentCookie(context))!.value).toBe('true');
  await page.evaluate(() => document.dispatchEvent(new CustomEvent('cookieBanner:force')));
  await expect(banner).toBeVisible();
  await page.evaluate(() => document.dispatchEvent(new CustomEvent('cookieBanner:unforce')));
  await expect(banner).toHaveCount(0);
});

test('a restrictive policy without consent clears the tracking cookies', async ({ page, context, baseURL }) => {
  const names = ['SS_MATTR', 'SS_MID', 'SS_lastvisit', 'user_segment', 'ss_cid', 'ss_cpvisit', 'ss_cvisit', 'ss_cvr', 'ss_cvt'];
  await context.addCookies([...names, 'unrelated'].map((name) => ({ name, value: '1', url: baseURL! })));
  await page.goto('/');
  await runtimeReady(page);
  const left = (await context.cookies()).map((c) => c.name);
  for (const name of names) expect(left, name).not.toContain(name);
  expect(left).toContain('unrelated');
  // With consent they stay.
  await page.getByRole('button', { name: 'Accept cookies' }).click();
  await context.addCookies([{ name: 'ss_cvr', value: 'x|1|2|3|1', url: baseURL! }]);
  await page.reload();
  await runtimeReady(page);
  expect((await context.cookies()).map((c) => c.name)).toContain('ss_cvr');
});

test('a visitor who declines after accepting (a theme\'s cookie settings link calling SiteRuntime.consent.decline()) keeps no tracking cookie and is counted no further on the page', async ({ page, context }) => {
  await page.goto('/');
  await runtimeReady(page);
  await page.getByRole('button', { name: 'Accept cookies' }).click();
  const visitor = await visitorIdOf(context);
  const events = () => queryServerDb<{ event: string }>('SELECT event FROM census_hits WHERE visitor_id = ? ORDER BY id', visitor).map(({ event }) => event);
  // A video block's play, as the census counts it (part 2 §3).
  const play = () => page.evaluate(() => document.body.dispatchEvent(new CustomEvent('tessera:media-play', { bubbles: true, detail: { kind: 'video', provider: 'youtube', url: 'https://youtu.be/x' } })));
  await play();
  await hidePage(page);
  await expect.poll(events).toEqual(['pageView', 'video']);

  await page.evaluate(() => window.SiteRuntime!.consent.decline());
  const names = (await context.cookies()).map((c) => c.name);
  for (const name of ['ss_cvr', 'ss_cvt']) expect(names, name).not.toContain(name);
  expect((await consentCookie(context))!.value).toBe('false');
  await play();
  await hidePage(page);
  // What was queued goes as the page hides: a hit sent would be stored by now.
  await page.waitForTimeout(1000);
  expect(events()).toEqual(['pageView', 'video']);
  expect((await context.cookies()).map((c) => c.name)).not.toContain('ss_cvr');
});

test('Global Privacy Control reads as declined: no banner, no cookie, until a choice', async ({ page, context }) => {
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }));
  await page.goto('/');
  await runtimeReady(page);
  await page.waitForTimeout(300);
  await expect(page.getByRole('region', { name: 'Cookie banner' })).toHaveCount(0);
  expect(await page.evaluate(() => window.SiteRuntime!.consent.state())).toBe(false);
  expect(await consentCookie(context)).toBeUndefined();
  await page.evaluate(() => window.SiteRuntime!.consent.accept());
  expect(await page.evaluate(() => window.SiteRuntime!.consent.state())).toBe(true);
});

test('a browser that throws on storage still gets a working page', async ({ page, consoleErrors }) => {
  await page.addInitScript(() => {
    for (const name of ['localStorage', 'sessionStorage']) {
      Object.defineProperty(window, name, { get: () => { throw new DOMException('denied', 'SecurityError'); } });
    }
  });
  await page.goto('/');
  await runtimeReady(page);
  await expect(page.locator('#block-home-faq')).toHaveAttribute('data-block-status', 'mounted');
  await page.getByRole('button', { name: 'Accept cookies' }).click();
  expect(await page.evaluate(() => window.SiteRuntime!.consent.state())).toBe(true);
  expect(consoleErrors.filter((text) => text.startsWith('uncaught'))).toEqual([]);
});

test.describe('a theme that swaps <body> without a reload (Turbo, Astro’s view transitions)', () => {
  /** Puts the body of `path` in place of the page's and its address in the bar, as those libraries do; `withBanner` false drops the banner the server rendered into it. */
  const swapTo = (page: Page, path: string, withBanner = true) =>
    page.evaluate(
      async ({ path, withBanner }) => {
        const next = new DOMParser().parseFromString(await (await fetch(path)).text(), 'text/html');
        if (!withBanner) next.querySelector('section.site-cookie-banner')?.remove();
        document.body.replaceWith(document.adoptNode(next.body));
        history.pushState(null, '', path);
      },
      { path, withBanner },
    );

  test('the banner in the new body answers as the first did, with no reload', async ({ page, context, consoleErrors }) => {
    await page.goto('/');
    await runtimeReady(page);
    await expect(page.getByRole('region', { name: 'Cookie banner' })).toBeVisible();
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await swapTo(page, '/gallery');
    const banner = page.getByRole('region', { name: 'Cookie banner' });
    await expect(page.locator('[data-block-type="gallery"][data-block-status="mounted"]').first()).toBeAttached();
    await expect(banner).toHaveCount(1);
    await banner.getByRole('button', { name: 'Accept cookies' }).click();
    await expect(banner).toHaveCount(0);
    expect((await consentCookie(context))?.value).toBe('true');
    expect(await page.evaluate(() => window.SiteRuntime!.consent.state())).toBe(true);
    // The same document: the click was the runtime's, not the served banner's form posting.
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(consoleErrors).toEqual([]);
  });

  test('a new body without a banner gets it back until the visitor chooses', async ({ page, context, consoleErrors }) => {
    await page.goto('/');
    await runtimeReady(page);
    await swapTo(page, '/gallery', false);
    const banner = page.getByRole('region', { name: 'Cookie banner' });
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: 'No thanks' }).click();
    await expect(banner).toHaveCount(0);
    expect((await consentCookie(context))?.value).toBe('false');
    // Chosen: the next swap brings no banner back.
    await swapTo(page, '/', false);
    await expect(page.locator('[data-block-type="gallery"]')).toHaveCount(0);
    await expect(banner).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });
});
