import { test, expect, runtimeReady, api, OWNER, queryServerDb, visitorIdOf, visitorRecord } from './fixtures';
import type { Page, Route } from '@playwright/test';

/** Reads the server's own database (read-only) to count what arrived. */
const hitsOf = (visitorId: string) =>
  queryServerDb<{ event: string; path: string }>('SELECT event, path FROM census_hits WHERE visitor_id = ? ORDER BY id', visitorId);

const visitorId = (page: Page) => visitorIdOf(page.context());

test('page views are stored, with the visitor cookies, and read back by the owner', async ({ page, context }) => {
  await page.goto('/faq?utm=1');
  await runtimeReady(page);
  // Tracking has started by `ready`; the cookies are written as the page view is queued.
  await expect.poll(async () => (await context.cookies()).some((c) => c.name === 'ss_cvr')).toBe(true);
  const cookies = Object.fromEntries((await context.cookies()).map((c) => [c.name, c]));
  expect(cookies.ss_cvr!.value).toMatch(/^[\w-]+\|\d+\|\d+\|\d+\|1$/);
  // Asked for 2 years; Chromium caps every cookie at 400 days.
  expect(cookies.ss_cvr!.expires - Date.now() / 1000).toBeGreaterThan(399 * 86400);
  expect(cookies.ss_cvt!.expires - Date.now() / 1000).toBeLessThanOrEqual(30 * 60 + 1);
  await page.goto('/contact');
  await runtimeReady(page);
  await page.goto('/plain'); // pagehide flushes the queue
  const id = await visitorId(page);
  await expect.poll(() => hitsOf(id).filter((h) => h.event === 'pageView').map((h) => h.path)).toEqual(['/faq', '/contact']);

  const owner = await context.browser()!.newContext({ baseURL: process.env.TESSERA_BASE_URL });
  const ownerPage = await owner.newPage();
  await ownerPage.goto('/plain');
  await api(ownerPage, 'POST', '/api/auth/Login', OWNER);
  const stats = await (await api(ownerPage, 'GET', '/api/owner/pageviews')).json();
  expect(stats.total).toBeGreaterThanOrEqual(2);
  expect(stats.perPath.map((row: { path: string }) => row.path)).toEqual(expect.arrayContaining(['/faq', '/contact']));
  expect(stats.perDay[0].views).toBeGreaterThanOrEqual(2);
  // The owner's own visits are not tracked.
  const ownerHits: string[] = [];
  ownerPage.on('request', (request) => request.url().includes('/api/census/RecordHit') && ownerHits.push(request.url()));
  await ownerPage.goto('/faq?noredirect');
  await runtimeReady(ownerPage);
  await ownerPage.goto('/plain');
  expect(ownerHits).toEqual([]);
  await owner.close();
});

test('the search page is not counted; the landing pixel goes once per session', async ({ page }) => {
  const tracks: string[] = [];
  page.on('request', (request) => request.url().includes('/api/track/Track') && tracks.push(request.url()));
  await page.goto('/search?q=cats&source=newsletter&campaign=spring');
  await runtimeReady(page);
  // The pixel goes from the collectors chunk, which loads after ready: leaving sooner would lose it.
  await expect.poll(() => tracks.length).toBe(1);
  await page.goto('/faq');
  await runtimeReady(page);
  await page.goto('/plain');
  const id = await visitorId(page);
  await expect.poll(() => hitsOf(id).filter((h) => h.event === 'pageView').map((h) => h.path)).toEqual(['/faq']);
  expect(tracks).toHaveLength(1);
  const landing = new URL(tracks[0]!).searchParams;
  expect(landing.get('landing')).toBe('/search?q=cats&source=newsletter&campaign=spring');
  expect(landing.get('source')).toBe('newsletter');
  expect(landing.get('campaign')).toBe('spring');
  expect(landing.get('screen')).toMatch(/^\d+x\d+$/);
});

test.describe('without consent', () => {
  test.use({ consented: false });
  test('declined: no tracking cookie and no census call', async ({ page, context }) => {
    const calls: string[] = [];
    page.on('request', (request) => request.url().includes('/api/census/') && calls.push(request.url()));
    await page.goto('/faq');
    await page.getByRole('button', { name: 'No thanks' }).click();
    await page.goto('/contact');
    await runtimeReady(page);
    await page.goto('/plain');
    expect((await context.cookies()).map((c) => c.name)).not.toContain('ss_cvr');
    expect(calls).toEqual([]);
  });
});

test('nothing queued is lost across 30 quick navigations', async ({ page }) => {
  test.setTimeout(90_000);
  for (let i = 0; i < 30; i += 1) {
    await page.goto(i % 2 ? '/faq' : '/robustness', { waitUntil: 'domcontentloaded' });
    await runtimeReady(page);
  }
  await page.goto('/plain');
  const id = await visitorId(page);
  await expect.poll(() => hitsOf(id).filter((h) => h.event === 'pageView').length, { timeout: 10_000 }).toBe(30);
});

