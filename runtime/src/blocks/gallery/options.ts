/**
 * Gallery block settings and gallery options (spec part 2 §3), parsed and validated (§5) into
 * one typed object. Pure: no DOM, so every rule is unit-tested.
 */
import { aspectRatio } from '../../ui/responsive-images';

export { aspectRatio };

/** Part 2 §2: page design name → core design; any other name falls back to base. */
const PAGE_DESIGNS: Record<string, DesignName> = {
  stacked: 'base',
  slider: 'strip',
  slideshow: 'stacked',
  grid: 'grid',
  autogrid: 'autogrid',
  autocolumns: 'autocolumns',
  autorows: 'autorows',
  carousel: 'carousel',
  list: 'list',
};

export type DesignName =
  | 'base'
  | 'strip'
  | 'stacked'
  | 'grid'
  | 'autogrid'
  | 'autocolumns'
  | 'autorows'
  | 'carousel'
  | 'list';

export function coreDesignOf(pageDesign: unknown): DesignName {
  return (typeof pageDesign === 'string' && PAGE_DESIGNS[pageDesign.toLowerCase()]) || 'base';
}

/** Part 2 §3/§9 defaults. */
/** setTimeout's longest delay (2^31 − 1 ms). */
export const MAX_TIMER_MS = 2_147_483_647;
export const COLUMN_WIDTH_DEFAULT = 250;
export const ROW_HEIGHT_DEFAULT = 250;
export const GRID_PADDING_DEFAULT = 20;
export const GRID_PER_ROW_DEFAULT = 4;
export const SLIDES_PER_ROW_DEFAULT = 3;
export const SPEED_DEFAULT_S = 1;
export const STRIP_SPEED_S = 0.5;
export const PRELOAD_COUNT_DEFAULT = 1;
export const STRIP_VSIZE_DEFAULT = 10;
export const SLIDER_ASPECT_RATIO_DEFAULT = 50;
/** Part 2 §9: the block's autoplay timeout; the gallery API's own default is 1000 ms. */
export const AUTOPLAY_BLOCK_TIMEOUT_MS = 5000;
export const AUTOPLAY_API_TIMEOUT_MS = 1000;
/** Part 2 §9: a thumbnail strip's vertical padding is at most 5 px. */
export const THUMBNAIL_STRIP_MAX_PADDING_PX = 5;

export type Alignment = 'start' | 'middle' | 'end';
export type ClickBehavior = 'next' | 'previous' | 'none' | 'auto';
export type SwipeBoundary = 'none' | 'hard' | 'inertial';
export type ColumnWidthBehavior = 'min' | 'max';
export type Transition = 'fade' | 'kenburns' | 'newswipe' | 'scroll' | 'swipe';

/** Part 2 §5: start, middle, end; left/center/right map to them; anything else → middle. */
export function stripAlignment(value: unknown): Alignment {
  const map: Record<string, Alignment> = {
    start: 'start',
    middle: 'middle',
    end: 'end',
    left: 'start',
    center: 'middle',
    right: 'end',
  };
  return (typeof value === 'string' && map[value.toLowerCase()]) || 'middle';
}

/** A block JSON value in a message: String() throws on JSON such as [{"toString": null}]. */
const shown = (value: unknown) => (typeof value === 'object' ? JSON.stringify(value) : String(value));

/** Part 2 §5: columnWidth must be a number greater than 0; strings are parsed. */
export function columnWidth(value: unknown): number {
  const parsed = typeof value === 'string' ? parseFloat(value) : value;
  if (typeof parsed !== 'number' || !Number.isFinite(parsed) || parsed <= 0) {
    if (value !== undefined) console.warn(`Gallery columnWidth must be a number greater than 0, got ${shown(value)}; using ${COLUMN_WIDTH_DEFAULT}.`);
    return COLUMN_WIDTH_DEFAULT;
  }
  return parsed;
}

/** Part 2 §5: swipe boundaries are none, hard or inertial (default hard). */
export function swipeBoundary(value: unknown): SwipeBoundary {
  return value === 'none' || value === 'inertial' ? value : 'hard';
}

