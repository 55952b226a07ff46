import { texts } from '../platform/strings';
import type { DialogOptions, DialogResult } from '../ui/dialog';

/** Spec part 1 §2: `logout=true` shows this alert. */
export const LOGOUT_PARAM = 'logout';
export const LOGOUT_TITLE = 'Logout Successful';
export const LOGOUT_MESSAGE = 'You have been successfully logged out';
/** The notice's words (platform/strings.ts). */
export const logoutWords = texts('logout', { title: LOGOUT_TITLE, message: LOGOUT_MESSAGE });

/**
 * Shows the Logout Successful alert when the address carries logout=true, then drops the
 * parameter from the address so that a reload does not show it again.
 */
export function showLogoutNotice(alert: (options: DialogOptions) => Promise<DialogResult>): Promise<void> | null {
  let url: URL;
  try {
    url = new URL(location.href);
  } catch {
    return null;
  }
  if (url.searchParams.get(LOGOUT_PARAM) !== 'true') return null;
  url.searchParams.delete(LOGOUT_PARAM);
  try {
    history.replaceState(history.state, '', url.href);
  } catch {
    /* sandboxed documents may refuse; the notice still shows */
  }
  return alert(logoutWords()).then(() => undefined);
}

/** The page chunk's entry (pages/start.ts). */
export const start = (_context: unknown, alert: (options: DialogOptions) => Promise<DialogResult>) => showLogoutNotice(alert);
