import type { PageContext } from '../../../contract/context/types';

export const LIGHTBOX_TIER_WARNING = 'lightboxify is not available in this tier!';

/**
 * A site that lists its feature flags without `lightbox` is on a tier without it (our reading
 * of the spec's tier check; a page that lists no flags has every feature).
 */
export function lightboxAvailable(page: Readonly<PageContext>): boolean {
  return page.featureFlags.length === 0 || page.featureFlags.includes('lightbox');
}
