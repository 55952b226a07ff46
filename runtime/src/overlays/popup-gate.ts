/**
 * Decides whether the popup overlay shows on this page (its own small chunk, loaded only on
 * sites with popup settings); only then does the popup itself, with preact, load.
 */
import { CONSENT_EVENT, consentState } from '../core/consent';
import type { PageContext } from '../../../contract/context/types';
import { listen } from '../platform/events';
import type { Teardowns } from '../platform/lifetime';
import { isMobile } from '../platform/device';
import { readPopupMemory } from './popup-memory';
import { popupVisible, type PopupSettings } from './popup-rules';

export function popupGate(popup: PopupSettings, page: Readonly<PageContext>, screenshot: boolean, stops: Teardowns): Promise<void> | void {
  if (!popupVisible(popup, readPopupMemory(), { now: Date.now(), pageType: page.pageType, mobile: isMobile(), screenshot })) return;
  const show = () =>
    import('./popup').then((m) => {
      m.showPopup(popup, page, stops);
    });
  // While the cookie banner asks (as the consent service decides), the popup waits for its
  // answer: on a phone it would cover the banner, which must stay within reach.
  if (page.cookieSettings.isCookieBannerEnabled !== true || screenshot || consentState() !== null) return show();
  return new Promise<void>((resolve) => {
    const stop = listen(document, CONSENT_EVENT, () => {
      stop();
      resolve(show());
    });
    stops.add(stop);
  });
}
