/**
 * SITE_ORIGINS: sites on other hosts whose pages call this server (the runtime's
 * data-api-base). Listed origins get CORS with credentials, preflight included, and their
 * calls count without the crumb cookie (which they cannot read); any other origin is refused
 * before anything is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSiteOrigins } from '../src/config';
import { FOREIGN_ORIGIN, MORE_REFUSED_SITES, REFUSED_SITES_LOGGED, refusedSiteMessage } from '../src/plugins/site-origins';
import { countRows, startLoggedTestServer, startTestServer, type TestServer } from './helper';

const SITE = 'https://theme.example';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ siteOrigins: [SITE] });
});
afterAll(async () => server.close());

const crumbFor = async (origin?: string) => {
  const response = await server.app.inject({ method: 'GET', url: '/api/1/crumb', headers: origin ? { origin } : {} });
  return { response, crumb: (response.json() as { crumb: string }).crumb };
};

describe('SITE_ORIGINS', () => {
  it('is a list of http(s) origins; anything else stops the start with a clear message', () => {
    expect(parseSiteOrigins(' https://a.example , http://127.0.0.1:8081 ')).toEqual(['https://a.example', 'http://127.0.0.1:8081']);
    expect(parseSiteOrigins(undefined)).toEqual([]);
    for (const bad of ['a.example', 'ftp://a.example', 'https://a.example/shop', 'javascript:alert(1)']) {
      expect(() => parseSiteOrigins(bad), bad).toThrow(`SITE_ORIGINS must list http(s) origins (scheme, host and port, no path), not "${bad}"`);
    }
  });

  it('answers a listed origin\'s preflight for the crumb header, with credentials', async () => {
    const preflight = await server.app.inject({
      method: 'OPTIONS',
      url: '/api/census/RecordHit',
      headers: { origin: SITE, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-csrf-token' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(SITE);
    expect(preflight.headers['access-control-allow-credentials']).toBe('true');
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('x-csrf-token');
    const other = await server.app.inject({ method: 'OPTIONS', url: '/api/census/RecordHit', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('an address that cannot be routed answers a listed site its 400 with CORS headers, so its page sees the answer', async () => {
    const bad = await server.app.inject({ method: 'GET', url: '/api/1/%E0%A4%A', headers: { origin: SITE } });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['access-control-allow-origin']).toBe(SITE);
    expect(bad.headers['access-control-allow-credentials']).toBe('true');
    const other = await server.app.inject({ method: 'GET', url: '/api/1/%E0%A4%A', headers: { origin: 'https://evil.example' } });
    expect(other.statusCode).toBe(400);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('a listed site\'s call counts with a crumb this server signed and no cookie; a forged crumb does not', async () => {
    const { response, crumb } = await crumbFor(SITE);
    expect(response.headers['access-control-allow-origin']).toBe(SITE);
    const send = (value: string) =>
      server.app.inject({ method: 'POST', url: `/api/1/performance/records?crumb=${value}`, headers: { origin: SITE, 'content-type': 'text/plain' }, payload: '[]' });
    expect((await send(crumb)).statusCode).not.toBe(403);
    expect((await send('forged.crumb')).statusCode).toBe(403);
  });

  it('refuses a call from an origin it does not list before it stores anything, by Origin or, for a pixel, by Referer', async () => {
    const { crumb } = await crumbFor();
    const cookie = `crumb=${crumb}`;
    const before = { n: await countRows(server, 'census_hits') };
    const post = await server.app.inject({
      method: 'POST',
      url: `/api/census/RecordHit?crumb=${crumb}`,
      headers: { origin: 'https://evil.example', cookie, 'content-type': 'text/plain' },
      payload: JSON.stringify({ event: 'pageView' }),
    });
    expect(post.statusCode).toBe(403);
    expect(post.json()).toEqual({ error: FOREIGN_ORIGIN });
    expect(post.headers['access-control-allow-origin']).toBeUndefined();
    const pixel = await server.app.inject({ method: 'GET', url: `/api/track/Track?crumb=${crumb}`, headers: { referer: 'https://evil.example/page', cookie } });
    expect(pixel.statusCode).toBe(403);
    expect(await countRows(server, 'census_hits')).toBe(before.n);
    // The server's own pages (compared by host: a TLS proxy may change the scheme) and callers without an Origin are not affected.
    const own = await server.app.inject({ method: 'GET', url: `/api/1/performance/settings?crumb=${crumb}`, headers: { origin: 'https://localhost:80', host: 'localhost:80', cookie } });
    expect(own.statusCode).toBe(200);
    // A proxy that passes the Host with the port it listens on (nginx's `$host:$server_port`): still the server's own pages.
    for (const [origin, host] of [['https://site.test', 'site.test:443'], ['http://site.test', 'Site.Test:80']]) {
      const behind = await server.app.inject({ method: 'GET', url: `/api/1/performance/settings?crumb=${crumb}`, headers: { origin: origin!, host: host!, cookie } });
      expect(behind.statusCode, `${origin} through Host ${host}`).toBe(200);
    }
    // Another port is another site.
    expect((await server.app.inject({ method: 'GET', url: `/api/1/performance/settings?crumb=${crumb}`, headers: { origin: 'https://site.test:8443', host: 'site.test', cookie } })).statusCode).toBe(403);
  });

  it('names each refused site in the log once, with the setting that lets it in; past the first 20, no more names', async () => {
    const { server: logged, lines } = await startLoggedTestServer({ siteOrigins: [SITE] });
    try {
      const call = (origin: string) => logged.app.inject({ method: 'POST', url: '/api/census/RecordHit', headers: { origin }, payload: {} });
      const named = () => lines.filter((line) => line.level === 40 && line.msg.startsWith('Refused API calls from'));
      for (let i = 0; i < 3; i++) expect((await call('https://www.my-shop.example')).statusCode).toBe(403);
      expect((await call(SITE)).json()).not.toEqual({ error: FOREIGN_ORIGIN }); // a listed site is not named
      expect(named().map((line) => line.msg)).toEqual([refusedSiteMessage('https://www.my-shop.example')]);
      expect(refusedSiteMessage('https://www.my-shop.example')).toBe(
        'Refused API calls from https://www.my-shop.example: that site is not in SITE_ORIGINS. If its pages are yours, add it (SITE_ORIGINS=https://www.my-shop.example, comma-separated with any others) and restart; until then its forms, analytics and error reports are refused.',
      );
      // A header no browser writes is not copied into the message.
      expect((await call('https://a.example/\u2028path')).statusCode).toBe(403);
      expect(named().at(-1)!.msg).toBe('Refused API calls from a page whose Origin is not an http(s) origin.');
      // Made-up origins by the hundred: twenty names, one line for the rest, then silence.
      for (let i = 0; i < 100; i++) await call(`https://site-${i}.example`);
      expect(named()).toHaveLength(REFUSED_SITES_LOGGED);
      expect(lines.filter((line) => line.msg === MORE_REFUSED_SITES)).toHaveLength(1);
    } finally {
      await logged.close();
    }
  });
});
