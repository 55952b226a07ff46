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
    opened(stops)
      .then(() => afterThemeModals(stops))
      .then(() => import('./popup'))
      .then((m) => {
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

/**
 * Resolves once the visitor has the page: at once, or for a page the browser prerenders
 * (speculation rules), when it is opened, if ever. Its view is counted then, not for a page no
 * one saw.
 */
function opened(stops: Teardowns): Promise<void> {
  return new Promise((resolve) => {
    if (!document.prerendering) return resolve();
    stops.add(listen(document, 'prerenderingchange', () => resolve()));
  });
}

/**
 * Resolves once no modal dialog of the theme's is open (an age gate shown as the page loads):
 * opened inside it, the popup would come before the gate's question is answered.
 */
function afterThemeModals(stops: Teardowns): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      try {
        if (document.querySelector('dialog:modal')) return;
      } catch {
        // A browser without :modal.
      }
      stop();
      resolve();
    };
    // `close` does not bubble: heard on its way down.
    const stop = listen(document, 'close', check, { capture: true });
    stops.add(stop);
    check();
  });
}