test('SiteRuntime.analytics.track sends a V1 event that the server stores', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
  await page.goto('/faq');
  await runtimeReady(page);
  const sent = await page.evaluate(() =>
    window.SiteRuntime!.analytics.track({ actor: 'visitor', action: 'e2e_click', event_owner_team: 'web', event_source: 'e2e', object_type: 'button', object_id: 42, shade: 'blue' }),
  );
  expect(sent).toBe(true);
  expect(warnings).toContain('Analytics field object_id must be a string; dropped.');
  const read = () => queryServerDb<{ common: string; custom: string }>("SELECT common_json AS common, custom_json AS custom FROM analytics_events WHERE action = 'e2e_click'")[0];
  await expect.poll(() => read()).toBeTruthy();
  const row = read()!;
  const common = JSON.parse(row.common);
  expect(common).toMatchObject({ actor: 'visitor', page_path: '/faq', website_id: '5f1e0c0ffee0000000000001', resolved_locale: 'en' });
  expect(common.object_id).toBeUndefined();
  expect(JSON.parse(row.custom)).toEqual({ shade: 'blue' });
});

test('an event tracked just before the page is left, while its chunk is still on its way, is sent by the next page', async ({ page }) => {
  await page.goto('/faq');
  await runtimeReady(page);
  // This page never gets the analytics chunk: the visitor leaves first.
  let held: Route | undefined;
  await page.route('**/chunks/analytics-*.js', (route) => (held ? route.continue() : void (held = route)));
  const action = `e2e_leaving_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  await page.evaluate((action) => {
    void window.SiteRuntime!.analytics.track({ actor: 'visitor', action, event_owner_team: 'web', event_source: 'e2e', object_type: 'link' });
  }, action);
  await expect.poll(() => held).toBeTruthy();
  await page.goto('/robustness', { waitUntil: 'commit' });
  // Let go of the old page's request, which would hold up the same file's (the HTTP cache's lock).
  await held!.abort();
  await runtimeReady(page);
  const read = () => queryServerDb<{ common: string }>('SELECT common_json AS common FROM analytics_events WHERE action = ?', action);
  await expect.poll(() => read().length).toBe(1);
  // Where and when it was tracked, not where it was sent from.
  expect(JSON.parse(read()[0]!.common)).toMatchObject({ page_path: '/faq', actor: 'visitor' });
  expect(await page.evaluate(() => localStorage.getItem('site-analytics-pending'))).toBeNull();
});

/**
 * This page's button hits (its visitor record): the other worker's tests (the fault matrix)
 * click the same buttons on the same server meanwhile.
 */
async function buttonHitsOf(page: Page): Promise<(kind: string, buttonId: string) => number> {
  const visitor = await visitorRecord(page.context());
  return (kind, buttonId) =>
    queryServerDb<{ n: number }>('SELECT COUNT(*) AS n FROM census_buttons WHERE kind = ? AND button_id = ? AND visitor = ?', kind, buttonId, visitor)[0]!.n;
}

test('a same-tab button click is recorded, then reaches its target', async ({ page }) => {
  await page.goto('/');
  await runtimeReady(page);
  const buttonHits = await buttonHitsOf(page);
  const before = buttonHits('click', 'cta-contact');
  const clicks: string[] = [];
  page.on('request', (request) => request.url().includes('/api/census/button-click') && clicks.push(request.method()));
  await page.getByRole('link', { name: 'Contact us' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  expect(clicks).toEqual(['POST']);
  expect(buttonHits('click', 'cta-contact')).toBe(before + 1); // recorded before the navigation
  await expect.poll(() => buttonHits('render', 'cta-contact')).toBeGreaterThan(0);
});

test('ctrl-click and target=_blank buttons are not held, and still recorded', async ({ page, context }) => {
  await page.goto('/');
  await runtimeReady(page);
  const link = page.getByRole('link', { name: 'Read the FAQ in a new tab' });
  await expect(link).toHaveAttribute('target', '_blank');
  const buttonHits = await buttonHitsOf(page);
  const before = buttonHits('click', 'cta-docs');
  const popup = context.waitForEvent('page');
  await link.click();
  expect(new URL((await popup).url()).pathname).toBe('/faq');
  await expect(page).toHaveURL(/\/$/); // this tab stays
  const newTab = context.waitForEvent('page');
  await page.getByRole('link', { name: 'Contact us' }).click({ modifiers: ['Control'] });
  expect(new URL((await newTab).url()).pathname).toBe('/contact');
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => buttonHits('click', 'cta-docs')).toBe(before + 1);
});

test('a site search is recorded as a census event and fires the search pixel hook', async ({ page }) => {
  await page.addInitScript(() => {
    document.addEventListener('site:pixel', (event) => ((window as unknown as { pixels: unknown[] }).pixels ??= []).push((event as CustomEvent).detail));
  });
  await page.goto('/search?q=blue+shoes');
  await runtimeReady(page);
  // `ready` waits for tracking to have started: the hook has fired by then.
  expect(await page.evaluate(() => (window as unknown as { pixels?: unknown[] }).pixels)).toEqual([{ event: 'search', query: 'blue shoes', name: 'Search' }]);
  await page.goto('/plain');
  const id = await visitorId(page);
  await expect.poll(() => hitsOf(id).map((h) => `${h.event} ${h.path}`)).toEqual(['siteSearch /search']);
});

test('a legacy V0 event reaches RecordEvent with its payload', async ({ page }) => {
  await page.goto('/faq#part');
  await runtimeReady(page);
  expect(await page.evaluate(() => window.SiteRuntime!.analytics.trackLegacy('e2eLegacy', { extra: 1 }))).toBe(true);
  const [row] = queryServerDb<{ data: string }>("SELECT data_json AS data FROM legacy_events WHERE event = 'e2eLegacy'");
  expect(JSON.parse(row!.data)).toMatchObject({ websiteId: '5f1e0c0ffee0000000000001', pagePath: '/faq', pageHash: '#part', templateId: 'tessera-demo-template', extra: 1 });
});
