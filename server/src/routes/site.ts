import fs from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ensureCrumb } from '../plugins/crumb';
import { environmentFromHost } from '../../../runtime/src/context/environment';
import { injectContext } from '../site-context';
import { SEARCH_QUERY_MAX, SEARCH_RESULTS_MARKER, renderResults, searchIndex, searchPages } from '../site-search';

const PAGE_PATH = /^\/(?:[a-z0-9][a-z0-9-]*\/)*(?:[a-z0-9][a-z0-9-]*(?:\.html)?)?$/;

/** Maps a URL path to an HTML file under examples/, or null for anything unexpected. */
export function pageFile(examplesDir: string, urlPath: string): string | null {
  if (!PAGE_PATH.test(urlPath)) return null;
  let relative = urlPath.replace(/^\//, '');
  if (relative === '' || relative.endsWith('/')) relative += 'index.html';
  else if (!relative.endsWith('.html')) relative += '.html';
  const file = path.resolve(examplesDir, relative);
  return file.startsWith(examplesDir + path.sep) ? file : null;
}

/** `<!--#include virtual="name.html" -->` (SSI syntax) pulls in examples/_partials/name.html. */
const INCLUDE = /<!--#include virtual="([a-z0-9-]+\.html)" -->\n?/g;

async function expandIncludes(html: string, partialsDir: string): Promise<string> {
  const names = [...new Set([...html.matchAll(INCLUDE)].map((match) => match[1]!))];
  const partials = new Map<string, string>();
  for (const name of names) partials.set(name, await fs.readFile(path.join(partialsDir, name), 'utf8').catch(() => ''));
  return html.replace(INCLUDE, (_match, name: string) => partials.get(name) ?? '');
}

async function readSiteSettings(examplesDir: string): Promise<Record<string, unknown>> {
  try {
    return JSON.parse(await fs.readFile(path.join(examplesDir, 'site.json'), 'utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** The demo site: pages from examples/ with the context injected, assets, and the runtime. */
export default async function siteRoutes(app: FastifyInstance): Promise<void> {
  const examplesDir = path.join(app.settings.rootDir, 'examples');

  await app.register(fastifyStatic, {
    root: path.join(app.settings.rootDir, 'dist', 'runtime'),
    prefix: '/runtime/',
    index: false,
    decorateReply: false,
    cacheControl: true,
    maxAge: 60_000,
  });
  await app.register(fastifyStatic, {
    root: path.join(examplesDir, 'assets'),
    prefix: '/assets/',
    index: false,
    decorateReply: false,
  });

  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    const file = pageFile(examplesDir, urlPath);
    if (!file) return reply.callNotFound();
    let html: string;
    try {
      html = await fs.readFile(file, 'utf8');
    } catch {
      return reply.callNotFound();
    }
    ensureCrumb(app, request, reply);
    html = await expandIncludes(html, path.join(examplesDir, '_partials'));
    if (html.includes(SEARCH_RESULTS_MARKER)) {
      // The search page (page type 102) lists the demo pages that match ?q=.
      const raw = (request.query as Record<string, unknown>).q;
      const query = (typeof raw === 'string' ? raw : '').trim().slice(0, SEARCH_QUERY_MAX);
      const results = query ? searchPages(await searchIndex(examplesDir), query) : [];
      html = html.replace(SEARCH_RESULTS_MARKER, () => renderResults(query, results));
    }
    const site = await readSiteSettings(examplesDir);
    const env = app.settings.siteEnv ?? environmentFromHost(request.hostname.replace(/:\d+$/, ''));
    const body = injectContext(html, { site, account: request.account, env });
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Referrer-Policy', 'strict-origin-when-cross-origin')
      .send(body);
  };
  app.get('/', servePage);
  app.get('/*', servePage);
}
