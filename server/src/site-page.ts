import fs from 'node:fs/promises';
import { loadCatalogues, wordsFor, type AreaWords, type Catalogues } from './page-words';
import { PAGE_WORDS, siteLanguage } from './page-text';
import { visitorCart, withCartContent, withCartCount } from './cart-page';
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
import { siteFile } from './site-files';
import { builtRuntimeDir } from './build-chunks';

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

/** The site's settings (site.json); the defaults ({}) while it is broken, which the log says once per fault. */
export const readSiteSettings = (app: FastifyInstance): Promise<Record<string, unknown>> => siteFile(app, 'site.json');

const pageCatalogues = new Map<string, Catalogues>();
/** The translations (contract/i18n and server/i18n), read once: the server words what it renders with them. */
export const catalogues = (app: FastifyInstance): Catalogues => {
  const root = app.settings.rootDir;
  if (!pageCatalogues.has(root)) pageCatalogues.set(root, loadCatalogues(root));
  return pageCatalogues.get(root)!;
};

const consentCss = new Map<string, Promise<string>>();
/** The built runtime's consent.css, read once ('' where the runtime is not built). */
const consentStyles = (app: FastifyInstance): Promise<string> => {
  const file = path.join(builtRuntimeDir(app.settings.rootDir), 'consent.css');
  if (!consentCss.has(file)) consentCss.set(file, fs.readFile(file, 'utf8').then((css) => css.trim(), () => ''));
  return consentCss.get(file)!;
};

export interface SitePageOptions {
  status?: number;
  /** The site settings when the caller has read them already. */
  settings?: Record<string, unknown>;
  /** Context fields that win over the page's own (a not-found page's type). */
  forced?: Record<string, unknown>;
  /** A page the server makes about the visitor (a checkout, an order's details): kept nowhere. */
  personal?: boolean;
}

/**
 * A page of the site for a visitor who is not signed in may be kept for the Back button (the
 * back/forward cache, which `no-store` keeps Chromium from once any cookie changed, and other
 * browsers always), and is asked for afresh otherwise. What is about the visitor (a signed-in
 * owner's or member's page, a cart, a checkout, an order) is kept nowhere: a shared computer's
 * Back button after signing out must not show it.
 */
const cacheControl = (request: FastifyRequest, personal: boolean) => (personal || request.account || request.siteUser ? 'no-store' : 'private, no-cache');

/**
 * Sends a page of the demo site: partials expanded, the visitor's page context injected, a
 * crumb cookie set, and the headers every page gets.
 */
export async function sendSitePage(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  html: string,
  { status = 200, settings, forced, personal = false }: SitePageOptions = {},
): Promise<FastifyReply> {
  const crumb = ensureCrumb(app, request, reply);
  const included = await expandIncludes(html, path.join(examplesDir(app), '_partials'));
  // What the owner set, in two queries: the settings a page shows and the blocks' overrides.
  const [stored, overrides] = await Promise.all([readSettings(app.storage, [HEADING_FONT_KEY, CODE_INJECTION_KEY, ANNOUNCEMENT_KEY]), blockOverrides(app.storage)]);
  const expanded = withCodeInjection(withHeadingFont(applyBlockOverrides(included, overrides), stored.get(HEADING_FONT_KEY)), parseCodeInjection(stored.get(CODE_INJECTION_KEY)));
  const site = settings ?? (await readSiteSettings(app));
  const env = app.settings.siteEnv ?? environmentFromHost(request.hostname.replace(/:\d+$/, ''));
  const cart = visitorCart(app, request);
  const withCart = await withCartContent(app, request, cart, expanded, site, catalogues(app), crumb);
  // The count alone keeps the page for the Back button: the runtime counts again when it comes back.
  const body = withScriptNonce(injectContext(await withCartCount(cart, withCart), { site, account: request.account, member: request.siteUser, announcement: announcementContext(parseAnnouncement(stored.get(ANNOUNCEMENT_KEY))), env, forced, formPost: { crumb, next: request.url } }, {
    cookies: request.cookies,
    gpc: request.headers['sec-gpc'] as string | undefined,
    screenshot: (request.query as Record<string, unknown> | undefined)?.sqsscreenshot,
  }, await consentStyles(app), catalogues(app)), request.cspNonce);
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', cacheControl(request, personal || withCart !== expanded))
    .send(body);
}

export interface ShellOptions {
  title: string;
  pageType: number;
  /** Trusted HTML: callers escape every value they put in. */
  main: string;
  /** More page context fields. */
  context?: Record<string, unknown>;
  /** The answer's status, when the page decides it (200 otherwise, or what the caller passed). */
  status?: number;
}

/** What a server-made page is written with: the site's words and language (`locale`, for money and dates). */
export interface ShellPage {
  words: AreaWords;
  locale: string;
  site: Record<string, unknown>;
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
export function pageShell({ title, pageType, main, context = {} }: ShellOptions, siteTitle: string | null = null, language = 'en'): string {
  return `<!doctype html>
<html lang="${escapeHtml(language)}">
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

/** The site's words and language for a page the server makes. */
export async function shellPageOf(app: FastifyInstance): Promise<ShellPage> {
  const site = await readSiteSettings(app);
  const locale = siteLanguage(site);
  return { words: wordsFor(locale, site.strings, catalogues(app)), locale, site };
}

/**
 * Sends a server-made page (pageShell) as a page of the site: in the site's language
 * (site.json `website.language`) and words, titled with the site's name.
 */
export async function sendShellPage(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  build: (page: ShellPage) => ShellOptions | Promise<ShellOptions>,
  status = 200,
): Promise<FastifyReply> {
  const page = await shellPageOf(app);
  const options = await build(page);
  return sendSitePage(app, request, reply, pageShell(options, siteTitleOf(page.site), page.locale), { status: options.status ?? status, settings: page.site, personal: true });
}

/** The site folder's own not-found page, served with a 404 for any page that is not there. */
export const NOT_FOUND_FILE = '404.html';

/**
 * A page that is not there: the site's 404.html, or one the server makes in the site's frame;
 * page type 100 either way (no page view counted, no popup), whatever 404.html's context says.
 */
export async function sendNotFoundPage(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const own = await fs.readFile(path.join(examplesDir(app), NOT_FOUND_FILE), 'utf8').catch(() => null);
  if (own !== null) return sendSitePage(app, request, reply, own, { status: 404, forced: { pageType: PageType.NOT_FOUND } });
  return sendShellPage(app, request, reply, ({ words }) => {
    const text = words('page', PAGE_WORDS);
    return { title: text.notFound, pageType: PageType.NOT_FOUND, main: `<h1>${escapeHtml(text.notFound)}</h1>\n<p><a href="/">${escapeHtml(text.goHome)}</a></p>` };
  }, 404);
}
