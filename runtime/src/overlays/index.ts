import type { PageContext } from '../context/types';
import { isMobile } from '../platform/device';
import { reportError } from '../platform/report';
import { readPopupMemory } from './popup-memory';
import { popupVisible, type PopupSettings } from './popup-rules';
import { announcementShows, badgeType, licensedBarShows, mobileBarShows } from './bar-rules';

/**
 * Page overlays: the popup overlay and the bars. Their code loads as chunks only when a rule
 * says they show; what stays in site.js is the cheap part of those rules.
 */
export function startOverlays(page: Readonly<PageContext>, screenshot: boolean): void {
  const popup = page.websiteSettings.popupOverlaySettings as PopupSettings | undefined;
  if (popup && popupVisible(popup, readPopupMemory(), { now: Date.now(), pageType: page.pageType, mobile: isMobile(), screenshot })) {
    import('./popup').then((m) => m.showPopup(popup, page)).catch((error: unknown) => reportError(error, 'Popup overlay failed'));
  }
  const bars = announcementShows(page) || badgeType(page) !== null || licensedBarShows(document) || mobileBarShows(page.websiteSettings, isMobile(), window.innerWidth);
  if (bars) import('./bars').then((m) => m.startBars(page)).catch((error: unknown) => reportError(error, 'Page bars failed'));
}