/** Part 2 §5: snap points end in a percent sign, or are none. Answers fractions 0..1. */
export function snapPoints(value: unknown): number[] | 'none' {
  if (value === undefined || value === null || value === 'none') return 'none';
  const list = Array.isArray(value) ? value : [value];
  const points: number[] = [];
  for (const point of list) {
    const match = typeof point === 'string' ? /^\s*(-?\d+(?:\.\d+)?)%\s*$/.exec(point) : null;
    if (!match) throw new TypeError(`Snap points must end in a percent sign or be none, got ${JSON.stringify(point)}`);
    points.push(Number(match[1]) / 100);
  }
  return points;
}

const TRANSITIONS: Record<string, Transition> = {
  fade: 'fade',
  kenburns: 'kenburns',
  'ken-burns': 'kenburns',
  newswipe: 'newswipe',
  'new-swipe': 'newswipe',
  scroll: 'scroll',
  'horizontal-scroll': 'scroll',
  swipe: 'swipe',
};

/** Part 2 §5: a stacked transition name must exist. */
export function transitionOf(value: unknown): Transition {
  if (value === undefined || value === null || value === '') return 'fade';
  const name = typeof value === 'string' ? value.toLowerCase() : '';
  // Own names only: "constructor" is not a transition.
  const found = Object.prototype.hasOwnProperty.call(TRANSITIONS, name) ? TRANSITIONS[name] : undefined;
  if (!found) throw new Error(`The transition "${shown(value)}" could not be found.`);
  return found;
}

function num(value: unknown, fallback: number, min = 0): number {
  const parsed = typeof value === 'string' ? parseFloat(value) : value;
  return typeof parsed === 'number' && Number.isFinite(parsed) && parsed >= min ? parsed : fallback;
}

function bool(value: unknown, fallback: boolean): boolean {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return fallback;
}

export interface GalleryOptions {
  design: DesignName;
  /** False for a slideshow's thumbnail strip, which is navigated by its thumbnails alone. */
  controls?: false;
  /** Width / height of each cell or slide; null for each image's own ratio. */
  aspectRatio: number | null;
  slidesPerRow: number;
  lightbox: boolean;
  lightboxTheme: 'light' | 'dark';
  columnWidth: number;
  columnWidthBehavior: ColumnWidthBehavior;
  gutter: number;
  rowHeight: number;
  /** Fixed grid: thumbnails per row, padding between them, square cells, crop. */
  perRow: number;
  padding: number;
  squareThumbs: boolean;
  autoCrop: boolean;
  listImageWidth: number;
  autoplay: boolean;
  autoplayTimeoutMs: number;
  /** Random interval [min, max] in ms instead of a fixed timeout. */
  randomInterval: [number, number] | null;
  loop: boolean;
  keyboard: boolean;
  historyHash: boolean;
  lazyLoad: boolean;
  currentIndex: number;
  speedS: number;
  preloadCount: number;
  transition: Transition;
  zoom: number;
  thumbnails: boolean;
  thumbnailStripHeight: number;
  thumbnailStripMargin: number;
  alignment: Alignment;
  activeSlideClickBehavior: ClickBehavior;
  vSize: number;
  swipeBoundary: SwipeBoundary;
  snapPoints: number[] | 'none';
  metaPosition: string;
}

const META_POSITIONS = ['top', 'bottom', 'top-left', 'bottom-left', 'top-right', 'bottom-right', 'center'];

