/**
 * The character U+0000 in what a visitor sends. PostgreSQL's text cannot hold it, and a query
 * carrying one failed (a sign-in with one in the address answered 500). It is kept as U+FFFD on
 * both engines: in JSON and form bodies, in query strings, and in text the server finds inside
 * a body (a hit's JSON data).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER, postForm, rows, startTestServer, type TestServer, visitor } from './helper';
import { withoutNul } from '../src/storage/text-values';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const NUL = 'a\u0000b';
const REPLACED = 'a\uFFFDb';

describe('a NUL character (U+0000) from a visitor', () => {
  it('is no server error in a sign-in, as JSON or as a plain form', async () => {
    const client = await visitor(server.app);
    const owner = await client.inject({ method: 'POST', url: '/api/auth/Login', payload: { email: `${NUL}@test.local`, password: NUL } });
    expect([owner.statusCode, owner.json()]).toEqual([401, expect.objectContaining({ error: expect.any(String) })]);
    const member = await client.inject({ method: 'POST', url: '/api/site-users/account/session', payload: { email: `${NUL}@test.local`, password: NUL, rememberMe: false } });
    expect(member.statusCode).toBeGreaterThanOrEqual(400);
    expect(member.statusCode).toBeLessThan(500);
    const form = await postForm(server.app, client, '/members/sign-in', { next: '/members', email: `${NUL}@test.local`, password: NUL });
    expect(form.statusCode).toBeLessThan(500);
  });

  it('is stored as U+FFFD, where it came in JSON text inside the body too', async () => {
    const client = await visitor(server.app);
    const hit = { event: 'pageView', data: JSON.stringify({ url: `/${NUL}`, websiteId: NUL, referrer: `https://${NUL}.test/` }), ss_cvr: 'v1|1|1|1|1' };
    expect((await client.inject({ method: 'POST', url: '/api/census/RecordHit', payload: [hit] })).statusCode).toBe(200);
    expect(await rows(server, 'SELECT path, website_id FROM census_hits')).toEqual([{ path: `/${REPLACED}`, website_id: REPLACED }]);
    expect(await rows(server, 'SELECT path, views FROM census_daily_paths')).toEqual([{ path: `/${REPLACED}`, views: 1 }]);

    const record = { app: 'site', event: 'pageSpeed', pageLoadId: NUL, timestamp: Date.now(), data: { pathname: `/${NUL}`, metrics: { lcp: 900 } } };
    expect((await client.inject({ method: 'POST', url: '/api/1/performance/records', payload: [record] })).statusCode).toBe(200);
    expect(await rows(server, 'SELECT page_load_id, path FROM performance_records')).toEqual([{ page_load_id: REPLACED, path: `/${REPLACED}` }]);
    // The rollup's key joins day, path and metric: a NUL in the path would have split it wrongly.
    expect(await rows(server, 'SELECT path, metric, value FROM performance_daily')).toEqual([{ path: `/${REPLACED}`, metric: 'lcp', value: 900 }]);
  });

  it('is no server error in a query string', async () => {
    const owner = await visitor(server.app);
    expect((await owner.inject({ method: 'POST', url: '/api/auth/Login', payload: OWNER })).statusCode).toBe(200);
    for (const url of ['/api/owner/submissions?formId=a%00b', '/api/owner/pageviews?path=%00', '/search?q=a%00b', '/commerce/reviews?token=%00', "/api/commerce/reviews/request?token=a%00b"]) {
      const response = await owner.inject({ method: 'GET', url });
      expect({ url, status: response.statusCode < 500 }).toEqual({ url, status: true });
    }
  });

  it('is compared as U+FFFD: what was stored with one is found by it', async () => {
    const { db } = server.app.storage;
    await db.insertInto('settings').values({ key: `nul-${NUL}`, value: NUL }).execute();
    expect(await db.selectFrom('settings').select(['key', 'value']).where('key', '=', `nul-${NUL}`).execute()).toEqual([{ key: `nul-${REPLACED}`, value: REPLACED }]);
    expect(await db.selectFrom('settings').select('value').where('key', 'in', [`nul-${NUL}`, 'other']).execute()).toEqual([{ value: REPLACED }]);
    expect(await rows(server, 'SELECT value FROM settings WHERE key = ?', `nul-${NUL}`)).toEqual([{ value: REPLACED }]);
  });

  it('withoutNul leaves other values as they are', () => {
    expect([withoutNul(NUL), withoutNul('\u0000\u0000'), withoutNul('plain'), withoutNul(5), withoutNul(null)]).toEqual([REPLACED, '\uFFFD\uFFFD', 'plain', 5, null]);
  });
});
