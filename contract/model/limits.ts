/**
 * Breakpoints and limits: spec part 2 §2 and §9. Pure. The commerce limits (price, SKU, tag,
 * category) live with the product rules in `commerce/product.ts`.
 */
export const Breakpoint = {
  /** Phone previews up to 428 px; then tablet 768 and desktop 1024. */
  PHONE: 428,
  TABLET: 768,
  DESKTOP: 1024,
  /** The desktop split at 800 and 1024. */
  DESKTOP_SPLIT: 800,
  /** Mobile up to 432 px wide, desktop from 433. */
  MOBILE_MAX: 432,
} as const;

export const Limit = {
  BLOCKS_PER_LAYOUT: 60,
  TRACKS_PER_ALBUM: 60,
  USER_ORDERABLE_COLLECTION_ITEMS: 250,
  PRODUCTS_PER_COLLECTION: 200,
  NESTED_CATEGORIES: 10_000,
  SMUGMUG_GALLERIES: 20,
  SMUGMUG_GALLERY_SIZE: 50,
  BYTES_PER_MB: 1_000_000,
} as const;

/** The device view a width falls in. */
export function deviceViewFor(width: number): 'phone' | 'tablet' | 'desktop' {
  if (width <= Breakpoint.PHONE) return 'phone';
  if (width <= Breakpoint.TABLET) return 'tablet';
  return 'desktop';
}
