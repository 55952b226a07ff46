/**
 * The short pages a browser gets instead of the site's own when those cannot be made: the
 * database is unavailable, a server error, an address that cannot be routed, a page that is not
 * there while the not-found page fails. In the site's language and words (site.json and the
 * catalogues, files only: the database may be the trouble), English when even those fail.
 */
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from './html';
import { ERROR_PAGE_WORDS, PAGE_WORDS } from './page-text';
import { shellPageOf } from './site-page';

export type ErrorPageKind = 'unavailable' | 'serverError' | 'badRequest' | 'notFound';

interface Words {
  error: typeof ERROR_PAGE_WORDS;
  page: typeof PAGE_WORDS;
  locale: string;
}

async function siteWords(app: FastifyInstance): Promise<Words> {
  try {
    const { words, locale } = await shellPageOf(app);
    return { error: words('error', ERROR_PAGE_WORDS), page: words('page', PAGE_WORDS), locale };
  } catch {
    return { error: ERROR_PAGE_WORDS, page: PAGE_WORDS, locale: 'en' };
  }
}

/** Readable on a phone; a proxy's long request id wraps rather than pushing the page sideways. */
const STYLE = '<style>body{max-width:36rem;margin:2rem auto;padding:0 1rem;font:1rem/1.5 system-ui,sans-serif}code{overflow-wrap:anywhere}</style>';

function page(locale: string, title: string, paragraphs: string[]): string {
  return `<!doctype html><html lang="${escapeHtml(locale)}"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>${STYLE}<h1>${escapeHtml(title)}</h1>${paragraphs.map((html) => `<p>${html}</p>`).join('')}</html>`;
}

/** The page for `kind`; `requestId` is the reference a server error shows (request-id.ts). */
export async function errorPage(app: FastifyInstance, kind: ErrorPageKind, requestId: string): Promise<string> {
  const { error, page: words, locale } = await siteWords(app);
  const tryAgain = `<a href="">${escapeHtml(error.tryAgain)}</a>`;
  const home = `<a href="/">${escapeHtml(words.goHome)}</a>`;
  switch (kind) {
    case 'unavailable':
      return page(locale, error.unavailableTitle, [escapeHtml(error.unavailable), tryAgain]);
    case 'serverError':
      return page(locale, error.serverErrorTitle, [escapeHtml(error.serverError), escapeHtml(error.reference).replace('{reference}', `<code>${escapeHtml(requestId)}</code>`), `${tryAgain} · ${home}`]);
    case 'badRequest':
      return page(locale, error.badRequestTitle, [escapeHtml(error.badRequest), home]);
    case 'notFound':
      return page(locale, words.notFound, [home]);
  }
}
