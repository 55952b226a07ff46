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


/**
 * The banner as HTML for these cookie settings: a labelled region (not a dialog: it never traps
 * focus) with an empty polite live region, the owner's text (HTML, trusted like all owner
 * content) and the buttons, disabled until the runtime adopts the banner and makes them work.
 */
export function cookieBannerHtml(raw: Record<string, unknown>, words: BannerWords = BANNER_WORDS): string {
  const s = bannerSettings(raw, words);
  const icon = s.ctaVariant === 'ICON';
  const button = (className: string, label: string) => `<button type="button" class="${className}" disabled${label}>`;
  return (
    `<section class="${BANNER_CLASS} ${BANNER_CLASS}-${s.variant.toLowerCase()} ${BANNER_CLASS}-${s.position.toLowerCase().replace('_', '-')} ${BANNER_CLASS}-${s.theme.toLowerCase()}" aria-label="${plain(words.label)}">` +
    `<p class="site-visually-hidden" aria-live="polite"></p><div class="${BANNER_CLASS}-text">${s.text}</div><div class="${BANNER_CLASS}-actions">` +
    (s.acceptType === 'OPT_IN_AND_OUT' ? `${button(DECLINE_CLASS, '')}${plain(s.optOutCtaText)}</button>` : '') +
    `${button(`${ACCEPT_CLASS} site-cookie-cta-${s.ctaVariant.toLowerCase()}`, icon ? ` aria-label="${plain(s.ctaText)}"` : '')}${icon ? CHECK_ICON : plain(s.ctaText)}</button></div></section>`
  );
}
