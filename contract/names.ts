/**
 * Names the runtime, the server and the owner app must agree on: cookies and `postMessage`
 * types (CONTRACT §2, §6). Pure: no DOM, no imports.
 */

/** Spec part 1 §9: the consent cookie (`true` or `false`), 30 days, path /. */
export const CONSENT_COOKIE = 'ss_cookieAllowed';
export const CONSENT_LIFETIME_MS = 2_592_000_000;

/** From the site in the config app's frame to the app: `{type, key, shiftKey}` (Escape keys). */
export const KEY_MESSAGE = 'site:key';
