import type { PageContext } from '../context/types';
import { isMobile } from '../platform/device';
import { reportError } from '../platform/report';
import type { PopupSettings } from './popup-rules';
import { announcementShows, badgeType, licensedBarShows, mobileBarShows } from './bar-rules';
import { turn } from '../platform/yield';

/**
 * Page overlays: the popup overlay and the bars. Their code loads as chunks only when the site
 * has them: the popup's rules run in a small chunk of their own (sites with popup settings),
 * the bars' cheap rules stay in site.js. Each import takes a turn (platform/yield.ts).
 */
export function startOverlays(page: Readonly<PageContext>, screenshot: boolean): void {
  const popup = page.websiteSettings.popupOverlaySettings as PopupSettings | undefined;
  if (popup) turn().then(() => import('./popup-gate')).then((m) => m.popupGate(popup, page, screenshot)).catch((error: unknown) => reportError(error, 'Popup overlay failed'));
  const bars = announcementShows(page) || badgeType(page) !== null || licensedBarShows(document) || mobileBarShows(page.websiteSettings, isMobile(), window.innerWidth);
  if (bars) turn().then(() => import('./bars')).then((m) => m.startBars(page)).catch((error: unknown) => reportError(error, 'Page bars failed'));
}
