import { apiUrl } from '../net/api-base';
import { safeStorage } from '../platform/storage';
import type * as Paths from '../../../contract/api/paths';

export const TRACK_PATH: typeof Paths.TRACK_PATH = '/api/track/Track';
export const MARKETING_PARAMS = ['source', 'campaign', 'subcampaign', 'channel', 'subchannel', 'variation', 'mkwid'];
export const HAS_LANDED_KEY = 'ss-has-landed';
export const FIRST_SESSION_KEY = 'ss-first-session';
export const SESSION_ID_KEY = 'ss-session-id';
export const RETURNING_KEY = 'ss-returning';

/** The Track image request's query (spec part 1 §7): landing, refer, rk, lang, screen, marketing. */
export function trackQuery(url: URL, referrer: string, language: string, screenSize: string): URLSearchParams {
  const query = new URLSearchParams({ landing: url.pathname + url.search, refer: referrer, rk: Math.random().toString(36).slice(2, 10), lang: language, screen: screenSize });
  for (const name of MARKETING_PARAMS) {
    const value = url.searchParams.get(name);
    if (value) query.set(name, value);
  }
  return query;
}

/**
 * Once per session: the session flags (has-landed, first-session, session id) and the landing
 * pixel. Answers the session id.
 */
export function land(): string {
  const session = safeStorage('session');
  const local = safeStorage('local');
  let id = session.get(SESSION_ID_KEY);
  if (!id) {
    id = Math.random().toString(36).slice(2) + Date.now().toString(36);
    session.set(SESSION_ID_KEY, id);
  }
  if (session.get(HAS_LANDED_KEY) !== 'true') {
    session.set(HAS_LANDED_KEY, 'true');
    session.set(FIRST_SESSION_KEY, String(local.get(RETURNING_KEY) !== 'true'));
    local.set(RETURNING_KEY, 'true');
    const query = trackQuery(new URL(location.href), document.referrer, navigator.language, `${screen.width}x${screen.height}`);
    const send = () => void (new Image().src = apiUrl(`${TRACK_PATH}?${query}`).toString());
    // Offline, the pixel waits for the network while the page is open.
    if (navigator.onLine === false) addEventListener('online', send, { once: true });
    else send();
  }
  return id;
}
