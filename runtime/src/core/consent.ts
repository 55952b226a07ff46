import type { PageContext } from '../../../contract/context/types';
import { withChunk } from './chunk';
import { dispatch, type Teardown } from '../platform/events';
import { readCookie, writeCookie } from '../platform/cookies';
import { CONSENT_COOKIE, CONSENT_LIFETIME_MS } from '../../../contract/names';

export { CONSENT_COOKIE, CONSENT_LIFETIME_MS };
/** Fired on document whenever consent changes; detail {state: true | false | null}. */
export const CONSENT_EVENT = 'site:consent';
/** Cleared while a restrictive policy has no consent (spec part 1 §9). */
export const TRACKING_COOKIES = ['SS_MATTR', 'SS_MID', 'SS_lastvisit', 'user_segment', 'ss_cid', 'ss_cpvisit', 'ss_cvisit', 'ss_cvr', 'ss_cvt'];

export type ConsentState = boolean | null;

const gpc = () => (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl === true;

/**
 * true (accepted), false (declined) or null (not asked). An explicit choice wins; without one,
 * Global Privacy Control reads as declined (nothing is written).
 */
export function consentState(): ConsentState {
  const stored = readCookie(CONSENT_COOKIE);
  if (stored === 'true' || stored === 'false') return stored === 'true';
  return gpc() ? false : null;
}

export function setConsent(accepted: boolean): void {
  writeCookie(CONSENT_COOKIE, String(accepted), { maxAgeMs: CONSENT_LIFETIME_MS, path: '/' });
  dispatch(document, CONSENT_EVENT, { state: accepted });
}

type CookieSettings = PageContext['cookieSettings'];

/** A restrictive policy applies while the banner can ask, or always when it is absolute. */
export function restrictive(settings: CookieSettings): boolean {
  return settings.isRestrictiveCookiePolicyEnabled === true && (settings.isCookieBannerEnabled === true || settings.isRestrictiveCookiePolicyAbsolute === true);
}



/** Whether blocks may load third-party frames and scripts (maps, players, widgets) now. */
export const embedsAllowed = (settings: CookieSettings): boolean => !restrictive(settings) || consentState() === true;

/** Whether collectors may write tracking cookies and send visitor data now: as embeds, unless visitor data is restricted. */
export const trackingAllowed = (settings: CookieSettings): boolean => settings.isVisitorDataRestricted !== true && embedsAllowed(settings);

/** A third-party embed as the placeholder names it: who provides it, and what it is. */
export interface Embed {
  /** The provider's name: `YouTube`, `Google Maps`. */
  provider: string;
  /** What the block shows (its name in the placeholder's words, ui/embed-placeholder.ts). */
  what: 'video' | 'map' | 'bookingForm' | 'reservationForm' | 'registry';
}

/**
 * The consent gate every block asks before it contacts a third party: `start` runs now when
 * embeds are allowed; else a placeholder first in `host` names the provider and what loading it
 * shares, with a button to load this one and one to allow all embeds (the banner's accept), and
 * `start` runs once either is pressed or consent is given anywhere. Answers the teardown.
 */
export function gateEmbed(settings: CookieSettings, host: HTMLElement, embed: Embed, start: () => void): Teardown {
  let stop: Teardown | undefined;
  let ended = embedsAllowed(settings);
  if (ended) start();
  else void withChunk(() => import('../ui/embed-placeholder'), (module) => ended || (stop = module.showPlaceholder(host, embed, start)), 'The embed placeholder failed');
  return () => {
    ended = true;
    stop?.();
  };
}
