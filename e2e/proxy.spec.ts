/**
 * Behind a TLS proxy (issue 40 §5): a small proxy in the test forwards every request to the
 * built server with the visitor's address in X-Forwarded-For and `X-Forwarded-Proto: https`.
 * With TRUST_PROXY naming the proxy, another visitor's failed sign-ins do not lock the owner
 * out and the session cookie is Secure; without it, every request is the proxy, as the issue
 * found, and the owner waits with everyone else.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, runtimeReady, test } from './fixtures';
import { OWNER } from './global-setup';
import { startBuiltServer, type ServerProcess } from './server-process';

/** What the proxy forwarded and the server answered: the test sees a page's beacons here, which Playwright's events leave out. */
interface Answer {
  visitor: string;
  method: string;
  path: string;
  status: number;
}

/**
 * Forwards to `target` as nginx or Caddy would: the Host as the visitor sent it, the visitor's
 * address (here from the test's `x-test-visitor` header, or its `test_visitor` cookie, which a
 * browser's beacons carry too) and the scheme the visitor used (`https` for a TLS proxy).
 */
async function startProxy(target: string, scheme: 'https' | 'http' = 'https'): Promise<{ url: string; answers: Answer[]; close(): Promise<void> }> {
  const upstream = new URL(target);
  const answers: Answer[] = [];
  const proxy = http.createServer((request, response) => {
    const visitor = request.headers['x-test-visitor'] ?? /(?:^|;\s*)test_visitor=([^;]+)/.exec(request.headers.cookie ?? '')?.[1] ?? '192.0.2.1';
    const headers: http.OutgoingHttpHeaders = { ...request.headers, 'x-forwarded-for': String(visitor), 'x-forwarded-proto': scheme };
    delete headers['x-test-visitor'];
    const forwarded = http.request({ host: upstream.hostname, port: upstream.port, method: request.method, path: request.url, headers }, (answer) => {
      answers.push({ visitor: String(visitor), method: request.method!, path: new URL(request.url!, target).pathname, status: answer.statusCode ?? 502 });
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    forwarded.on('error', () => response.writeHead(502).end());
    request.pipe(forwarded);
  });
  // Every local address (IPv4 and IPv6), so that `localhost` reaches it however it resolves.
  await new Promise<void>((resolve) => proxy.listen(0, resolve));
  return { url: `http://localhost:${(proxy.address() as AddressInfo).port}`, answers, close: () =>
      new Promise((resolve) => {
        // Keep-alive connections would hold close() open: end them too.
        proxy.close(() => resolve());
        proxy.closeAllConnections();
      }) };
}

const ACCOUNTS = { OWNER_EMAIL: OWNER.email, OWNER_PASSWORD: OWNER.password };

for (const trusted of [true, false]) {
  test(`${trusted ? 'TRUST_PROXY names the proxy' : 'TRUST_PROXY off'}: twenty-one failed sign-ins by another visitor, then the owner signs in`, async ({ playwright }) => {
    test.setTimeout(60_000);
    const server: ServerProcess = await startBuiltServer({ ...ACCOUNTS, ...(trusted ? { TRUST_PROXY: '127.0.0.1,::1' } : {}) });
    const proxy = await startProxy(server.baseUrl);
    try {
      const visit = async (visitor: string) => {
        const api = await playwright.request.newContext({ baseURL: proxy.url, extraHTTPHeaders: { 'x-test-visitor': visitor } });
        await api.get('/plain');
        const crumb = (await api.storageState()).cookies.find((cookie) => cookie.name === 'crumb')!.value;
        return { api, crumb, signIn: (account: { email: string; password: string }) => api.post(`/api/auth/Login?crumb=${encodeURIComponent(crumb)}`, { data: account }) };
      };
      const stranger = await visit('203.0.113.50');
      const statuses: number[] = [];
      for (let i = 0; i < 21; i += 1) statuses.push((await stranger.signIn({ email: `guess${i}@nowhere.test`, password: 'wrong-password' })).status());
      expect(statuses.at(-1)).toBe(429);

      const owner = await visit('198.51.100.20');
      const signIn = await owner.signIn(OWNER);
      if (trusted) {
        expect(signIn.status()).toBe(200);
        const session = signIn.headersArray().find((header) => header.name.toLowerCase() === 'set-cookie' && header.value.startsWith('site_session='));
        expect(session?.value).toMatch(/;\s*Secure/i);
        // The session works (sent by hand: a client keeps a Secure cookie for https addresses only).
        const cookie = `${session!.value.split(';')[0]}; crumb=${owner.crumb}`;
        const plan = await fetch(`${proxy.url}/api/owner/plan?crumb=${encodeURIComponent(owner.crumb)}`, { headers: { cookie, 'x-test-visitor': '198.51.100.20' } });
        expect(plan.status).toBe(200);
      } else {
        // Every request came from the proxy's address, so the stranger's failures count against the owner too.
        expect(signIn.status()).toBe(429);
      }
      await stranger.api.dispose();
      await owner.api.dispose();
    } finally {
      await proxy.close();
      await server.stop();
    }
  });
}

// The browser speaks plain HTTP to the test's proxy, so the proxy says so (a TLS proxy's
// Secure cookie is checked above): the owner's journey through a proxy, in Chromium.
test('through the proxy in Chromium: the owner signs in and reaches the config app', async ({ browser }) => {
  test.setTimeout(60_000);
  const server = await startBuiltServer({ ...ACCOUNTS, TRUST_PROXY: '127.0.0.1,::1' });
  const proxy = await startProxy(server.baseUrl, 'http');
  const context = await browser.newContext({ baseURL: proxy.url });
  try {
    const page = await context.newPage();
    await page.goto('/login?next=/config/');
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByRole('button', { name: /sign in|log in/i }).click();
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/config\//);
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    const session = (await context.cookies()).find((cookie) => cookie.name === 'site_session');
    expect(session).toMatchObject({ httpOnly: true, secure: false });
  } finally {
    await context.close();
    await proxy.close();
    await server.stop();
  }
});

// VISITOR_DATA_PER_MINUTE: a visitor's address that sends more census, analytics, error and
// performance requests than that in a minute is refused (429) until the minute is over; the
// runtime drops what is refused, its pages work on, and other visitors are not affected.
test('through the proxy in Chromium: visitor data past VISITOR_DATA_PER_MINUTE is refused for that address only', async ({ browser }) => {
  test.setTimeout(100_000);
  const LIMIT = 12;
  const server = await startBuiltServer({ ...ACCOUNTS, TRUST_PROXY: '127.0.0.1,::1', VISITOR_DATA_PER_MINUTE: String(LIMIT) });
  const proxy = await startProxy(server.baseUrl, 'http');
  /** A visitor at `address` (the proxy reads it from a cookie) who has accepted the banner. */
  const visitorAt = async (address: string) => {
    const context = await browser.newContext({ baseURL: proxy.url });
    await context.addCookies([
      { name: 'ss_cookieAllowed', value: 'true', url: proxy.url },
      { name: 'test_visitor', value: address, url: proxy.url },
    ]);
    const page = await context.newPage();
    const uncaught: string[] = [];
    page.on('pageerror', (error) => uncaught.push(error.message));
    return { context, page, uncaught };
  };
  /** The statuses of the visitor data sent from `address`, in order. */
  const visitorData = (address: string) =>
    proxy.answers.filter((answer) => answer.visitor === address && /^\/api\/(census|events|track|1\/performance\/records|1\/analytics)\b/.test(answer.path)).map((answer) => answer.status);
  try {
    // The server counts by clock minute: a flood that crossed into the next one would have the
    // limit's worth again there. So it starts with most of a minute's 20 s still ahead (it takes
    // a few), and one that crossed all the same is made again from another address, early in the new minute.
    let flooder: Awaited<ReturnType<typeof visitorAt>>;
    let flooding: string;
    for (let attempt = 1; ; attempt++) {
      const leftOfMinute = 60_000 - (Date.now() % 60_000);
      if (leftOfMinute < 20_000) await new Promise((resolve) => setTimeout(resolve, leftOfMinute + 50));
      const floodStarted = Date.now();
      flooding = `203.0.113.${76 + attempt}`;
      flooder = await visitorAt(flooding);
      for (const path of ['/', '/gallery', '/blocks', '/', '/gallery', '/']) {
        await flooder.page.goto(path);
        await runtimeReady(flooder.page);
      }
      const refused = await expect.poll(() => visitorData(flooding).filter((status) => status === 429).length).toBeGreaterThan(0).then(() => true, () => false);
      if (Math.floor(Date.now() / 60_000) === Math.floor(floodStarted / 60_000)) {
        expect(refused, 'what came past the limit was refused').toBe(true);
        break;
      }
      expect(attempt, 'a flood stayed within one clock minute').toBe(1);
      await flooder.context.close();
    }
    // The limit's worth answered (a 429 comes back sooner than a stored hit, so not in order), the rest refused, and the pages went on working.
    const statuses = visitorData(flooding);
    expect(statuses.filter((status) => status === 200 || status === 202)).toHaveLength(LIMIT);
    expect(statuses.filter((status) => status !== 200 && status !== 202 && status !== 429)).toEqual([]);
    expect(flooder.uncaught).toEqual([]);
    await expect(flooder.page.getByRole('heading', { level: 1 })).toBeVisible();

    const neighbour = await visitorAt('198.51.100.78');
    await neighbour.page.goto('/');
    await runtimeReady(neighbour.page);
    await expect.poll(() => visitorData('198.51.100.78').length).toBeGreaterThan(3);
    expect(visitorData('198.51.100.78').every((status) => status === 200 || status === 202)).toBe(true);
    await flooder.context.close();
    await neighbour.context.close();
  } finally {
    await proxy.close();
    await server.stop();
  }
});
