/** Part 2 §9: the config panel's expanded state is remembered in the frame-expanded cookie. */
export const FRAME_EXPANDED_COOKIE = 'frame-expanded';
const YEAR_S = 365 * 24 * 60 * 60;

/** Below this width (index.html's media query) the panel and the site take turns on the whole screen. */
export const NARROW_SCREEN_QUERY = '(max-width: 700px)';

export function isNarrowScreen(): boolean {
  return typeof matchMedia === 'function' && matchMedia(NARROW_SCREEN_QUERY).matches;
}

/**
 * The remembered state, else open beside the site; on a narrow screen, where the open panel
 * hides the site, the owner first sees the page they came to, the panel one press away.
 */
export function readExpanded(cookie = document.cookie, narrow = isNarrowScreen()): boolean {
  const match = new RegExp(`(?:^|;\\s*)${FRAME_EXPANDED_COOKIE}=([^;]*)`).exec(cookie);
  return match ? match[1] !== 'false' : !narrow;
}

export function writeExpanded(expanded: boolean): void {
  document.cookie = `${FRAME_EXPANDED_COOKIE}=${expanded}; path=/config; max-age=${YEAR_S}; samesite=lax`;
}
