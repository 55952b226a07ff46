// Not in bar-rules.ts: site.js imports that for its gates, and these would ride along.
/**
 * The announcement bar's markup, which the runtime builds and a server or theme may render into
 * the page itself (README, "Popup overlay and page bars"): the runtime then adopts it, and the page does
 * not move when the bar appears.
 */
export const ANNOUNCEMENT_CLASS = 'site-announcement-bar';
export const ANNOUNCEMENT_LABEL = 'Announcement';
export const DISMISS_LABEL = 'Dismiss announcement';
export const PREVIEW_CLASS = 'site-bar-preview';
export const PREVIEW_NOTE = '(preview: the announcement bar is off for visitors)';
