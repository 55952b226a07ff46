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
});
