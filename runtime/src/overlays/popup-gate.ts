/**
 * Decides whether the popup overlay shows on this page (its own small chunk, loaded only on
 * sites with popup settings); only then does the popup itself, with preact, load.
 */
import type { PageContext } from '../context/types';
import { isMobile } from '../platform/device';
import { readPopupMemory } from './popup-memory';
import { popupVisible, type PopupSettings } from './popup-rules';

export function popupGate(popup: PopupSettings, page: Readonly<PageContext>, screenshot: boolean): Promise<void> | void {
  if (!popupVisible(popup, readPopupMemory(), { now: Date.now(), pageType: page.pageType, mobile: isMobile(), screenshot })) return;
  return import('./popup').then((m) => {
    m.showPopup(popup, page);
  });
}
