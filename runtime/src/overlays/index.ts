import type { PageContext } from '../../../contract/context/types';
import { isMobile } from '../platform/device';
import { withChunk } from '../core/chunk';
import type { Teardown } from '../platform/events';
import { teardowns } from '../platform/lifetime';
import type { PopupSettings } from './popup-rules';
import { announcementShows, badgeType, licensedBarShows, mobileBarShows } from '../../../contract/overlays/bar-rules';

/**
 * Page overlays: the popup overlay and the bars. Their code loads as chunks only when the site
 * has them: the popup's rules run in a small chunk of their own (sites with popup settings),
 * the bars' cheap rules stay in site.js. Each import takes a turn (platform/yield.ts).
 */
export function startOverlays(page: Readonly<PageContext>, screenshot: boolean): Teardown {
  const stops = teardowns();
  const popup = page.websiteSettings.popupOverlaySettings as PopupSettings | undefined;
  if (popup) void withChunk(() => import('./popup-gate'), (m) => m.popupGate(popup, page, screenshot, stops), 'Popup overlay failed');
  const bars = announcementShows(page) || badgeType(page) !== null || licensedBarShows(document) || mobileBarShows(page.websiteSettings, isMobile(), window.innerWidth);
  if (bars) void withChunk(() => import('./bars'), (m) => m.startBars(page).then(stops.add), 'Page bars failed');
  return stops.stop;
}
