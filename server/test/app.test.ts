import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_FROM_BYTES, REQUEST_TIMEOUT_MS } from '../src/app';
import { CONTEXT_TAG } from '../src/site-context';
import { MEMBER, OWNER, VIEWER, startTestServer, visitor, cookieHeader, type TestServer } from './helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const contextOf = (html: string) => JSON.parse(CONTEXT_TAG.exec(html)![2]!);

async function signedIn(account: { email: string; password: string }) {
  const client = await visitor(server.app);
  const login = await client.inject({ method: 'POST', url: '/api/auth/Login', payload: account });
  expect(login.statusCode).toBe(200);
  return client;
}

describe('pages and the page context', () => {
  it('serves the demo home page with the context injected and a crumb cookie', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const crumb = response.cookies.find((c) => c.name === 'crumb');
    expect(crumb?.value).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(crumb?.httpOnly).toBeFalsy();
    const context = contextOf(response.body);
    expect(context.website.id).toBe('5f1e0c0ffee0000000000001');
    expect(context.pageType).toBe(2);
    expect(context.env).toBe('dev'); // the request's host is localhost
    expect(context.authenticatedAccount).toBeNull();
  });

  it('chooses env by host name unless SITE_ENV is set', async () => {
    const envFor = async (host: string) => contextOf((await server.app.inject({ method: 'GET', url: '/', headers: { host } })).body).env;
    expect(await envFor('www.example.com')).toBe('prod');
    expect(await envFor('shop.staging.example.com:8443')).toBe('staging');
    expect(await envFor('127.0.0.1:8080')).toBe('dev');
    const fixed = await startTestServer({ siteEnv: 'qa' });
    try {
      expect(contextOf((await fixed.app.inject({ method: 'GET', url: '/' })).body).env).toBe('qa');
    } finally {
      await fixed.close();
    }
  });

  it('expands the shared header and footer includes, and never serves a partial', async () => {
    const page = (await server.app.inject({ method: 'GET', url: '/faq' })).body;
    expect(page).toContain('<header class="site-header">');
    expect(page).toContain('<footer class="site-footer">');
    expect(page).not.toContain('#include');
    expect((await server.app.inject({ method: 'GET', url: '/_partials/header' })).statusCode).toBe(404);
  });

  it('serves a page without the placeholder as it is', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/plain' });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('site-context');
  });

  it('refuses path traversal and odd paths with 404', async () => {
    for (const url of ['/../package.json', '/%2e%2e/package.json', '/site.json', '/nope', '/index.html/x', '/.env']) {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('serves the runtime and the demo assets', async () => {
    const runtime = await server.app.inject({ method: 'GET', url: '/runtime/site.js' });
    expect(runtime.statusCode, 'the server tests need the build: npm run build').toBe(200);
    expect(runtime.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    const css = await server.app.inject({ method: 'GET', url: '/assets/site.css' });
    expect(css.statusCode).toBe(200);
  });

  it('compresses text for a browser that accepts it, brotli first, and leaves small API answers as they are', async () => {
    const asked = (url: string, encodings?: string) => server.app.inject({ method: 'GET', url, headers: encodings ? { 'accept-encoding': encodings } : {} });
    const plain = await asked('/assets/site.css');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await asked('/assets/site.css', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    const gzip = await asked('/assets/site.css', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    // A page, rendered for each visitor, goes compressed too.
    const page = await asked('/', 'gzip');
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(page.rawPayload).toString()).toContain('src="/runtime/site.js"');
    // A small API answer (here the crumb refusal) is sent as it is: compressing it would cost more than it saves.
    const refusal = await asked('/api/1/performance/settings', 'gzip, br');
    expect(refusal.json()).toMatchObject({ crumbFail: true });
    expect(refusal.rawPayload.length).toBeLessThan(COMPRESS_FROM_BYTES);
    expect(refusal.headers['content-encoding']).toBeUndefined();
  });

  it('sends the runtime\'s files as the build compressed them, with their source map header', async () => {
    const file = path.join(server.config.rootDir, 'dist', 'runtime', 'site.js');
    expect(existsSync(`${file}.br`), 'the server tests need the build: npm run build').toBe(true);
    const br = await server.app.inject({ method: 'GET', url: '/runtime/site.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.equals(readFileSync(`${file}.br`))).toBe(true);
    expect(br.headers.sourcemap).toBe('site.js.map');
    const gzip = await server.app.inject({ method: 'GET', url: '/runtime/site.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.rawPayload.equals(readFileSync(`${file}.gz`))).toBe(true);
    const plain = await server.app.inject({ method: 'GET', url: '/runtime/site.js' });
    expect(plain.rawPayload.equals(readFileSync(file))).toBe(true);
  });

  it('serves the runtime as a CDN would: hashed chunks immutable, the rest checked again after a minute, to any origin', async () => {
    const chunk = readdirSync(path.join(server.config.rootDir, 'dist', 'runtime', 'chunks')).find((name) => /^gallery-[\w-]{6}\.js$/.test(name));
    expect(chunk, 'the server tests need the build: npm run build').toBeDefined();
    const headers = async (url: string) => (await server.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br', origin: 'https://theme.example' } })).headers;
    const hashed = await headers(`/runtime/chunks/${chunk}`);
    expect(hashed['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(hashed['access-control-allow-origin']).toBe('*');
    for (const url of ['/runtime/site.js', '/runtime/runtime.css', '/runtime/gallery.css', '/runtime/helpers.js']) {
      const named = await headers(url);
      expect(named['cache-control'], url).toBe('public, max-age=60');
      expect(named['access-control-allow-origin'], url).toBe('*');
    }
    // The site's own API is not opened to every origin by this.
    expect((await headers('/api/census/RecordHit'))['access-control-allow-origin']).toBeUndefined();
  });

  it("keeps a visitor's site pages for the Back button, and nothing about a signed-in owner or member, a cart, a checkout", async () => {
    const cacheOf = async (client: Awaited<ReturnType<typeof visitor>>, url: string) => (await client.inject({ method: 'GET', url })).headers['cache-control'];
    const anonymous = await visitor(server.app);
    // `no-store` kept Chromium's back/forward cache from every page (a cookie changes on each).
    for (const url of ['/', '/faq', '/gallery']) expect({ url, cache: await cacheOf(anonymous, url) }).toEqual({ url, cache: 'private, no-cache' });
    for (const url of ['/cart', '/commerce/goto-checkout']) expect({ url, cache: await cacheOf(anonymous, url) }).toEqual({ url, cache: 'no-store' });
    const owner = await signedIn(OWNER);
    expect(await cacheOf(owner, '/faq')).toBe('no-store');
    const member = await visitor(server.app);
    expect((await member.inject({ method: 'POST', url: '/api/site-users/account/session', payload: { ...MEMBER, rememberMe: false } })).statusCode).toBe(200);
    expect(await cacheOf(member, '/faq')).toBe('no-store');
  });

  it('puts the account, roles and permissions into a signed-in owner context', async () => {
    const owner = await signedIn(OWNER);
    const page = await owner.inject({ method: 'GET', url: '/' });
    const context = contextOf(page.body);
    expect(context.authenticatedAccount.id).toEqual(expect.any(String));
    expect(context.websiteRoles).toEqual({ '1': true });
    expect(context.accessPermissions).toEqual([1, 2]);
    const viewer = await signedIn(VIEWER);
    expect(contextOf((await viewer.inject({ method: 'GET', url: '/' })).body).websiteRoles).toEqual({ '10': true });
  });
});

describe('crumb', () => {
  it('answers crumbFail with a new crumb for a call without a valid crumb', async () => {
    for (const url of ['/api/auth/Logout', '/api/auth/Logout?crumb=forged.value']) {
      const response = await server.app.inject({ method: 'POST', url });
      expect(response.statusCode).toBe(403);
      const body = response.json();
      expect(body).toEqual({ crumbFail: true, crumb: expect.any(String) });
      expect(response.cookies.find((c) => c.name === 'crumb')?.value).toBe(body.crumb);
    }
  });

  it('gives calls made at once with the same stale cookie one crumb, and a call whose cookie is valid that cookie', async () => {
    const refused = (url: string, cookie?: string) => server.app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {} });
    const stale = await Promise.all(['/api/auth/Logout', '/api/census/form-render', '/api/auth/Logout?crumb=stale.crumb'].map((url) => refused(url, 'crumb=stale.crumb')));
    const crumbs = stale.map((response) => response.json().crumb as string);
    expect(new Set(crumbs).size).toBe(1);
    expect(stale.map((response) => response.cookies.find((c) => c.name === 'crumb')?.value)).toEqual(crumbs);
    // Another stale cookie gets another crumb; a call without a cookie, a fresh one each.
    expect((await refused('/api/auth/Logout', 'crumb=other.stale')).json().crumb).not.toBe(crumbs[0]);
    expect((await refused('/api/auth/Logout')).json().crumb).not.toBe((await refused('/api/auth/Logout')).json().crumb);
    // Once one of those answers has set the cookie, a call still carrying the stale crumb is given the cookie's, which stays.
    const late = await refused('/api/auth/Logout?crumb=stale.crumb', `crumb=${crumbs[0]}`);
    expect(late.json()).toEqual({ crumbFail: true, crumb: crumbs[0] });
    expect(late.cookies.find((c) => c.name === 'crumb')).toBeUndefined();
    const retried = await refused(`/api/auth/Logout?crumb=${crumbs[0]}`, `crumb=${crumbs[0]}`);
    expect(retried.statusCode).toBe(200);
  });

  it('refuses a valid crumb that does not match the cookie', async () => {
    const a = await visitor(server.app);
    const b = await visitor(server.app);
    const response = await server.app.inject({ method: 'POST', url: `/api/auth/Logout?crumb=${a.crumb}`, headers: { cookie: cookieHeader(b.jar) } });
    expect(response.json().crumbFail).toBe(true);
  });

  it('accepts the crumb header as well as the parameter', async () => {
    const client = await visitor(server.app);
    const response = await server.app.inject({ method: 'POST', url: '/api/auth/Logout', headers: { cookie: cookieHeader(client.jar), 'x-csrf-token': client.crumb } });
    expect(response.statusCode).toBe(200);
  });
});

describe('sign-in', () => {
  it('sets an HttpOnly SameSite session cookie on success', async () => {
    const client = await visitor(server.app);
    const response = await client.inject({ method: 'POST', url: '/api/auth/Login', payload: OWNER });
    expect(response.statusCode).toBe(200);
    expect(response.json().account).toMatchObject({ email: OWNER.email, roles: [1] });
    const session = response.cookies.find((c) => c.name === 'site_session')!;
    expect(session.httpOnly).toBe(true);
    expect(session.sameSite).toBe('Lax');
  });

  it('refuses a wrong password or unknown email with 401 and a JSON error', async () => {
    const client = await visitor(server.app);
    for (const payload of [{ email: OWNER.email, password: 'nope' }, { email: 'who@x.test', password: 'nope' }]) {
      const response = await client.inject({ method: 'POST', url: '/api/auth/Login', payload });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'Invalid email or password.' });
    }
  });

  it('answers bad input with 4xx JSON: missing fields, wrong types, malformed JSON, oversize body', async () => {
    const client = await visitor(server.app);
    const missing = await client.inject({ method: 'POST', url: '/api/auth/Login', payload: { email: OWNER.email } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toContain('password');
    const wrongType = await client.inject({ method: 'POST', url: '/api/auth/Login', payload: { email: ['x'], password: 1 } });
    expect(wrongType.statusCode).toBe(400);
    const malformed = await client.inject({ method: 'POST', url: '/api/auth/Login', payload: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toHaveProperty('error');
    const huge = await client.inject({ method: 'POST', url: '/api/auth/Login', payload: { email: 'a@b.c', password: 'x'.repeat(300_000) } });
    expect(huge.statusCode).toBe(413);
    // A body trickled in for ever does not hold a connection: Node's limit, which Fastify turns off, is back.
    expect(server.app.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
    expect(REQUEST_TIMEOUT_MS).toBe(300_000);
  });

  it('refuses a number out of any range in a query string, a path or a form (Ajv lets "1e309" through as Infinity)', async () => {
    const owner = await signedIn(OWNER);
    for (const url of ['/api/owner/submissions?limit=1e309', '/api/owner/submissions?limit=-Infinity']) {
      const answer = await owner.inject({ method: 'GET', url });
      expect([url, answer.statusCode, answer.json()]).toEqual([url, 400, { error: 'A number is out of range.' }]);
    }
    const client = await visitor(server.app);
    const form = await client.inject({ method: 'POST', url: '/api/commerce/reviews', payload: `token=${'x'.repeat(20)}&rating=1e309`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect([form.statusCode, form.json()]).toEqual([400, { error: 'A number is out of range.' }]);
    expect((await owner.inject({ method: 'GET', url: '/api/owner/submissions?limit=5' })).statusCode).toBe(200);
  });

  it('logout ends the session', async () => {
    const client = await signedIn(OWNER);
    expect((await client.inject({ method: 'GET', url: '/config/' })).statusCode).toBe(200);
    const logout = await client.inject({ method: 'POST', url: '/api/auth/Logout' });
    expect(logout.statusCode).toBe(200);
    const after = await client.inject({ method: 'GET', url: '/config/' });
    expect(after.statusCode).toBe(302);
  });

  it('backs off after five failures with 429 (more in probes.test.ts)', async () => {
    const limited = await startTestServer();
    try {
      const client = await visitor(limited.app);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        statuses.push((await client.inject({ method: 'POST', url: '/api/auth/Login', payload: { email: OWNER.email, password: 'wrong' } })).statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    } finally {
      await limited.close();
    }
  }, 20_000);
});

describe('/config/', () => {
  it('sends visitors and viewer-only accounts to /login with the way back', async () => {
    const anonymous = await server.app.inject({ method: 'GET', url: '/config/?frameUrl=%2Ffaq' });
    expect(anonymous.statusCode).toBe(302);
    expect(anonymous.headers.location).toBe('/login?next=%2Fconfig%2F%3FframeUrl%3D%252Ffaq');
    const viewer = await signedIn(VIEWER);
    expect((await viewer.inject({ method: 'GET', url: '/config/' })).statusCode).toBe(302);
  });

  it('admits the owner', async () => {
    const owner = await signedIn(OWNER);
    const response = await owner.inject({ method: 'GET', url: '/config/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('serves the /login page to anyone', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/login' });
    expect(response.statusCode).toBe(200);
  });
});

describe('API errors', () => {
  it('answers an unknown API path with a JSON 404', async () => {
    const client = await visitor(server.app);
    const response = await client.inject({ method: 'GET', url: '/api/nothing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Not found.' });
  });
});

describe('security headers', () => {
  it('site pages: a policy with a fresh nonce that every page script carries, JSON data blocks excepted', async () => {
    const first = await server.app.inject({ method: 'GET', url: '/' });
    const second = await server.app.inject({ method: 'GET', url: '/' });
    const nonceOf = (policy: unknown) => /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(String(policy))?.[1];
    const nonce = nonceOf(first.headers['content-security-policy'])!;
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonceOf(second.headers['content-security-policy'])).not.toBe(nonce);
    const policy = String(first.headers['content-security-policy']);
    for (const directive of ["default-src 'self'", "object-src 'none'", "base-uri 'self'", "frame-ancestors 'self'"]) expect(policy).toContain(directive);
    expect(policy).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
    // No worker from a data: URL: nothing of the runtime's starts one.
    expect(policy).toContain("worker-src 'self' blob:;");
    const tags = first.body.match(/<script\b[^>]*>/g)!;
    expect(tags.filter((tag) => !tag.includes('application/json')).every((tag) => tag.includes(`nonce="${nonce}"`))).toBe(true);
    expect(tags.filter((tag) => tag.includes('application/json')).some((tag) => tag.includes('nonce'))).toBe(false);
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('the owner app, the sign-in page and the API: scripts from the site only, framed by the site only', async () => {
    const owner = await signedIn(OWNER);
    const app = await owner.inject({ method: 'GET', url: '/config/' });
    expect(app.statusCode).toBe(200);
    expect(app.headers['content-security-policy']).toContain("script-src 'self';");
    expect(app.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(app.headers['x-frame-options']).toBe('SAMEORIGIN');
    const login = await server.app.inject({ method: 'GET', url: '/login' });
    expect(login.headers['content-security-policy']).toContain("script-src 'self';");
    const api = await server.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(api.statusCode).toBe(403); // no crumb: refused before routing, and still with the headers
    expect(api.headers['x-content-type-options']).toBe('nosniff');
  });
});
