/**
 * Shift+Escape logout (spec part 1 §2): `POST /api/auth/Logout`, one logout at a time, then
 * the site root with logout=true.
 */
import { request } from '../net/request';
import { afterLogoutUrl } from '../../../contract/owner/rules';
import type * as Paths from '../../../contract/api/paths';
const LOGOUT_PATH: typeof Paths.LOGOUT_PATH = '/api/auth/Logout';

let running: Promise<void> | null = null;

export function logout(navigate: (url: string) => void = (url) => location.assign(url)): Promise<void> {
  // Once logged out the page is leaving: the flag stays set, so a key pressed while the next
  // page loads cannot log out again. Only a failure lets the owner try once more.
  running ??= request(LOGOUT_PATH, { method: 'POST', onFailure: () => undefined }).then(
    () => navigate(afterLogoutUrl('/')),
    (error: unknown) => {
      running = null;
      throw error;
    },
  );
  return running;
}
