import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER, cookieHeader, startTestServer, visitor, type TestServer } from './helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const event = (message: string, count = 1) => ({ event: 'javascript_error', data: JSON.stringify({ message, source: 'https://site/a.js', count }), timestamp: Date.now() });

describe('RecordJavascriptErrors', () => {
  it('takes the crumb as a header and stores the events', async () => {
    const client = await visitor(server.app);
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/events/RecordJavascriptErrors',
      headers: { cookie: cookieHeader(client.jar), 'x-csrf-token': client.crumb, 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify([event('boom', 3), event('bang')]),
    });
    expect(response.statusCode).toBe(200);
    const noCrumb = await server.app.inject({ method: 'POST', url: '/api/events/RecordJavascriptErrors', headers: { cookie: cookieHeader(client.jar) }, payload: [event('x')] });
    expect(noCrumb.json().crumbFail).toBe(true);
  });

  it('refuses more than 10 events, and bad data', async () => {
    const client = await visitor(server.app);
    expect((await client.inject({ method: 'POST', url: '/api/events/RecordJavascriptErrors', payload: Array.from({ length: 11 }, () => event('x')) })).statusCode).toBe(400);
    expect((await client.inject({ method: 'POST', url: '/api/events/RecordJavascriptErrors', payload: [{ event: 'e', data: '{', timestamp: 1 }] })).statusCode).toBe(400);
  });

  it('stores trace batches', async () => {
    const client = await visitor(server.app);
    expect((await client.inject({ method: 'POST', url: '/api/events/Trace', payload: [{ pageUrl: 'https://site/', type: 'video', data: { a: 1 } }] })).statusCode).toBe(200);
  });

  it('groups errors by message for the owner', async () => {
    const owner = await visitor(server.app);
    await owner.inject({ method: 'POST', url: '/api/auth/Login', payload: OWNER });
    const reporter = await visitor(server.app);
    await reporter.inject({ method: 'POST', url: '/api/events/RecordJavascriptErrors', payload: [event('grouped', 3)] });
    await owner.inject({ method: 'POST', url: '/api/events/RecordJavascriptErrors', payload: [event('grouped', 2)] });
    const { errors } = (await owner.inject({ method: 'GET', url: '/api/owner/errors' })).json();
    expect(errors.find((e: { message: string }) => e.message === 'grouped')).toMatchObject({ count: 5, reports: 2, lastSeen: expect.stringMatching(/^\d{4}-/) });
    expect((await (await visitor(server.app)).inject({ method: 'GET', url: '/api/owner/errors' })).statusCode).toBe(401);
  });

  it("gives the owner an error's latest report: its stack and place, the page without its query, the browser; nobody else", async () => {
    const owner = await visitor(server.app);
    await owner.inject({ method: 'POST', url: '/api/auth/Login', payload: OWNER });
    const reporter = await visitor(server.app);
    const report = (stack: string, line: number) => ({
      event: 'javascript_error',
      data: JSON.stringify({ message: 'TypeError: detail is undefined', stack, source: 'https://site/theme.js', line, column: 7, count: 1 }),
      timestamp: Date.now(),
    });
    const headers = { host: 'site.test', referer: 'http://site.test/members/password?token=secret-token#top', 'user-agent': 'Mozilla/5.0 (Tessera test) Chrome/140' };
    expect((await reporter.inject({ method: 'POST', url: '/api/events/RecordJavascriptErrors', headers, payload: [report('at first (theme.js:10:7)', 10)] })).statusCode).toBe(200);
    expect((await reporter.inject({ method: 'POST', url: '/api/events/RecordJavascriptErrors', headers, payload: [report('at second (theme.js:12:7)', 12)] })).statusCode).toBe(200);

    const { errors } = (await owner.inject({ method: 'GET', url: '/api/owner/errors' })).json() as { errors: Array<{ message: string; latestReport: number | null }> };
    const group = errors.find((e) => e.message === 'TypeError: detail is undefined')!;
    expect(group.latestReport).toEqual(expect.any(Number));
    const latest = await owner.inject({ method: 'GET', url: `/api/owner/errors/${group.latestReport}` });
    expect(latest.statusCode).toBe(200);
    expect(latest.json()).toEqual({
      id: group.latestReport,
      message: 'TypeError: detail is undefined',
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      count: 1,
      source: 'https://site/theme.js',
      line: 12,
      column: 7,
      stack: 'at second (theme.js:12:7)',
      page: 'http://site.test/members/password',
      browser: 'Mozilla/5.0 (Tessera test) Chrome/140',
    });

    // Fields the browser did not send, or sent as something else, are null.
    await reporter.inject({ method: 'POST', url: '/api/events/RecordJavascriptErrors', payload: [{ event: 'javascript_error', data: JSON.stringify({ message: 'bare', line: 'ten', stack: 5 }), timestamp: 1 }] });
    const bare = ((await owner.inject({ method: 'GET', url: '/api/owner/errors' })).json() as { errors: Array<{ message: string; latestReport: number }> }).errors.find((e) => e.message === 'bare')!;
    expect((await owner.inject({ method: 'GET', url: `/api/owner/errors/${bare.latestReport}` })).json()).toMatchObject({ source: null, line: null, column: null, stack: null, page: null });

    expect((await owner.inject({ method: 'GET', url: '/api/owner/errors/999999999' })).json()).toEqual({ error: 'That report is no longer kept: reports go after RETENTION_DAYS, their counts stay.' });
    expect((await owner.inject({ method: 'GET', url: '/api/owner/errors/999999999' })).statusCode).toBe(404);
    expect((await owner.inject({ method: 'GET', url: '/api/owner/errors/abc' })).statusCode).toBe(400);
    expect((await reporter.inject({ method: 'GET', url: `/api/owner/errors/${group.latestReport}` })).statusCode).toBe(401);
  });
});
