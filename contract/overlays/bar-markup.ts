// Not in bar-rules.ts: site.js imports that for its gates, and these would ride along.
/**
 * The announcement bar's markup, which the runtime builds and a server or theme may render into
 * the page itself (docs/services/popup-and-bars.md): the runtime then adopts it, and the page does
 * not move when the bar appears.
 */
import { escapeText } from '../text/format';

export const ANNOUNCEMENT_CLASS = 'site-announcement-bar';
export const ANNOUNCEMENT_LABEL = 'Announcement';
export const DISMISS_LABEL = 'Dismiss announcement';
export const PREVIEW_CLASS = 'site-bar-preview';
export const PREVIEW_NOTE = '(preview: the announcement bar is off for visitors)';
/** The bar's words, English by default; the runtime and the server pass the page's language. */
export const BAR_WORDS = { announcement: ANNOUNCEMENT_LABEL, dismiss: DISMISS_LABEL, previewNote: PREVIEW_NOTE };
export type BarWords = typeof BAR_WORDS;

/**
 * The bar as HTML: the owner's text (HTML, as the editor and site settings give it) and a dismiss
 * button, disabled until the runtime adopts the bar and makes it work. The server renders it
 * into the page; the runtime inserts it where nothing did.
 */
export const announcementBarHtml = (text: string, preview: boolean, words: BarWords = BAR_WORDS): string =>
  `<aside class="site-bar ${ANNOUNCEMENT_CLASS}${preview ? ` ${PREVIEW_CLASS}` : ''}" aria-label="${escapeText(words.announcement)}">` +
  `<div>${text}${preview ? ` ${escapeText(words.previewNote)}` : ''}</div>` +
  `<button type="button" aria-label="${escapeText(words.dismiss)}" disabled>×</button></aside>`;
