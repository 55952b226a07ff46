/**
 * Block types and variants, collection and record types: spec part 2 §3 (names only where the
 * spec gives no numbers; variants are numbered from 1000 in the spec's order). Pure.
 */
export const BLOCK_TYPES = [
  'navigation', 'html', 'logo', 'map', 'image', 'twitter', 'journal', 'gallery', 'form', 'geo', 'index',
  'collection link', 'link', 'tag cloud', 'comments', 'folder', 'menu', 'social links', 'summary', 'spacer',
  'embed', 'code', 'foursquare', 'instagram', 'calendar', 'posts by author', 'posts by tag', 'posts by category',
  'posts by month', 'quote', 'video', 'search', 'audio', '500px', 'product', 'markdown', 'flickr', 'amazon',
  'horizontal rule', 'social account links', 'rss', 'opentable', 'newsletter', 'donation', 'button', 'summary v2',
  'soundcloud', 'email footer', 'in-browser message link', 'tour dates', 'album', 'archive', 'chart', 'zola',
  'acuity', 'member area', 'tock', 'accordion',
] as const;
export type BlockTypeName = (typeof BLOCK_TYPES)[number];

/** Part 2 §3: block variants, 1000 and up. */
export const BlockVariant = {
  GALLERY_SLIDESHOW: 1000,
  GALLERY_CAROUSEL: 1001,
  GALLERY_GRID: 1002,
  GALLERY_STACK: 1003,
  SUMMARY_WALL: 1004,
  SUMMARY_CAROUSEL: 1005,
  SUMMARY_LIST: 1006,
  SUMMARY_GRID: 1007,
  CHART_BAR: 1008,
  CHART_LINE: 1009,
  CHART_PIE: 1010,
  IMAGE_INLINE: 1011,
  IMAGE_POSTER: 1012,
  IMAGE_CARD: 1013,
  IMAGE_OVERLAP: 1014,
  IMAGE_COLLAGE: 1015,
  IMAGE_STACK: 1016,
  TOCK_RESERVATIONS: 1017,
  TOCK_EVENTS: 1018,
} as const;

export const COLLECTION_TYPES = [
  'generic', 'subscription', 'twitter', 'foursquare', 'instagram', 'gallery block', 'template page', 'splash page',
  'page', '500px', 'flickr', 'products', 'mosaic', 'slide gallery', 'slide album', 'slide video', 'album block',
  'project', 'section catalog', 'page catalog', 'item catalog', 'portfolio', 'lessons',
] as const;

export const RECORD_TYPES = [
  'text', 'image', 'quote', 'link', 'chat', 'audio', 'video', 'review', 'store item', 'event', 'thread', 'gallery',
  'binary', 'css asset', 'digital good', 'attachment', 'exports', 'prose-mirror text', 'tweet', 'rss', 'checkin',
  'project item', 'taxonomy', 'portfolio item', 'lesson',
] as const;

export const GALLERY_ITEM_MEDIA_TYPES = ['empty', 'file', 'licensed', 'reused image', 'reused asset', 'video'] as const;
export const CENSUS_EVENT_TYPES = ['page view', 'site search', 'heartbeat', 'audio', 'video'] as const;
export const SLIDE_TYPES = ['cover page', 'lock screen', 'popup overlay'] as const;
export const POPUP_OVERLAY_STYLES = ['none', 'show'] as const;
export const MOBILE_INFO_BAR_STYLES = ['none', 'light', 'dark'] as const;
export const BADGE_TYPES = ['none', 'black', 'white'] as const;
export const TEMPLATE_VERSIONS = ['7', '7.1', '8'] as const;
