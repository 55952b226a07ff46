/**
 * Shift+Escape logout (spec part 1 §2): `POST /api/auth/Logout`, one logout at a time, then
 * the site root with logout=true.
 */
import { request } from '../net/request';
import { afterLogoutUrl } from './rules';

let running: Promise<void> | null = null;

export function logout(navigate: (url: string) => void = (url) => location.assign(url)): Promise<void> {
  running ??= request('/api/auth/Logout', { method: 'POST', onFailure: () => undefined })
    .then(() => navigate(afterLogoutUrl('/')))
    .finally(() => {
      running = null;
    });
  return running;
}
