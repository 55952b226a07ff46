/**
 * The cheap test that stays in site.js: does this page need the enhancements chunk at all?
 * (The chunk itself validates what it finds.)
 */
import type { PageContext } from '../../../contract/context/types';
import { CART_QUANTITY_CLASS } from '../../../contract/model/page-types';

export const ANIMATE_SELECTOR = '[data-animation]';
export const FIT_SELECTOR = '[data-text-fit]';
export const CART_COUNT_SELECTOR = `.${CART_QUANTITY_CLASS}`;

export function needsEnhancements(page: Readonly<PageContext>): boolean {
  const fonts = page.googleFonts as unknown[] | string | null;
  return !!(fonts?.length || page.website.typekitId || page.websiteSettings.commentsEnabled || document.querySelector(`${ANIMATE_SELECTOR}, ${FIT_SELECTOR}, ${CART_COUNT_SELECTOR}`));
}
