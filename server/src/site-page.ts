import fs from 'node:fs/promises';
import { loadCatalogues, type Catalogues } from './page-words';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { environmentFromHost } from '../../contract/context/environment';
import { applyBlockOverrides, blockOverrides } from './block-overrides';
import { ANNOUNCEMENT_KEY, announcementContext, parseAnnouncement } from './routes/announcement';
import { CODE_INJECTION_KEY, parseCodeInjection, withCodeInjection } from './routes/code-injection';
import { HEADING_FONT_KEY, withHeadingFont } from './routes/fonts';
import { readSettings } from './repositories/settings';
import { escapeHtml } from './html';
import { PageType } from '../../contract/model/page-types';
import { ensureCrumb } from './plugins/crumb';
import { withScriptNonce } from './plugins/security-headers';
import { injectContext, scriptSafeJson } from './site-context';

/** `<!--#include virtual="name.html" -->` (SSI syntax) pulls in examples/_partials/name.html. */
const INCLUDE = /<!--#include virtual="([a-z0-9-]+\.html)" -->\n?/g;

async function expandIncludes(html: string, partialsDir: string): Promise<string> {
  const names = [...new Set([...html.matchAll(INCLUDE)].map((match) => match[1]!))];
  const partials = new Map<string, string>();
  for (const name of names) partials.set(name, await fs.readFile(path.join(partialsDir, name), 'utf8').catch(() => ''));
  return html.replace(INCLUDE, (_match, name: string) => partials.get(name) ?? '');
}

/** The site folder served (SITE_DIR; the demo in examples/ by default). */
export const examplesDir = (app: FastifyInstance) => app.settings.siteDir;

export async function readSiteSettings(app: FastifyInstance): Promise<Record<string, unknown>> {
  try {
    return JSON.parse(await fs.readFile(path.join(examplesDir(app), 'site.json'), 'utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}

const pageCatalogues = new Map<string, Catalogues>();
/** The runtime's translations (contract/i18n), read once: the server words the banner and the bar with them. */
const catalogues = (app: FastifyInstance): Catalogues => {
  const root = app.settings.rootDir;
  if (!pageCatalogues.has(root)) pageCatalogues.set(root, loadCatalogues(root));
  return pageCatalogues.get(root)!;
};

const consentCss = new Map<string, Promise<string>>();
/** The built runtime's consent.css, read once ('' where the runtime is not built). */
const consentStyles = (app: FastifyInstance): Promise<string> => {
  const file = path.join(app.settings.rootDir, 'dist', 'runtime', 'consent.css');
  if (!consentCss.has(file)) consentCss.set(file, fs.readFile(file, 'utf8').then((css) => css.trim(), () => ''));
  return consentCss.get(file)!;
};

/**
 * Sends a page of the demo site: partials expanded, the visitor's page context injected, a
 * crumb cookie set, and the headers every page gets.
 */
export async function sendSitePage(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  html: string,
  status = 200,
  /** The site settings when the caller has read them already. */
  settings?: Record<string, unknown>,
): Promise<FastifyReply> {
  ensureCrumb(app, request, reply);
  const included = await expandIncludes(html, path.join(examplesDir(app), '_partials'));
  // What the owner set, in two queries: the settings a page shows and the blocks' overrides.
  const [stored, overrides] = await Promise.all([readSettings(app.storage, [HEADING_FONT_KEY, CODE_INJECTION_KEY, ANNOUNCEMENT_KEY]), blockOverrides(app.storage)]);
  const expanded = withCodeInjection(withHeadingFont(applyBlockOverrides(included, overrides), stored.get(HEADING_FONT_KEY)), parseCodeInjection(stored.get(CODE_INJECTION_KEY)));
  const site = settings ?? (await readSiteSettings(app));
  const env = app.settings.siteEnv ?? environmentFromHost(request.hostname.replace(/:\d+$/, ''));
  const body = withScriptNonce(injectContext(expanded, { site, account: request.account, member: request.siteUser, announcement: announcementContext(parseAnnouncement(stored.get(ANNOUNCEMENT_KEY))), env }, {
    cookies: request.cookies,
    gpc: request.headers['sec-gpc'] as string | undefined,
    screenshot: (request.query as Record<string, unknown> | undefined)?.sqsscreenshot,
  }, await consentStyles(app), catalogues(app)), request.cspNonce);
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .send(body);
}

export interface ShellOptions {
  title: string;
  pageType: number;
  /** Trusted HTML: callers escape every value they put in. */
  main: string;
  /** More page context fields. */
  context?: Record<string, unknown>;
}

/** The site's name (site.json `website.siteTitle`), which server-made pages put after their own title. */
export const siteTitleOf = (site: Record<string, unknown>): string | null => {
  const title = (site.website as { siteTitle?: unknown } | undefined)?.siteTitle;
  return typeof title === 'string' && title.trim() ? title.trim() : null;
};

/** A page's own title: without ` · Site name` at its end, as the owner's page lists show it. */
export const withoutSiteTitle = (title: string, siteTitle: string | null): string =>
  siteTitle && title.endsWith(` · ${siteTitle}`) ? title.slice(0, -(siteTitle.length + 3)) : title;

/** A server-made page (checkout, confirmations, reviews, the member access page) in the site's frame (its partials and stylesheet). */
export function pageShell({ title, pageType, main, context = {} }: ShellOptions, siteTitle: string | null = null): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(siteTitle ? `${title} · ${siteTitle}` : title)}</title>
  <link rel="icon" href="/assets/favicon.svg" type="image/svg+xml">
  <link rel="stylesheet" href="/runtime/runtime.css">
  <link rel="stylesheet" href="/assets/site.css">
  <script type="application/json" id="site-context">${scriptSafeJson({ ...context, pageType })}</script>
  <script type="module" src="/runtime/site.js"></script>
</head>
<body>
  <!--#include virtual="header.html" -->
  <main id="content">
${main}
  </main>
  <!--#include virtual="footer.html" -->
</body>
</html>
`;
}

/** Sends a server-made page (pageShell) as a page of the site, titled with the site's name. */
export async function sendShellPage(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, options: ShellOptions, status = 200): Promise<FastifyReply> {
  const site = await readSiteSettings(app);
  return sendSitePage(app, request, reply, pageShell(options, siteTitleOf(site)), status, site);
}

/** The site folder's own not-found page, served with a 404 for any page that is not there. */
export const NOT_FOUND_FILE = '404.html';
const NOT_FOUND_MAIN = '<h1>Page not found</h1>\n<p><a href="/">Go to the home page</a></p>';

/** A page that is not there: the site's 404.html (its context names its page type, 100), or one the server makes in the site's frame as page type 100. */
export async function sendNotFoundPage(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const own = await fs.readFile(path.join(examplesDir(app), NOT_FOUND_FILE), 'utf8').catch(() => null);
  if (own !== null) return sendSitePage(app, request, reply, own, 404);
  return sendShellPage(app, request, reply, { title: 'Page not found', pageType: PageType.NOT_FOUND, main: NOT_FOUND_MAIN }, 404);
}
