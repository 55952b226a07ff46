import type { PageContext } from '../context/types';

/** Spec part 1 §4, §9: the mobile information bar shows up to this width. */
export const MOBILE_INFO_BAR_MAX_WIDTH = 1024;
/** Mobile info bar styles (part 2 §3 names none, light, dark; the numbers are ours). */
export const MOBILE_BAR_STYLE = { NONE: 0, LIGHT: 1, DARK: 2 } as const;
export const BADGE_TYPES = ['none', 'black', 'white'] as const;
export const LICENSED_SELECTOR = 'img[data-licensed-asset-preview="true"]';
export const STOCK_PREVIEW_CLASS = 'stock-image-preview';

type Settings = PageContext['websiteSettings'];

export function mobileBarStyle(settings: Settings): number | null {
  const style = (settings.mobileInfoBarSettings as { style?: unknown } | undefined)?.style;
  return typeof style === 'number' && style !== MOBILE_BAR_STYLE.NONE ? style : null;
}

export const mobileBarShows = (settings: Settings, mobile: boolean, width: number) =>
  mobile && width <= MOBILE_INFO_BAR_MAX_WIDTH && mobileBarStyle(settings) !== null;

export function badgeType(page: Readonly<PageContext>): string | null {
  const type = String(page.websiteSettings.ssBadgeType ?? '').toLowerCase();
  return page.templateVersion !== '7.1' && type && type !== 'none' ? type : null;
}

export const licensedBarShows = (doc: Document) => !!doc.querySelector(LICENSED_SELECTOR) || doc.body.classList.contains(STOCK_PREVIEW_CLASS);

/** Visitors see it when switched on; signed-in people always get it (as a preview when off). */
export const announcementShows = (page: Pick<PageContext, 'showAnnouncementBar' | 'authenticatedAccount'>) =>
  page.showAnnouncementBar === true || page.authenticatedAccount !== null;
