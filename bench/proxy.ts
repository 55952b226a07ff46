/**
 * A small front for the real server: the generated benchmark pages and the peer stack under
 * /bench/, any page with `?bench-no-runtime` served without the runtime's script tag and with
 * plain image addresses (the "same page without the runtime" for Lighthouse), everything else
 * passed through unchanged.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { blocksPage, likeForLikePage, withPlainImages, type Variant } from './pages';
import { CRUMB_PATH } from '../contract/api/paths';
import { CRUMB_COOKIE } from '../contract/crumb';
import { PEER_PAGE_VIEWS_PATH } from './peer-endpoints';

/** The runtime's script tag with whatever attributes the server gave it (its CSP nonce). */
const RUNTIME_TAG = /<script\b[^>]*\ssrc="\/runtime\/site(?:\.iife)?\.js"[^>]*><\/script>/g;

/** The page as it would be without the runtime: its script tag gone, its images plain, everything else as served. */
export const withoutRuntime = (html: string): string => withPlainImages(html.replace(RUNTIME_TAG, ''));

export interface Proxy {
  url: string;
  close(): Promise<void>;
}

export async function startProxy(upstream: string, peerStack: { script: string; styles: string }): Promise<Proxy> {
  const target = new URL(upstream);
  /**
   * A generated page comes with a crumb cookie, as the server's own pages do (without one, a
   * visitor's first API calls would be refused and tried again).
   */
  const page = async (request: http.IncomingMessage, response: http.ServerResponse, html: string) => {
    const hasCrumb = new RegExp(`(?:^|;\\s*)${CRUMB_COOKIE}=`).test(request.headers.cookie ?? '');
    const answer = hasCrumb ? null : await fetch(new URL(CRUMB_PATH, upstream)).catch(() => null);
    send(response, 'text/html; charset=utf-8', html, answer?.headers.getSetCookie() ?? []);
  };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://bench');
    const blocks = /^\/bench\/blocks-(\d+)-(tessera|peers|none)(-contained)?$/.exec(url.pathname);
    if (blocks) return void page(request, response, blocksPage(Number(blocks[1]), blocks[2] as Variant, !!blocks[3]));
    if (url.pathname === '/bench/like-for-like') return void page(request, response, likeForLikePage());
    if (url.pathname === '/bench/peer-stack.js') return send(response, 'text/javascript', peerStack.script);
    if (url.pathname === '/bench/peer-stack.css') return send(response, 'text/css', peerStack.styles);
    // The peers' page views: accepted and dropped, as their tracker's collector would (the site server refused them, 403).
    if (url.pathname === PEER_PAGE_VIEWS_PATH) return void request.resume().on('end', () => response.writeHead(202).end());
    const strip = url.searchParams.has('bench-no-runtime');
    url.searchParams.delete('bench-no-runtime');
    const forward = http.request(
      // Only a page to strip is asked for uncompressed; everything else travels as the browser asked.
      // The Host header goes on as the browser sent it, as a reverse proxy's does: the server
      // tells its own pages from other sites' by comparing it with the Origin header.
      { hostname: target.hostname, port: target.port, method: request.method, path: url.pathname + url.search, headers: { ...request.headers, ...(strip ? { 'accept-encoding': 'identity' } : {}) } },
      (answer) => {
        if (!strip || !String(answer.headers['content-type']).startsWith('text/html')) {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          return void answer.pipe(response);
        }
        const parts: Buffer[] = [];
        answer.on('data', (part: Buffer) => parts.push(part));
        answer.on('end', () => {
          const headers = { ...answer.headers };
          delete headers['content-length'];
          const page = withoutRuntime(Buffer.concat(parts).toString('utf8'));
          // Compressed again as the server would have sent it, so that both pages travel alike.
          const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
          if (gzip) headers['content-encoding'] = 'gzip';
          response.writeHead(answer.statusCode ?? 502, headers);
          response.end(gzip ? gzipSync(page) : page);
        });
      },
    );
    forward.on('error', () => response.writeHead(502).end());
    request.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

function send(response: http.ServerResponse, type: string, body: string, cookies: string[] = []): void {
  response.writeHead(200, { 'content-type': type, 'cache-control': 'no-store', ...(cookies.length ? { 'set-cookie': cookies } : {}) });
  response.end(body);
}
