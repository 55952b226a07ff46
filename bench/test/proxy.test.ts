import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PEER_PAGE_VIEWS_PATH } from '../peer-endpoints';
import { startProxy, type Proxy } from '../proxy';

let upstream: http.Server;
let proxy: Proxy;
beforeAll(async () => {
  upstream = http.createServer((request, response) => {
    if (request.url === '/api/1/crumb') response.writeHead(200, { 'set-cookie': 'crumb=signed; Path=/; SameSite=Lax', 'content-type': 'application/json' }).end('{"crumb":"signed"}');
    else response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ host: request.headers.host }));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  proxy = await startProxy(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`, { script: '', styles: '' });
});
afterAll(async () => {
  await proxy.close();
  await new Promise((resolve) => upstream.close(resolve));
});

describe("the bench's front server", () => {
  it('passes the Host header on as the browser sent it (the server tells its own pages by it)', async () => {
    const answer = (await (await fetch(`${proxy.url}/api/census/RecordHit`)).json()) as { host: string };
    expect(answer.host).toBe(new URL(proxy.url).host);
  });

  it('gives a generated page a crumb cookie, as the server gives its own pages, unless the visitor has one', async () => {
    expect((await fetch(`${proxy.url}/bench/blocks-10-tessera`)).headers.getSetCookie()).toEqual(['crumb=signed; Path=/; SameSite=Lax']);
    expect((await fetch(`${proxy.url}/bench/like-for-like`, { headers: { cookie: 'crumb=mine' } })).headers.getSetCookie()).toEqual([]);
  });

  it("accepts the peer stack's page views itself (the site server would refuse them), and names the server's icon in its pages", async () => {
    const sent = await fetch(`${proxy.url}${PEER_PAGE_VIEWS_PATH}`, { method: 'POST', body: JSON.stringify({ n: 'pageview', u: '/' }) });
    expect(sent.status).toBe(202);
    expect(await (await fetch(`${proxy.url}/bench/blocks-10-peers`)).text()).toContain('<link rel="icon" href="/assets/favicon.svg"');
  });
});
