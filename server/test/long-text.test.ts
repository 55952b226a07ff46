/**
 * The longest text a visitor may send, in characters of several bytes each. PostgreSQL refuses
 * an index entry past about 2,700 bytes, and a path, an error message or a referrer of 2,048 or
 * 5,000 such characters went into one (the rollups' keys, the errors' index): the flush failed
 * with a 500, and took the other rows of its batch with it. Such text is kept to
 * INDEXED_TEXT_MAX_BYTES in the columns that are indexed, on both engines; the hit's data keeps
 * all of it.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, OWNER, rows, startTestServer, type TestServer, visitor } from './helper';
import { INDEXED_TEXT_MAX_BYTES } from '../src/storage/text-values';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

/** `count` characters of three bytes each, none alike, so that nothing compresses them. */
const wide = (count: number, from = 0x4e00) => Array.from({ length: count }, (_, i) => String.fromCharCode(from + ((i * 7919) % 20000))).join('');
const bytes = (text: string) => Buffer.byteLength(text);

describe('the longest text a visitor may send, three bytes a character', () => {
  it('a page view: its path and referrer are stored, kept to the indexed length, and counted', async () => {
    const client = await visitor(server.app);
    const path = `/${wide(2047)}`;
    const referrer = `android-app://${wide(2000, 0x5e00)}`;
    const hit = { event: 'pageView', data: JSON.stringify({ url: path, websiteId: 'w', referrer }), ss_cvr: 'v-long|1|1|1|1' };
    // Beside an ordinary one: a batch is stored whole or not at all.
    const plain = { event: 'pageView', data: JSON.stringify({ url: '/long-text-neighbour', websiteId: 'w' }), ss_cvr: 'v-long|1|1|1|1' };
    const sent = await client.inject({ method: 'POST', url: '/api/census/RecordHit', payload: [hit, plain] });
    expect(sent.statusCode).toBe(200);
    const [stored] = await rows<{ path: string; referrer: string; data_json: string }>(server, "SELECT path, referrer, data_json FROM census_hits WHERE visitor_id = 'v-long' ORDER BY id");
    expect(bytes(stored!.path)).toBeLessThanOrEqual(INDEXED_TEXT_MAX_BYTES);
    expect(path.startsWith(stored!.path)).toBe(true);
    expect(bytes(stored!.referrer)).toBeLessThanOrEqual(INDEXED_TEXT_MAX_BYTES);
    expect(JSON.parse(stored!.data_json).url).toBe(path);

    const owner = await visitor(server.app);
    await owner.inject({ method: 'POST', url: '/api/auth/Login', payload: OWNER });
    const views = (await owner.inject({ method: 'GET', url: '/api/owner/pageviews' })).json() as { perPath: Array<{ path: string; views: number }> };
    expect(views.perPath).toEqual(expect.arrayContaining([{ path: stored!.path, views: 1 }, { path: '/long-text-neighbour', views: 1 }]));
  });

  it('an error report: its message is stored, kept to the indexed length, and grouped', async () => {
    const client = await visitor(server.app);
    const message = wide(5000);
    const report = (text: string) => ({ event: 'javascript_error', data: JSON.stringify({ message: text, source: 'https://site/a.js', count: 1 }), timestamp: Date.now() });
    const sent = await client.inject({ method: 'POST', url: '/api/events/RecordJavascriptErrors', payload: [report(message), report(message), report('long-text neighbour')] });
    expect(sent.statusCode).toBe(200);
    const stored = await rows<{ message: string }>(server, "SELECT message FROM js_errors WHERE source = 'https://site/a.js' ORDER BY id");
    expect(stored).toHaveLength(3);
    expect(bytes(stored[0]!.message)).toBeLessThanOrEqual(INDEXED_TEXT_MAX_BYTES);
    expect(message.startsWith(stored[0]!.message)).toBe(true);

    const owner = await visitor(server.app);
    await owner.inject({ method: 'POST', url: '/api/auth/Login', payload: OWNER });
    const { errors } = (await owner.inject({ method: 'GET', url: '/api/owner/errors' })).json() as { errors: Array<{ message: string; reports: number }> };
    expect(errors).toEqual(expect.arrayContaining([expect.objectContaining({ message: stored[0]!.message, reports: 2 }), expect.objectContaining({ message: 'long-text neighbour', reports: 1 })]));
  });

  it('a performance record: its path is stored, kept to the indexed length, and counted', async () => {
    const client = await visitor(server.app);
    const path = `/${wide(2047, 0x6000)}`;
    const record = { app: 'site', event: 'pageSpeed', pageLoadId: 'long-text-load', timestamp: Date.now(), data: { pathname: path, metrics: { lcp: 900 } } };
    const sent = await client.inject({ method: 'POST', url: '/api/1/performance/records', payload: [record] });
    expect(sent.statusCode).toBe(200);
    const [stored] = await rows<{ path: string }>(server, "SELECT path FROM performance_records WHERE page_load_id = 'long-text-load'");
    expect(bytes(stored!.path)).toBeLessThanOrEqual(INDEXED_TEXT_MAX_BYTES);
    expect(path.startsWith(stored!.path)).toBe(true);
    const owner = await visitor(server.app);
    await owner.inject({ method: 'POST', url: '/api/auth/Login', payload: OWNER });
    const { perPath } = (await owner.inject({ method: 'GET', url: '/api/owner/performance' })).json() as { perPath: Array<{ path: string }> };
    expect(perPath.map((row) => row.path)).toContain(stored!.path);
  });

  it('a form sent from a listed site with a crumb cookie of 3,200 random characters is taken, not a server error', async () => {
    // From a site on another host (SITE_ORIGINS), the crumb it sends stands in for the cookie, which is then not checked.
    const apart = await startTestServer({ siteOrigins: ['https://site.example'] });
    try {
      const client = await visitor(apart.app);
      const headers = { origin: 'https://site.example', cookie: cookieHeader({ ...client.jar, crumb: randomBytes(2400).toString('base64url') }) };
      const { key } = (await client.inject({ method: 'POST', url: '/api/form/FormSubmissionKey', headers })).json() as { key: string };
      const form = JSON.stringify({ name: ['Ada', 'Lovelace'], email: 'ada@example.com', message: 'From a theme host' });
      const payload = { key, formId: 'contact', isOverlayForm: false, url: 'https://site.example/contact', title: 'Contact', referrer: '', form };
      const sent = await client.inject({ method: 'POST', url: '/api/form/SaveFormSubmission', headers, payload });
      expect(sent.statusCode).toBe(200);
    } finally {
      await apart.close();
    }
  });
});
