import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_WORDS, memberSignInHtml } from '../../contract/members/sign-in-markup';
import { PageType } from '../../contract/model/page-types';
import { loadCatalogues } from '../src/page-words';
import { injectContext } from '../src/site-context';
import { REMEMBERED_SESSION_MS } from '../src/members';
import { MEMBER, cookieHeader, postForm, startTestServer, type TestServer, visitor } from './helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const accessPage = (lang: string, context = `{"pageType": ${PageType.MEMBER_AREA_ACCESS_DENIED}}`) =>
  `<html lang="${lang}"><head><script type="application/json" id="site-context">${context}</script></head><body><div id="sqs-member-access-page-root"></div></body></html>`;

describe('member sign-in form on the member access page', () => {
  it('is in the page the server sends a visitor, posting to the server with the crumb and the page until the runtime takes it', async () => {
    const client = await visitor(server.app);
    const page = await server.app.inject({ method: 'GET', url: '/members?from=nav', headers: { cookie: cookieHeader(client.jar) } });
    expect(page.statusCode).toBe(403);
    const post = { crumb: client.crumb, next: '/members?from=nav' };
    expect(page.body).toContain(`<div id="sqs-member-access-page-root">${memberSignInHtml(MEMBER_WORDS, post)}</div>`);
    expect(page.body).toContain('<form class="member-sign-in" aria-label="Member sign-in" method="post" action="/members/sign-in">');
    expect(page.body).toContain(`<input type="hidden" name="crumb" value="${client.crumb}"><input type="hidden" name="next" value="/members?from=nav">`);
    expect(page.body).toContain('<button type="submit">Sign in</button>');
  });

  it("is worded in the page's language, the context's strings first; other pages get none", () => {
    const catalogues = loadCatalogues(path.resolve(__dirname, '../..'));
    const render = (html: string) => injectContext(html, { site: {}, account: null, env: 'prod', formPost: { crumb: 'c', next: '/' } }, undefined, '', catalogues);
    const german = render(accessPage('de'));
    expect(german).toContain('<form class="member-sign-in" aria-label="Mitglieder-Anmeldung" method="post" action="/members/sign-in">');
    expect(german).toContain('<label for="member-password">Passwort</label>');
    expect(german).toContain('>Anmelden</button>');
    const own = render(accessPage('de', `{"pageType": ${PageType.MEMBER_AREA_ACCESS_DENIED}, "strings": {"member.signIn": "Rein <da>"}}`));
    expect(own).toContain('>Rein &#60;da&#62;</button>');
    expect(render(accessPage('en', '{"pageType": 1}'))).not.toContain('<form');
    // Rendered once, however often the page passes through.
    expect(render(render(accessPage('en'))).match(/<form /g)).toHaveLength(1);
  });
});

describe('the sign-in form posted without the runtime (a blocked or failed script)', () => {
  const signInForm = (client: Awaited<ReturnType<typeof visitor>>, fields: Record<string, string>) => postForm(server.app, client, '/members/sign-in', { next: '/members', ...fields });

  it('signs in and goes back to the page; a wrong password shows the form again with why, the email kept', async () => {
    const client = await visitor(server.app);
    const wrong = await signInForm(client, { email: MEMBER.email, password: 'not-it' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('<h1>Members only</h1>');
    expect(wrong.body).toContain('<p class="form-error" role="alert">Invalid email or password.</p>');
    expect(wrong.body).toContain(`value="${MEMBER.email}"`);
    expect(wrong.body).toMatch(/name="password" type="password" required autocomplete="current-password" autofocus>/);
    expect(wrong.body).toContain('<input type="hidden" name="next" value="/members">');
    expect(wrong.cookies.some((cookie) => cookie.name === 'site_member')).toBe(false);

    const signedIn = await signInForm(client, { email: MEMBER.email, password: MEMBER.password });
    expect(signedIn.statusCode).toBe(303);
    expect(signedIn.headers.location).toBe('/members');
    const session = signedIn.cookies.find((cookie) => cookie.name === 'site_member')!;
    expect(session.httpOnly).toBe(true);
    // Without Remember me, a browser-session cookie; with it, the long one.
    expect(session.maxAge).toBeUndefined();
    const remembered = await signInForm(client, { email: MEMBER.email, password: MEMBER.password, rememberMe: 'on' });
    expect(remembered.cookies.find((cookie) => cookie.name === 'site_member')!.maxAge).toBe(REMEMBERED_SESSION_MS / 1000);
    const page = await server.app.inject({ method: 'GET', url: '/members', headers: { cookie: `site_member=${session.value}` } });
    expect(page.statusCode).toBe(200);
  });

  it('refuses a forged crumb and never goes to another site', async () => {
    const client = await visitor(server.app);
    const forged = await signInForm(client, { email: MEMBER.email, password: MEMBER.password, crumb: 'forged' });
    expect(forged.statusCode).toBe(403);
    expect(forged.body).toContain('role="alert">Your session has expired. Please sign in again.</p>');
    expect(forged.cookies.some((cookie) => cookie.name === 'site_member')).toBe(false);
    for (const next of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)']) {
      const answer = await signInForm(client, { email: MEMBER.email, password: MEMBER.password, next });
      expect([next, answer.statusCode, answer.headers.location]).toEqual([next, 303, '/']);
    }
  });

  it('counts toward the same limits as the API call: 429 with Retry-After once they hold', async () => {
    const client = await visitor(server.app);
    const email = 'guessed@test.local';
    for (let i = 0; i < 5; i++) expect((await signInForm(client, { email, password: `guess-${i}` })).statusCode).toBe(401);
    const refused = await signInForm(client, { email, password: 'guess-5' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body).toContain('role="alert">Too many sign-in attempts. Please try again later.</p>');
  });
});
