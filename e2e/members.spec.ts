import { test, expect, runtimeReady, axeViolations, MEMBER } from './fixtures';

test.describe('members', () => {
  test('sign in on the member access page, sign out with one crumb retry', async ({ page, context }) => {
    const response = await page.goto('/members');
    expect(response!.status()).toBe(403);
    await runtimeReady(page);
    // The member chunk loads after ready: before it takes the form over, a click posts the server's form.
    await expect(page.locator('form.member-sign-in:not([action])')).toBeAttached();
    const form = page.getByRole('form', { name: 'Member sign-in' });
    await form.getByLabel('Email').fill(MEMBER.email);
    await form.getByLabel('Password').fill('wrong password');
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(form.getByRole('status')).toHaveText('Invalid email or password.');

    const signIn = page.waitForRequest((r) => r.url().includes('/api/site-users/account/session') && r.method() === 'POST');
    await form.getByLabel('Password').fill(MEMBER.password);
    await form.getByLabel('Remember me').check();
    await form.getByRole('button', { name: 'Sign in' }).click();
    expect((await signIn).postDataJSON()).toEqual({ email: MEMBER.email, password: MEMBER.password, rememberMe: true });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Members’ studio notes');
    const session = (await context.cookies()).find((c) => c.name === 'site_member')!;
    expect(session.httpOnly).toBe(true);
    expect(session.sameSite).toBe('Lax');
    expect(session.expires).toBeGreaterThan(Date.now() / 1000 + 29 * 86400);
    await runtimeReady(page);
    // Every call the page makes as it loads answered first: an answer that sets the crumb after
    // the stale one below would leave nothing stale to retry.
    await page.waitForLoadState('networkidle');

    // A stale crumb: the first DELETE fails with crumbFail, the data layer repeats it once.
    // Until the sign-out has gone, no other call may reach the server: a beacon sent meanwhile
    // (the collectors flush seconds after load) would get a fresh crumb in its crumbFail answer.
    await page.route('**/api/**', (route) => (route.request().method() === 'DELETE' ? route.fallback() : route.abort('blockedbyclient')));
    const url = new URL(page.url());
    await context.addCookies([{ name: 'crumb', value: 'stale', url: url.origin }]);
    const deletes: Array<{ url: string; xsrf: string | undefined }> = [];
    page.on('request', (r) => {
      if (r.method() === 'DELETE') deletes.push({ url: r.url(), xsrf: r.headers()['x-siteuser-xsrf-token'] });
    });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.unroute('**/api/**');
    expect(deletes).toHaveLength(2);
    expect(deletes.every((d) => d.url.includes('cloneCart=true') && !!d.xsrf)).toBe(true);
    expect((await context.cookies()).some((c) => c.name === 'site_member')).toBe(false);
    expect((await page.goto('/members'))!.status()).toBe(403);
  });

  test('with the runtime blocked, the form the server rendered still signs in, and says why when it cannot', async ({ page, context }) => {
    await page.route('**/runtime/**', (route) => route.abort());
    expect((await page.goto('/members'))!.status()).toBe(403);
    const form = page.getByRole('form', { name: 'Member sign-in' });
    await form.getByLabel('Email').fill(MEMBER.email);
    await form.getByLabel('Password').fill('wrong password');
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');
    await expect(form.getByLabel('Password')).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
    await expect(form.getByLabel('Email')).toHaveValue(MEMBER.email);
    await form.getByLabel('Password').fill(MEMBER.password);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname === '/members');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Members’ studio notes');
    expect((await context.cookies()).find((c) => c.name === 'site_member')!.expires).toBe(-1);
  });
});
