import { escapeText as plain } from '../text/format';
import { bannerSettings, BANNER_WORDS, type BannerWords } from './settings';

/**
 * The cookie banner's markup, which the runtime builds and the server renders into the page
 * (docs/services/cookie-consent.md): then the banner paints with the page instead of after
 * the runtime and its chunk (it is often the largest text on a phone, so the page's LCP), and
 * the runtime adopts it. Pure: the server imports it.
 */
export const BANNER_CLASS = 'site-cookie-banner';
export const BANNER_LABEL = BANNER_WORDS.label;
export const ACCEPT_CLASS = 'site-cookie-banner-accept';
export const DECLINE_CLASS = 'site-cookie-banner-decline';
const CHECK_ICON =
  '<svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 20 20"><path d="M4 10.5l4 4 8-9" fill="none" stroke="currentColor" stroke-width="2.5"/></svg>';


/** Where a server-rendered banner's buttons post when no script takes them (our addition to the spec's API). */
export const CONSENT_FORM_PATH = '/cookie-consent';

/** What a server-rendered banner posts without the runtime: the visitor's crumb and the page to come back to. */
export interface BannerPost {
  crumb: string;
  next: string;
}

/** A banner button's attributes, given its class and whether it accepts. */
type ButtonAttributes = (className: string, accept: boolean) => string;

function bannerHtml(raw: Record<string, unknown>, words: BannerWords, actions: string, close: string, attributes: ButtonAttributes): string {
  const s = bannerSettings(raw, words);
  const icon = s.ctaVariant === 'ICON';
  return (
    `<section class="${BANNER_CLASS} ${BANNER_CLASS}-${s.variant.toLowerCase()} ${BANNER_CLASS}-${s.position.toLowerCase().replace('_', '-')} ${BANNER_CLASS}-${s.theme.toLowerCase()}" aria-label="${plain(words.label)}">` +
    `<p class="site-visually-hidden" aria-live="polite"></p><div class="${BANNER_CLASS}-text">${s.text}</div>${actions}` +
    (s.acceptType === 'OPT_IN_AND_OUT' ? `<button ${attributes(DECLINE_CLASS, false)}>${plain(s.optOutCtaText)}</button>` : '') +
    `<button ${attributes(`${ACCEPT_CLASS} site-cookie-cta-${s.ctaVariant.toLowerCase()}`, true)}${icon ? ` aria-label="${plain(s.ctaText)}"` : ''}>${icon ? CHECK_ICON : plain(s.ctaText)}</button>${close}</section>`
  );
}

/**
 * The banner as HTML for these cookie settings: a labelled region (not a dialog: it never traps
 * focus) with an empty polite live region, the owner's text (HTML, trusted like all owner
 * content) and the buttons, disabled until the runtime adopts the banner and makes them work.
 */
export const cookieBannerHtml = (raw: Record<string, unknown>, words: BannerWords = BANNER_WORDS): string =>
  bannerHtml(raw, words, `<div class="${BANNER_CLASS}-actions">`, '</div>', (className) => `type="button" class="${className}" disabled`);

/**
 * The banner as the server renders it into a page: its buttons are a form that posts the choice
 * to CONSENT_FORM_PATH, so that they work should the runtime never arrive (a failed or blocked
 * script); the runtime adopts the banner and takes their clicks instead.
 */
export const servedBannerHtml = (raw: Record<string, unknown>, words: BannerWords, post: BannerPost): string =>
  bannerHtml(
    raw,
    words,
    `<form class="${BANNER_CLASS}-actions" method="post" action="${CONSENT_FORM_PATH}"><input type="hidden" name="crumb" value="${plain(post.crumb)}"><input type="hidden" name="next" value="${plain(post.next)}">`,
    '</form>',
    (className, accept) => `name="accept" value="${accept}" class="${className}"`,
  );
