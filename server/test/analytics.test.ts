import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, startTestServer, type TestServer, visitor } from './helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const common = { actor: 'visitor', action: 'click', event_owner_team: 'web', event_source: 'site', object_type: 'button' };
const count = (table: string) => countRows(server, table);

describe('v1 events endpoint', () => {
  it('takes JSON and form-encoded (beacon) payloads and answers 202', async () => {
    const client = await visitor(server.app);
    const before = await count('analytics_events');
    const json = await client.inject({ method: 'POST', url: '/api/v1/events', payload: { analyticsId: 'a1', commonData: common, customData: { x: 1 }, customSchemaName: 's' } });
    expect(json.statusCode).toBe(202);
    const form = new URLSearchParams({ analyticsId: 'a1', commonData: JSON.stringify(common), customData: '{}', customSchemaName: 's' }).toString();
    const beacon = await client.inject({ method: 'POST', url: '/api/v1/events', payload: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(beacon.statusCode).toBe(202);
    expect(await count('analytics_events')).toBe(before + 2);
  });

  it('refuses events without the required fields or with broken JSON', async () => {
    const client = await visitor(server.app);
    const before = await count('analytics_events');
    expect((await client.inject({ method: 'POST', url: '/api/v1/events', payload: { analyticsId: 'a1', commonData: { actor: 'x' } } })).statusCode).toBe(400);
    const broken = new URLSearchParams({ analyticsId: 'a1', commonData: '{', customSchemaName: 's' }).toString();
    expect((await client.inject({ method: 'POST', url: '/api/v1/events', payload: broken, headers: { 'content-type': 'application/x-www-form-urlencoded' } })).statusCode).toBe(400);
    expect(await count('analytics_events')).toBe(before);
  });
});

describe('legacy RecordEvent', () => {
  it('stores form events with JSON data', async () => {
    const client = await visitor(server.app);
    const ok = new URLSearchParams({ event: 'pageHash', data: JSON.stringify({ websiteId: 'w', pagePath: '/' }) }).toString();
    expect((await client.inject({ method: 'POST', url: '/api/events/RecordEvent', payload: ok, headers: { 'content-type': 'application/x-www-form-urlencoded' } })).statusCode).toBe(200);
    const bad = new URLSearchParams({ event: 'x', data: 'nope' }).toString();
    expect((await client.inject({ method: 'POST', url: '/api/events/RecordEvent', payload: bad, headers: { 'content-type': 'application/x-www-form-urlencoded' } })).statusCode).toBe(400);
    expect(await count('legacy_events')).toBe(1);
  });
});
