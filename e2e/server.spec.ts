import { test, expect, runtimeReady, api, queryServerDb, visitorIdOf, MEMBER, OWNER, VIEWER } from './fixtures';
import type { Page } from '@playwright/test';

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a stale crumb gets crumbFail, and the runtime stores the new crumb and retries once', async ({ page, context, baseURL }) => {
  await page.goto('/plain');
  await runtimeReady(page);
  await context.addCookies([{ name: 'crumb', value: 'stale.crumb', url: baseURL! }]);
  const answers: Array<{ status: number; body: Promise<string> }> = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/auth/Logout')) answers.push({ status: response.status(), body: response.text() });
  });
  const result = await page.evaluate(() => window.SiteRuntime!.api.request('/api/auth/Logout', { method: 'POST' }));
  expect(result).toEqual({});
  await Promise.all(answers.map((answer) => answer.body));
  expect(answers.map((a) => a.status)).toEqual([403, 200]);
  const failed = JSON.parse(await answers[0]!.body);
  expect(failed).toMatchObject({ crumbFail: true });
  const crumb = (await context.cookies()).find((cookie) => cookie.name === 'crumb');
  expect(crumb?.value).toBe(failed.crumb);
});

test('a failed call shows the system error overlay with Reload Page and Clear', async ({ page }) => {
  await page.goto('/plain');
  await runtimeReady(page);
  const failure = page.evaluate(() => window.SiteRuntime!.api.request('/api/no-such-call', { method: 'POST' }).catch((e: Error) => e.message));
  const overlay = page.getByRole('alertdialog', { name: 'Something Went Wrong!' });
  await expect(overlay).toBeVisible();
  await expect(overlay.getByRole('button', { name: 'Reload Page' })).toBeVisible();
  await expect(overlay).toContainText(/Error key: [0-9A-F]{8}/);
  expect(await failure).toBe('Unable to connect to the product. Please try again.');
  await overlay.getByRole('button', { name: 'Clear' }).click();
  await expect(overlay).toHaveCount(0);
});

test('the owner signs in and reaches /config/ with the site framed', async ({ page }) => {
  await page.goto('/config/?frameUrl=%2Ffaq');
  await expect(page).toHaveURL(/\/login\?next=/);
  await signIn(page, { email: OWNER.email, password: 'wrong-password' });
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');
  await signIn(page, OWNER);
  await expect(page).toHaveURL(/\/config\/\?frameUrl=%2Ffaq$/);
  await expect(page.locator('iframe')).toHaveAttribute('src', '/faq');
  const toggle = page.getByRole('button', { name: /panel/ });
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  // The owner's page context carries the account, roles and permissions.
  await page.goto('/?noredirect');
  const context = await page.evaluate(() => window.SiteRuntime!.context);
  expect(context.authenticatedAccount).not.toBeNull();
  expect(context.websiteRoles).toEqual({ '1': true });
  expect(context.accessPermissions).toEqual([1, 2]);
});

test('a viewer-only account is not admitted to /config/, and the sign-in page says why', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, VIEWER);
  await expect(page).toHaveURL(/\/login\?next=%2Fconfig%2F/);
  await expect(page.getByRole('alert')).toHaveText(`You are signed in as ${VIEWER.email}, which may view the site but not open the owner app. Sign in with the owner’s account.`);
});

test.describe('without the sign-in page’s script', () => {
  test.use({ javaScriptEnabled: false });
  test('the form still signs in, never puts the password in the address, and says why it did not', async ({ page }) => {
    const addresses: string[] = [];
    page.on('request', (request) => void addresses.push(request.url()));
    await page.goto('/login?next=%2Fconfig%2F%3FframeUrl%3D%252Fabout');
    await signIn(page, { email: OWNER.email, password: 'not-the-password' });
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');
    await expect(page.getByLabel('Email')).toHaveValue(OWNER.email);
    await expect(page.getByLabel('Password')).toBeFocused();
    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/config\/\?frameUrl=%2Fabout$/);
    expect(addresses.filter((url) => url.includes('password'))).toEqual([]);
  });
});

const hostile = [
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'https://evil.example/',
  '//evil.example/x',
  '/\\evil.example',
  'faq',
  '/config/?frameUrl=/',
];

test('hostile frameUrl values fall back to /', async ({ page }) => {
  await page.goto('/login?next=%2Fconfig%2F');
  await signIn(page, OWNER);
  // The app may already have written the framed page into its own URL.
  await expect(page).toHaveURL(/\/config\/(\?frameUrl=%2F)?$/);
  for (const value of hostile) {
    await page.goto(`/config/?frameUrl=${encodeURIComponent(value)}`);
    await expect(page.locator('iframe'), value).toHaveAttribute('src', '/');
  }
});

test('runtime scripts name their source maps in a SourceMap header, not in a comment every visitor downloads', async ({ request }) => {
  for (const file of ['site.js', 'site.iife.js', 'helpers.js']) {
    const script = await request.get(`/runtime/${file}`);
    expect(script.status()).toBe(200);
    expect(script.headers()['sourcemap']).toBe(`${file}.map`);
    expect(await script.text()).not.toContain('sourceMappingURL');
    const map = await request.get(`/runtime/${file}.map`);
    expect((await map.json()).version).toBe(3);
  }
  // A chunk, found through the entry's imports.
  const chunk = /"\.\/(chunks\/[\w-]+\.js)"/.exec(await (await request.get('/runtime/site.js')).text())![1]!;
  expect((await request.get(`/runtime/${chunk}`)).headers()['sourcemap']).toBe(`${chunk.slice('chunks/'.length)}.map`);
});

for (const [width, height] of [[390, 844], [1280, 800]] as const) {
  test(`search at ${width} px lists only pages the visitor may open: members' pages for a signed-in member`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    const results = page.locator('.search-results');
    await page.goto('/search?q=etching');
    await expect(results.getByRole('heading')).toHaveText('0 results for “etching”');
    await expect(results).not.toContainText('etching process');
    expect((await api(page, 'POST', '/api/site-users/account/session', MEMBER)).ok()).toBe(true);
    await page.goto('/search?q=etching');
    await expect(results.getByRole('link')).toHaveText(['Members · Tessera demo']);
  });
}

test("a page that is not there: the site's not-found page in its frame, a 404 that tracking does not count, no error", async ({ page, consoleErrors }) => {
  const response = await page.goto('/no-such-page');
  expect(response!.status()).toBe(404);
  await runtimeReady(page);
  await expect(page).toHaveTitle('Page not found · Tessera demo');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  expect(consoleErrors.filter((error) => !/404 \(Not Found\)/.test(error))).toEqual([]);
  // Page type 100: tracking is off. The page after it is counted (sent as it is left).
  await page.goto('/faq');
  await runtimeReady(page);
  await page.goto('/contact');
  // This visitor's page views: the other worker's tests visit /faq on the same server.
  const visitor = await visitorIdOf(page.context());
  const paths = () => queryServerDb<{ path: string }>("SELECT path FROM census_hits WHERE event = 'pageView' AND path IN ('/faq', '/no-such-page') AND visitor_id = ?", visitor).map((hit) => hit.path);
  await expect.poll(paths, { timeout: 10_000 }).toContain('/faq');
  expect(paths()).toEqual(['/faq']);
});
