import fs from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PageType } from '../../../contract/model/page-types';
import { canOpenConfig } from '../accounts';
import { allPageSettings, pageSettings, visitorAccess, type PageSettings } from '../page-settings';
import { MAX_SEARCH_RESULTS, SEARCH_QUERY_MAX, SEARCH_RESULTS_MARKER, renderResults, searchIndex } from '../site-search';
import { searchSitePages, syncSitePages } from '../repositories/site-pages';
import { catalogues, examplesDir as examplesDirOf, NOT_FOUND_FILE, readSiteSettings, sendShellPage, sendSitePage } from '../site-page';
import { htmlLanguage, wordsFor } from '../page-words';
import { pageOwnContext } from '../site-context';
import { sendMemberAccessPage } from './members';
import { escapeHtml } from '../html';
import { PAGE_WORDS, siteSettingWarnings } from '../page-text';
import { CHUNK_CACHE_CONTROL, serveStoredChunks } from '../stored-chunk-route';
import { builtRuntimeDir, CHUNK_NAME, runtimeChunks } from '../build-chunks';

/** A locked page (page type 103, lock screen): visitors see that it is locked, nothing of it. */
function sendLockScreen(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  return sendShellPage(app, request, reply, ({ words }) => {
    const text = words('page', PAGE_WORDS);
    return { title: text.locked, pageType: PageType.LOCK_SCREEN, main: `<h1>${escapeHtml(text.lockedHeading)}</h1><p>${escapeHtml(text.lockedText)}</p>` };
  }, 403);
}

const memberPages = (site: Record<string, unknown>): string[] => {
  const pages = site.memberPages;
  return Array.isArray(pages) ? pages.filter((p): p is string => typeof p === 'string') : [];
};

/**
 * What this request gets of a page: the page, a 404 (hidden), the lock screen, or the member
 * access page. Owners who may open the config app see every page; members see members' pages.
 */
export function pageAccess(request: FastifyRequest, settings: PageSettings | null, pagePath: string, site: Record<string, unknown>): 'page' | 'hidden' | 'locked' | 'members' {
  if (canOpenConfig(request.account)) return 'page';
  const access = visitorAccess(settings);
  if (access === 'hidden' || access === 'locked') return access;
  if (!request.siteUser && (access === 'members' || memberPages(site).includes(pagePath))) return 'members';
  return 'page';
}

const PAGE_PATH = /^\/(?:[a-z0-9][a-z0-9-]*\/)*(?:[a-z0-9][a-z0-9-]*(?:\.html)?)?$/;

/** Maps a URL path to an HTML file under examples/, or null for anything unexpected. */
export function pageFile(examplesDir: string, urlPath: string): string | null {
  if (!PAGE_PATH.test(urlPath)) return null;
  let relative = urlPath.replace(/^\//, '');
  if (relative === '' || relative.endsWith('/')) relative += 'index.html';
  else if (!relative.endsWith('.html')) relative += '.html';
  // The not-found page answers pages that are not there, with a 404; never as a page of its own.
  if (relative === NOT_FOUND_FILE) return null;
  const file = path.resolve(examplesDir, relative);
  return file.startsWith(examplesDir + path.sep) ? file : null;
}

/** A content-hashed chunk (rollup's `[name]-[hash].js` in chunks/). */
const isChunk = (file: string) => path.basename(path.dirname(file)) === 'chunks' && CHUNK_NAME.test(path.basename(file));

/** The demo site: pages from examples/ with the context injected, assets, and the runtime. */
export default async function siteRoutes(app: FastifyInstance): Promise<void> {
  for (const warning of siteSettingWarnings(await readSiteSettings(app))) app.log.warn(warning);
  const examplesDir = examplesDirOf(app);
  // A folder without a home page is most often the wrong folder: say so once, at start.
  if (!existsSync(path.join(examplesDir, 'index.html'))) app.log.warn(`${examplesDir} has no index.html: the home page answers "Page not found". Is SITE_DIR the site's folder?`);
  // The search index follows the site folder's pages (rebuilt once by whichever instance finds them changed).
  await syncSitePages(app.storage, await searchIndex(examplesDir));

  const runtimeDir = builtRuntimeDir(app.settings.rootDir);
  // A chunk of another build (a rolling upgrade, a tab opened before a restart): from the database.
  await serveStoredChunks(app, runtimeChunks(app.settings.rootDir));
  await app.register(fastifyStatic, {
    root: runtimeDir,
    prefix: '/runtime/',
    index: false,
    decorateReply: false,
    cacheControl: true,
    maxAge: 60_000,
    // The build writes each script and stylesheet brotli- and gzip-compressed beside it: sent as
    // they are where the browser accepts them (smaller than compressing on the fly, no work per request).
    preCompressed: true,
    // The runtime's scripts carry no sourceMappingURL comment (bytes every visitor would pay);
    // developer tools find the map through this header instead (`file` may be the `.br` or `.gz`).
    setHeaders: (reply, file) => {
      const script = file.replace(/\.(br|gz)$/, '');
      if (script.endsWith('.js') && existsSync(`${script}.map`)) reply.header('SourceMap', `${path.basename(script)}.map`);
      // As a CDN would: a chunk's name carries its content hash, so it never changes; the
      // entry, the stylesheets and the rest keep their names across versions and are
      // checked again after a minute. Any origin may load them (a theme on its own host).
      if (isChunk(script)) reply.header('Cache-Control', CHUNK_CACHE_CONTROL);
      reply.header('Access-Control-Allow-Origin', '*');
    },
  });
  // assets/ is optional (a one-page site may have none): without it /assets/… answers "not found", and the log stays quiet.
  const assetsDir = path.join(examplesDir, 'assets');
  if (existsSync(assetsDir)) await app.register(fastifyStatic, { root: assetsDir, prefix: '/assets/', index: false, decorateReply: false });

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
    // What the owner set for the page: hidden, locked or members-only for visitors (owners see all).
    const pagePath = urlPath.replace(/\.html$/, '').replace(/\/index$/, '/') || '/';
    // Members-only pages (site.json memberPages, or the owner's flag) show the member access page to anyone else.
    const site = await readSiteSettings(app);
    const access = pageAccess(request, await pageSettings(app.storage, pagePath), pagePath, site);
    if (access === 'hidden') return reply.callNotFound();
    if (access === 'locked') return sendLockScreen(app, request, reply);
    if (access === 'members') return sendMemberAccessPage(app, request, reply);
    const openableMatches = async (query: string) => {
      const [matches, settings] = await Promise.all([searchSitePages(app.storage, query), allPageSettings(app.storage)]);
      return matches.filter((page) => pageAccess(request, settings.get(page.path) ?? null, page.path, site) === 'page').slice(0, MAX_SEARCH_RESULTS);
    };
    if (html.includes(SEARCH_RESULTS_MARKER)) {
      // The search page (page type 102) lists the pages that match ?q= among those this request may open.
      const raw = (request.query as Record<string, unknown>).q;
      const query = (typeof raw === 'string' ? raw : '').trim().slice(0, SEARCH_QUERY_MAX);
      const results = query ? await openableMatches(query) : [];
      // In the search page's language (its `<html lang>`) and words (its own `strings`, else the site's).
      const language = htmlLanguage(html);
      const text = wordsFor(language, pageOwnContext(html)?.strings ?? site.strings, catalogues(app))('page', PAGE_WORDS);
      html = html.replace(SEARCH_RESULTS_MARKER, () => renderResults(query, results, text, language));
    }
    return sendSitePage(app, request, reply, html, { settings: site });
  };
  app.get('/', servePage);
  app.get('/*', servePage);
}
