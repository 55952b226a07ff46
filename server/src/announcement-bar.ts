/**
 * Renders the announcement bar into the page at the top of <body>, with the markup the runtime
 * builds (runtime/src/overlays/bar-markup.ts), so that the bar is there at the first paint and
 * nothing moves when the runtime adopts it. A visitor who dismissed it this session (the
 * runtime keeps that in sessionStorage, which the server cannot see) has it removed by the
 * runtime instead. Its dismiss button is disabled until the runtime, which makes it work,
 * enables it.
 */
import { ANNOUNCEMENT_CLASS, announcementBarHtml, BAR_WORDS, type BarWords } from '../../contract/overlays/bar-markup';
import { hasClassInMarkup } from './html';
import { announcementShows } from '../../contract/overlays/bar-rules';
import type { PageContext } from '../../contract/context/types';

/**
 * The <body> tag, and a skip link that opens the body (a link to a place in the page): the same
 * rule as the runtime's when it adds the bar itself (runtime/src/overlays/bars.ts).
 */
const BODY_START = /<body\b[^>]*>(\s*<a\b[^>]*\bhref\s*=\s*["']?#[^>]*>[\s\S]*?<\/a>)?/i;

/** The bar's markup for this context, or '' when it does not show. */
export function announcementBarMarkup(context: Record<string, unknown>, words: BarWords = BAR_WORDS): string {
  if (!announcementShows(context as Pick<PageContext, 'showAnnouncementBar' | 'authenticatedAccount'>)) return '';
  const text = (context.websiteSettings as { announcementBarSettings?: { text?: unknown } } | undefined)?.announcementBarSettings?.text;
  return announcementBarHtml(typeof text === 'string' ? text : '', context.showAnnouncementBar !== true, words);
}

/**
 * Puts the bar first in <body>, after a skip link that opens it (which stays the first thing a
 * keyboard reaches), unless the page (its theme) has a bar already.
 */
export function withAnnouncementBar(html: string, context: Record<string, unknown>, words: BarWords = BAR_WORDS): string {
  const bar = announcementBarMarkup(context, words);
  const body = BODY_START.exec(html);
  if (!bar || !body || hasClassInMarkup(html, ANNOUNCEMENT_CLASS)) return html;
  const at = body.index + body[0].length;
  return `${html.slice(0, at)}\n  ${bar}${html.slice(at)}`;
}
