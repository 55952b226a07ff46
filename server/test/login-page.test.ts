/**
 * The owner's sign-in page without its script: the form posts to /login (never a GET with the
 * password in the address), signs in under the same limits, and comes back with the reason.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_LOGIN, TOO_MANY_LOGINS } from '../src/routes/auth';
import { LOGIN_PAGE_SLOTS, SIGN_IN_EXPIRED, VIEWER_ONLY } from '../src/routes/login-page';
import { fill } from '../../contract/text/format';
import { SIGN_IN_MISSING_FIELDS } from '../../contract/owner/sign-in-page';
import { ACCOUNT_BACKOFF } from '../src/security/sign-in-limits';
import { hashToken } from '../src/accounts';
import { cookieHeader, cookieJar, OWNER, postForm, rows, startTestServer, type TestServer, VIEWER, visitor } from './helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

/** The page as a browser without the script gets it: its crumb cookie set by the page itself. */
async function signInPage(url = '/login') {
  const page = await server.app.inject({ method: 'GET', url });
  const crumb = /name="crumb" value="([^"]+)"/.exec(page.body)?.[1];
  const cookie = (page.cookies as Array<{ name: string; value: string }>).find((item) => item.name === 'crumb');
  return { page, crumb, jar: { crumb: cookie!.value } };
}

describe('the sign-in page without its script', { timeout: 30_000 }, () => {
  it('has every slot the server fills, and a form that posts', () => {
    const built = fs.readFileSync(path.join(server.config.rootDir, 'dist', 'preview', 'login.html'), 'utf8');
    for (const slot of Object.values(LOGIN_PAGE_SLOTS)) expect(built).toContain(slot);
    expect(built).toContain('<form id="login-form" method="post" action="/login" novalidate>');
  });

  it('carries the crumb it set and a same-origin next', async () => {
    const { page, crumb, jar } = await signInPage('/login?allowAccountCreation=false&next=%2Fconfig%2F%3FframeUrl%3D%252Fabout');
    expect(page.statusCode).toBe(200);
    expect(crumb).toBe(jar.crumb);
    expect(page.body).toContain('<input type="hidden" name="next" value="/config/?frameUrl=%2Fabout">');
    const elsewhere = await server.app.inject({ method: 'GET', url: '/login?next=https%3A%2F%2Fevil.example%2F' });
    expect(elsewhere.body).toContain('<input type="hidden" name="next" value="/config/">');
  });

  it('signs in and goes on to next; a wrong password comes back with the reason, the address kept and the password field focused', async () => {
    const { crumb, jar } = await signInPage();
    const client = { jar, crumb: crumb! };
    const wrong = await postForm(server.app, client, '/login', { email: OWNER.email, password: 'not-the-password', next: '/config/?frameUrl=%2Fabout' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain(`<p id="login-error" role="alert" aria-live="assertive">${INVALID_LOGIN}</p>`);
    expect(wrong.body).toContain(`<input id="login-email" name="email" type="email" autocomplete="username" required value="${OWNER.email}">`);
    expect(wrong.body).toContain('autocomplete="current-password" required autofocus>');
    expect(wrong.body).toContain('<input type="hidden" name="next" value="/config/?frameUrl=%2Fabout">');

    const empty = await postForm(server.app, client, '/login', { email: '', password: '' });
    expect([empty.statusCode, empty.body.includes(`>${SIGN_IN_MISSING_FIELDS}</p>`)]).toEqual([400, true]);
    const forged = await postForm(server.app, { ...client, crumb: 'forged' }, '/login', { email: OWNER.email, password: OWNER.password });
    expect([forged.statusCode, forged.body.includes(`>${SIGN_IN_EXPIRED}</p>`)]).toEqual([403, true]);
    expect(String(forged.headers['set-cookie'] ?? '')).not.toMatch(/site_session=/);

    const signed = await postForm(server.app, client, '/login', { email: OWNER.email, password: OWNER.password, next: '/config/?frameUrl=%2Fabout' });
    expect(signed.statusCode).toBe(303);
    expect(signed.headers.location).toBe('/config/?frameUrl=%2Fabout');
    const session = /site_session=([^;]+)/.exec(String(signed.headers['set-cookie']))![1]!;
    const app = await server.app.inject({ method: 'GET', url: '/config/', headers: { cookie: cookieHeader({ ...jar, site_session: session }) } });
    expect(app.statusCode).toBe(200);
    const offSite = await postForm(server.app, client, '/login', { email: OWNER.email, password: OWNER.password, next: '//evil.example/' });
    expect(offSite.headers.location).toBe('/config/');
  });

  it('signed in already: the owner goes on to next; a viewer-only account is told why it is here', async () => {
    const as = async (account: { email: string; password: string }) => {
      const client = await visitor(server.app);
      expect((await client.inject({ method: 'POST', url: '/api/auth/Login', payload: account })).statusCode).toBe(200);
      return client;
    };
    const owner = await as(OWNER);
    const going = await owner.inject({ method: 'GET', url: '/login?next=%2Fconfig%2F%3FframeUrl%3D%252Fabout' });
    expect([going.statusCode, going.headers.location]).toEqual([303, '/config/?frameUrl=%2Fabout']);
    const viewer = await as(VIEWER);
    const sent = await viewer.inject({ method: 'GET', url: '/config/' });
    expect(sent.headers.location).toMatch(/^\/login\?next=%2Fconfig%2F/);
    const told = await viewer.inject({ method: 'GET', url: '/login?next=%2Fconfig%2F' });
    expect(told.statusCode).toBe(200);
    expect(told.body).toContain(`<p id="login-error" role="alert" aria-live="assertive">${fill(VIEWER_ONLY, { email: VIEWER.email })}</p>`);
    expect(VIEWER_ONLY).toBe('You are signed in as {email}, which may view the site but not open the owner app. Sign in with the owner’s account.');
  });

  it('signing in where a session is held (another account’s, or one planted) ends that session first, by the script and by the form', async () => {
    const client = await visitor(server.app);
    const byScript = () => client.inject({ method: 'POST', url: '/api/auth/Login', payload: OWNER });
    const byForm = async () => cookieJar(await postForm(server.app, client, '/login', { email: OWNER.email, password: OWNER.password }), client.jar);
    for (const signIn of [byScript, byForm]) {
      expect((await client.inject({ method: 'POST', url: '/api/auth/Login', payload: VIEWER })).statusCode).toBe(200);
      const held = client.jar.site_session!;
      await signIn();
      expect(client.jar.site_session).toMatch(/./);
      expect(client.jar.site_session).not.toBe(held);
      expect(await rows(server, 'SELECT account_id FROM sessions WHERE token_hash = ?', hashToken(held))).toEqual([]);
    }
  });

  it('counts with the sign-in’s limits: past the free tries, 429 with Retry-After', async () => {
    const { crumb, jar } = await signInPage();
    const client = { jar, crumb: crumb! };
    const statuses: number[] = [];
    for (let index = 0; index <= ACCOUNT_BACKOFF.free; index += 1) statuses.push((await postForm(server.app, client, '/login', { email: 'limited@test.local', password: 'wrong-guess' })).statusCode);
    expect(statuses).toEqual([...Array<number>(ACCOUNT_BACKOFF.free).fill(401), 429]);
    const refused = await postForm(server.app, client, '/login', { email: 'limited@test.local', password: 'wrong-guess' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body).toContain(`>${TOO_MANY_LOGINS}</p>`);
  });
});
