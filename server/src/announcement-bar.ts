/**
 * Renders the announcement bar into the page at the top of <body>, with the markup the runtime
 * builds (runtime/src/overlays/bar-markup.ts), so that the bar is there at the first paint and
 * nothing moves when the runtime adopts it. A visitor who dismissed it this session (the
 * runtime keeps that in sessionStorage, which the server cannot see) has it removed by the
 * runtime instead. Its dismiss button is disabled until the runtime, which makes it work,
 * enables it.
 */
import { ANNOUNCEMENT_CLASS, ANNOUNCEMENT_LABEL, DISMISS_LABEL, PREVIEW_CLASS, PREVIEW_NOTE } from '../../runtime/src/overlays/bar-markup';
import { announcementShows } from '../../runtime/src/overlays/bar-rules';
import type { PageContext } from '../../runtime/src/context/types';
import { escapeHtml } from './html';

const BODY_TAG = /<body\b[^>]*>/i;

/** The bar's markup for this context, or '' when it does not show. Its text is the owner's HTML, as the runtime puts it in. */
export function announcementBarHtml(context: Record<string, unknown>): string {
  if (!announcementShows(context as Pick<PageContext, 'showAnnouncementBar' | 'authenticatedAccount'>)) return '';
  const settings = (context.websiteSettings ?? {}) as { announcementBarSettings?: { text?: unknown } };
  const text = settings.announcementBarSettings?.text;
  const preview = context.showAnnouncementBar !== true;
  return (
    `<aside class="site-bar ${ANNOUNCEMENT_CLASS}${preview ? ` ${PREVIEW_CLASS}` : ''}" aria-label="${ANNOUNCEMENT_LABEL}">` +
    `<div>${typeof text === 'string' ? text : ''}${preview ? ` ${escapeHtml(PREVIEW_NOTE)}` : ''}</div>` +
    `<button type="button" aria-label="${DISMISS_LABEL}" disabled>×</button></aside>`
  );
}

/** Puts the bar first in <body>, unless the page (its theme) has one already. */
export function withAnnouncementBar(html: string, context: Record<string, unknown>): string {
  const bar = announcementBarHtml(context);
  const body = BODY_TAG.exec(html);
  if (!bar || !body || html.includes(`class="site-bar ${ANNOUNCEMENT_CLASS}`)) return html;
  const at = body.index + body[0].length;
  return `${html.slice(0, at)}\n  ${bar}${html.slice(at)}`;
}
