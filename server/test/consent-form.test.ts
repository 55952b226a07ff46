import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANNER_WORDS } from '../../contract/consent/settings';
import { servedBannerHtml } from '../../contract/consent/banner-markup';
import { cookieHeader, postForm, startTestServer, type TestServer, visitor } from './helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const choose = (client: Awaited<ReturnType<typeof visitor>>, fields: Record<string, string>) => postForm(server.app, client, '/cookie-consent', fields);
const consentCookie = (response: Awaited<ReturnType<typeof choose>>) => response.cookies.find((cookie) => cookie.name === 'ss_cookieAllowed');

describe('the cookie banner the server renders, posted without the runtime (a blocked or failed script)', () => {
  it('is a form with the crumb and the page, its buttons enabled', async () => {
    const client = await visitor(server.app);
    const page = await server.app.inject({ method: 'GET', url: '/faq?from=nav', headers: { cookie: cookieHeader(client.jar) } });
    expect(page.body).toContain(
      `<form class="site-cookie-banner-actions" method="post" action="/cookie-consent"><input type="hidden" name="crumb" value="${client.crumb}"><input type="hidden" name="next" value="/faq?from=nav">`,
    );
    expect(page.body).toMatch(/<button name="accept" value="true" class="site-cookie-banner-accept[^"]*">/);
    expect(page.body).not.toMatch(/<button[^>]*site-cookie-banner-(accept|decline)[^>]* disabled/);
  });

  it('stores the choice as the runtime does (30 days, path /, readable by script) and goes back to the page', async () => {
    const client = await visitor(server.app);
    const accepted = await choose(client, { accept: 'true', next: '/faq?from=nav' });
    expect(accepted.statusCode).toBe(303);
    expect(accepted.headers.location).toBe('/faq?from=nav');
    expect(consentCookie(accepted)).toMatchObject({ value: 'true', maxAge: 2_592_000, path: '/', sameSite: 'Lax' });
    expect(consentCookie(accepted)?.httpOnly).toBeUndefined();
    const declined = await choose(client, { accept: 'false', next: '/' });
    expect(consentCookie(declined)).toMatchObject({ value: 'false', maxAge: 2_592_000 });
    // Back on the page, the banner is gone.
    const page = await server.app.inject({ method: 'GET', url: '/faq', headers: { cookie: `${cookieHeader(client.jar)}; ss_cookieAllowed=true` } });
    expect(page.body).not.toContain('site-cookie-banner-actions');
  });

  it("changes nothing without the visitor's crumb or a choice, and never leaves the site", async () => {
    const client = await visitor(server.app);
    const forged = await choose(client, { accept: 'true', next: '/faq', crumb: 'x' });
    expect([forged.statusCode, forged.headers.location, consentCookie(forged)]).toEqual([303, '/faq', undefined]);
    const other = await visitor(server.app);
    const anothers = await choose(client, { accept: 'true', next: '/faq', crumb: other.crumb });
    expect(consentCookie(anothers)).toBeUndefined();
    const neither = await choose(client, { accept: 'maybe', next: '/faq' });
    expect(consentCookie(neither)).toBeUndefined();
    for (const next of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', '']) {
      expect((await choose(client, { accept: 'true', next })).headers.location).toBe('/');
    }
    const nothing = await server.app.inject({ method: 'POST', url: '/cookie-consent' });
    expect([nothing.statusCode, nothing.headers.location]).toEqual([303, '/']);
  });

  it('escapes the crumb and the page it goes back to', () => {
    const html = servedBannerHtml({ isCookieBannerEnabled: true, cookieBannerText: 'Hi' }, BANNER_WORDS, { crumb: '"><x', next: '/a?b="><script>' });
    expect(html).toContain('value="&#34;&#62;&#60;x"');
    expect(html).toContain('value="/a?b=&#34;&#62;&#60;script&#62;"');
    expect(html).not.toContain('<script>');
  });
});
