/** Part 2 §9: the config panel's expanded state is remembered in the frame-expanded cookie. */
export const FRAME_EXPANDED_COOKIE = 'frame-expanded';
const YEAR_S = 365 * 24 * 60 * 60;

export function readExpanded(cookie = document.cookie): boolean {
  const match = new RegExp(`(?:^|;\\s*)${FRAME_EXPANDED_COOKIE}=([^;]*)`).exec(cookie);
  return match ? match[1] !== 'false' : true;
}

export function writeExpanded(expanded: boolean): void {
  document.cookie = `${FRAME_EXPANDED_COOKIE}=${expanded}; path=/config; max-age=${YEAR_S}; samesite=lax`;
}
