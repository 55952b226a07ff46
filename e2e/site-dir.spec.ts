/**
 * A site of one's own (issue 40 §1): the folder `npm run new-site` writes, served by the built
 * server with SITE_DIR, works in Chromium as written: its blocks mount, its contact form is
 * accepted by the server and lands in the owner's submissions, and the demo is not there.
 */
import { axeViolations, expect, runtimeReady, test } from './fixtures';
import { OWNER } from './global-setup';
import { withNewSite } from './new-site';

test('the new-site template, served with SITE_DIR', async ({ browser }) => {
  test.setTimeout(60_000);
  await withNewSite(browser, { env: { OWNER_EMAIL: OWNER.email, OWNER_PASSWORD: OWNER.password, FORM_RATE_LIMIT: '100' } }, async (context, server) => {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.goto('/');
    await runtimeReady(page);
    await expect(page.locator('[data-block-type]')).toHaveCount(2);
    for (const block of await page.locator('[data-block-type]').all()) await expect(block).toHaveAttribute('data-block-status', 'mounted');
    await page.getByLabel('First Name').fill('Ada');
    await page.getByLabel('Last Name').fill('Lovelace');
    await page.getByLabel(/^Email/).fill('ada@example.com');
    await page.getByLabel(/^Message/).fill('Hello from my own site');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Thank you! We will answer soon.')).toBeVisible();
    expect((await page.request.get('/faq')).status()).toBe(404);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);

    const owner = await context.request.post('/api/auth/Login?crumb=' + encodeURIComponent((await context.cookies()).find((c) => c.name === 'crumb')!.value), { data: OWNER });
    expect(owner.status()).toBe(200);
    const crumb = encodeURIComponent((await context.cookies()).find((c) => c.name === 'crumb')!.value);
    const submissions = (await (await context.request.get(`/api/owner/submissions?crumb=${crumb}`)).json()) as { submissions: Array<{ formId: string; values: { message: string } }> };
    expect(submissions.submissions).toEqual([expect.objectContaining({ formId: 'contact', values: expect.objectContaining({ message: 'Hello from my own site' }) })]);

    // A page the server makes, in this site's frame and name: the member access page of a page made members-only.
    expect((await context.request.put(`/api/owner/page-settings?crumb=${crumb}`, { data: { path: '/', workflowState: 1, locked: false, membersOnly: true } })).status()).toBe(200);
    const stranger = await browser.newContext({ baseURL: server.baseUrl });
    try {
      await stranger.addCookies([{ name: 'ss_cookieAllowed', value: 'true', url: server.baseUrl }]);
      const visitor = await stranger.newPage();
      expect((await visitor.goto('/'))!.status()).toBe(403);
      await runtimeReady(visitor);
      await expect(visitor).toHaveTitle('Members only · My site');
      await expect(visitor.getByRole('navigation', { name: 'Main' })).toBeVisible();
      const signIn = visitor.getByRole('form', { name: 'Member sign-in' });
      await expect(signIn.getByRole('button', { name: 'Sign in' })).toBeEnabled();
      // The template does not style the form: the runtime does (runtime.css), with targets a thumb can hit.
      for (const control of [signIn.getByRole('button', { name: 'Sign in' }), signIn.getByLabel('Email')]) expect((await control.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      // A checkbox at least 24 px square (WCAG 2.5.8), not the browser's 13.
      const remember = (await signIn.getByRole('checkbox', { name: 'Remember me' }).boundingBox())!;
      expect([remember.width, remember.height]).toEqual([24, 24]);
      expect(await axeViolations(visitor)).toEqual([]);
    } finally {
      await stranger.close();
    }
  });
});