/** Reads the block JSON (settings with the spec's dashed names and camelCase alike). */
export function galleryOptions(raw: Record<string, unknown>): GalleryOptions {
  const get = (...names: string[]) => names.map((name) => raw[name]).find((value) => value !== undefined);
  const design = coreDesignOf(get('design'));
  const autoplayOptions = (typeof raw.autoplayOptions === 'object' && raw.autoplayOptions) as Record<string, unknown> | false;
  const duration = get('autoplay-duration', 'autoplayDuration');
  // At most setTimeout's longest delay: past it, browsers fire at once (a slideshow racing).
  const timeout = Math.min(
    MAX_TIMER_MS,
    duration !== undefined ? num(duration, AUTOPLAY_BLOCK_TIMEOUT_MS / 1000, 0.1) * 1000 : num(autoplayOptions && autoplayOptions.timeout, AUTOPLAY_BLOCK_TIMEOUT_MS, 100),
  );
  const interval = autoplayOptions && Array.isArray(autoplayOptions.interval) ? autoplayOptions.interval : null;
  const randomInterval: [number, number] | null =
    autoplayOptions && bool(autoplayOptions.randomize, false) && interval && interval.length === 2
      ? [Math.min(MAX_TIMER_MS, num(interval[0], timeout, 100)), Math.min(MAX_TIMER_MS, Math.max(num(interval[0], timeout, 100), num(interval[1], timeout, 100)))]
      : null;
  const isStrip = design === 'strip';
  return {
    design,
    aspectRatio: aspectRatio(get('imageAspectRatio', 'aspectRatio')),
    slidesPerRow: Math.max(1, Math.round(num(get('slidesPerRow'), SLIDES_PER_ROW_DEFAULT, 1))),
    lightbox: bool(get('lightbox'), false),
    lightboxTheme: get('lightboxTheme') === 'light' ? 'light' : 'dark',
    columnWidth: columnWidth(get('columnWidth')),
    columnWidthBehavior: get('columnWidthBehavior') === 'max' ? 'max' : 'min',
    gutter: num(get('gutter'), 20),
    rowHeight: num(get('rowHeight'), ROW_HEIGHT_DEFAULT, 1),
    perRow: Math.max(1, Math.round(num(get('thumbnails-per-row', 'thumbnailsPerRow', 'perRow'), GRID_PER_ROW_DEFAULT, 1))),
    padding: num(get('padding'), GRID_PADDING_DEFAULT),
    squareThumbs: bool(get('square-thumbs', 'squareThumbs'), true),
    autoCrop: bool(get('auto-crop', 'autoCrop'), true),
    listImageWidth: Math.min(90, Math.max(10, num(get('listImageSize', 'imageWidth'), 50, 1))),
    autoplay: bool(get('autoplay'), false),
    autoplayTimeoutMs: timeout,
    randomInterval,
    loop: bool(get('loop'), true),
    keyboard: bool(get('keyboard'), true),
    historyHash: bool(get('historyHash'), false),
    lazyLoad: bool(get('lazyLoad'), true),
    currentIndex: Math.round(num(get('currentIndex'), 0, -Infinity)),
    speedS: num(get('speed'), isStrip ? STRIP_SPEED_S : SPEED_DEFAULT_S),
    preloadCount: Math.round(num(get('preloadCount'), PRELOAD_COUNT_DEFAULT)),
    transition: transitionOf(get('transition')),
    zoom: num(get('zoom'), 1.075, 1),
    thumbnails: bool(get('thumbnails'), false),
    thumbnailStripHeight: num(get('thumbnail-strip-height', 'thumbnailStripHeight'), 80, 20),
    thumbnailStripMargin: Math.min(THUMBNAIL_STRIP_MAX_PADDING_PX, num(get('thumbnail-strip-margin', 'thumbnailStripMargin'), THUMBNAIL_STRIP_MAX_PADDING_PX)),
    alignment: stripAlignment(get('active-alignment', 'activeAlignment', 'alignment')),
    activeSlideClickBehavior: (['next', 'previous', 'none', 'auto'] as const).find((v) => v === get('activeSlideClickBehavior', 'clickBehavior')) ?? 'next',
    vSize: num(get('vSize'), STRIP_VSIZE_DEFAULT, 1),
    swipeBoundary: swipeBoundary(get('swipeBoundary', 'boundary')),
    snapPoints: snapPoints(get('snapPoints')),
    metaPosition: META_POSITIONS.find((p) => p === get('meta-position', 'metaPosition')) ?? 'bottom',
  };
}
