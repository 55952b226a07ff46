/**
 * Renders the cookie banner into the page, with the markup the runtime builds
 * (runtime/src/consent/banner-markup.ts), for a visitor the runtime would ask: the banner then
 * paints with the page instead of after the runtime and its chunk (on a phone it is often the
 * largest text, so the page's LCP), and the runtime adopts it and enables its buttons. The rule
 * is the runtime's (consent/service.ts): the banner is on, the visitor has not chosen (the
 * consent cookie), sends no Global Privacy Control (`Sec-GPC: 1`) and the page is not a
 * screenshot. A browser with GPC that sends no header has the banner removed by the runtime.
 */
import { BANNER_CLASS, cookieBannerHtml, servedBannerHtml, type BannerPost } from '../../contract/consent/banner-markup';
import { CONSENT_COOKIE } from '../../contract/names';
import { BANNER_WORDS, type BannerWords } from '../../contract/consent/settings';
import { attribute, hasClassInMarkup, tagHas } from './html';

export interface BannerVisitor {
  /** The request's cookies. */
  cookies: Record<string, string | undefined>;
  /** The request's `Sec-GPC` header. */
  gpc: string | undefined;
  /** The page's `sqsscreenshot` query value. */
  screenshot: unknown;
}

/** The runtime's script tag, and the folder its stylesheets are served from (one group for each way of quoting). */
const RUNTIME_SCRIPT = new RegExp(String.raw`<script\b${tagHas(attribute('src', String.raw`([^"'\s>]*\/)?site(?:\.iife)?\.js(?:\?[^"'\s>]*)?`))}`, 'i');
const LINKS_STYLES = new RegExp(String.raw`<link\b${tagHas(attribute('href', String.raw`(?:[^"'\s>]*\/)?(?:runtime|consent)\.css(?:\?[^"'\s>]*)?`))}`, 'i');

/** Whether the runtime would ask this visitor (consent/service.ts `asks`). */
export function bannerAsks(settings: Record<string, unknown>, visitor: BannerVisitor): boolean {
  const choice = visitor.cookies[CONSENT_COOKIE];
  return settings.isCookieBannerEnabled === true && choice !== 'true' && choice !== 'false' && visitor.gpc !== '1' && visitor.screenshot !== 'true';
}

/**
 * Puts the banner last in <body> (where the runtime would append it) and, unless the page links
 * them already, its styles in <head>: inline when the page loads this server's runtime (a
 * stylesheet link would hold up every first visit's first paint by a request), else a link to
 * `consent.css` beside the runtime's script (`inline`: the consent.css this server serves at
 * /runtime/, '' where it is not built). With `post` its buttons are a form that works without
 * the runtime (routes/consent-form.ts). A page without the runtime's script, whose buttons
 * nothing would enable, or with a banner of its own, is left as it is.
 */
export function withCookieBanner(html: string, context: Record<string, unknown>, visitor: BannerVisitor, inline = '', words: BannerWords = BANNER_WORDS, post?: BannerPost): string {
  const settings = context.cookieSettings;
  const script = RUNTIME_SCRIPT.exec(html);
  const head = html.search(/<\/head>/i);
  const body = html.search(/<\/body>(?![\s\S]*<\/body>)/i);
  if (!settings || typeof settings !== 'object' || !script || head < 0 || body < head || hasClassInMarkup(html, BANNER_CLASS)) return html;
  if (!bannerAsks(settings as Record<string, unknown>, visitor)) return html;
  const folder = script[1] ?? script[2] ?? script[3] ?? '';
  const styles = LINKS_STYLES.test(html) ? '' : inline && folder === '/runtime/' ? `<style>${inline}</style>\n` : `<link rel="stylesheet" href="${folder}consent.css">\n`;
  return `${html.slice(0, head)}${styles}${html.slice(head, body)}${post ? servedBannerHtml(settings as Record<string, unknown>, words, post) : cookieBannerHtml(settings as Record<string, unknown>, words)}\n${html.slice(body)}`;
}
