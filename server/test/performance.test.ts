import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { p75 } from '../src/routes/performance';
import { OWNER, startTestServer, visitor, type TestServer } from './helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const record = (id: string, pathname: string, lcp: number) => ({ app: 'site', event: 'pageSpeed', pageLoadId: id, timestamp: Date.now(), data: { pathname, metrics: { lcp } } });

describe('performance endpoints', () => {
  it('settings give a page load id and the rollout, off on the configured paths', async () => {
    const client = await visitor(server.app);
    const on = (await client.inject({ method: 'GET', url: '/api/1/performance/settings?path=%2Ffaq' })).json();
    expect(on.pageLoadId).toMatch(/^[0-9a-f-]{36}$/);
    expect(on.rollout).toMatchObject({ rum: true, apps: ['site'], pageSpeed: true });
    const off = (await client.inject({ method: 'GET', url: '/api/1/performance/settings?path=%2Frobustness' })).json();
    expect(off.rollout.rum).toBe(false);
  });

  it("stores records (latest per page load wins) and refuses an empty batch with 'Data is empty'", async () => {
    const client = await visitor(server.app);
    expect((await client.inject({ method: 'POST', url: '/api/1/performance/records', payload: [] })).json()).toEqual({ error: 'Data is empty' });
    await client.inject({ method: 'POST', url: '/api/1/performance/records', payload: [record('a', '/faq', 100), record('b', '/faq', 200)] });
    await client.inject({ method: 'POST', url: '/api/1/performance/records', payload: [record('a', '/faq', 150), record('c', '/faq', 400), record('d', '/faq', 300)] });
    const owner = await visitor(server.app);
    await owner.inject({ method: 'POST', url: '/api/auth/Login', payload: OWNER });
    const stats = (await owner.inject({ method: 'GET', url: '/api/owner/performance' })).json();
    expect(stats.records).toBe(4);
    expect(stats.perPath).toEqual([{ path: '/faq', p75: { lcp: 300 }, samples: 4 }]);
  });

  it('p75 by nearest rank', () => {
    expect(p75([1, 2, 3, 4])).toBe(3);
    expect(p75([5])).toBe(5);
    expect(p75([])).toBe(0);
  });
});
