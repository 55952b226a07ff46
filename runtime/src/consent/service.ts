import type { PageContext } from '../../../contract/context/types';
import { readCookie, removeCookie } from '../platform/cookies';
import { listen, type Teardown } from '../platform/events';
import { withChunk } from '../core/chunk';
import { teardowns } from '../platform/lifetime';
import { CONSENT_EVENT, consentState, trackingAllowed, TRACKING_COOKIES } from '../core/consent';

/** Preview events on document (detail: a partial cookieSettings); the banner chunk handles them. */
export const FORCE_EVENT = 'cookieBanner:force';

type Banner = typeof import('./banner');

/**
 * The consent service in site.js, kept small: clear tracking cookies while they are not
 * allowed, load the banner chunk when it must ask, and hand previews to it.
 */
export function startConsent(page: Readonly<PageContext>, screenshot: boolean): Teardown {
  const settings = page.cookieSettings;
  // Only the ones present: each cookie written is a synchronous round trip to the browser process
  // (reading them costs far less; one parse of document.cookie for all nine cost site.js 20 bytes).
  const clear = () => !trackingAllowed(settings) && TRACKING_COOKIES.forEach((name) => readCookie(name) !== null && removeCookie(name));
  clear();
  const asks = () => settings.isCookieBannerEnabled === true && !screenshot && consentState() === null;
  const stops = teardowns();
  // A visitor who declines after accepting (SiteRuntime.consent.decline()) keeps none either.
  stops.add(listen(document, CONSENT_EVENT, clear));
  const banner = (use: (module: Banner) => unknown) =>
    withChunk(
      () => import('./banner'),
      (module) => {
        stops.add(module.stopBanner);
        return use(module);
      },
      'Cookie banner failed',
    );
  if (asks()) void banner((module) => module.renderBanner(settings, false));
  // A banner the server rendered for a visitor it could not tell had chosen (GPC without its
  // header). The class is spelled out: importing banner-markup.ts would put it all in site.js.
  else document.querySelector('section.site-cookie-banner')?.remove();
  stops.add(listen(document, FORCE_EVENT, (event: Event) => void banner((module) => module.startPreview(settings, (event as CustomEvent).detail, asks))));
  return stops.stop;
}
