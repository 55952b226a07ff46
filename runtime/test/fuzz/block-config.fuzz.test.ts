/**
 * The block JSON readers as pure functions (10,000 generated cases each): whatever a theme
 * writes, the settings a block works with are in range and finite.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { galleryOptions } from '../../src/blocks/gallery/options';
import { mapLocation, mapOptions } from '../../src/blocks/map/location';
import { hostileJson } from './arbitraries';

const RUNS = { numRuns: 10_000 };
vi.setConfig({ testTimeout: 120_000 });

const GALLERY_KEYS = [
  'design', 'imageAspectRatio', 'aspectRatio', 'slidesPerRow', 'lightbox', 'lightboxTheme', 'columnWidth', 'columnWidthBehavior', 'gutter',
  'rowHeight', 'thumbnails-per-row', 'perRow', 'padding', 'square-thumbs', 'auto-crop', 'autoplay', 'autoplay-duration', 'autoplayOptions',
  'loop', 'keyboard', 'historyHash', 'lazyLoad', 'currentIndex', 'speed', 'preloadCount', 'transition', 'zoom', 'thumbnails',
  'thumbnailStripHeight', 'alignment', 'activeSlideClickBehavior', 'vSize', 'swipeBoundary', 'snapPoints', 'metaPosition',
];
const numberish = fc.oneof(hostileJson, fc.double(), fc.integer().map(String), fc.constantFrom('1e309', '-1', '0', 'NaN', ' 12 ', '0x10'));
/** Settings as the block host hands them over: parsed from JSON text. */
const config = (keys: string[]) =>
  fc
    .dictionary(fc.constantFrom(...keys), fc.oneof(numberish, fc.record({ timeout: numberish, interval: fc.array(numberish, { maxLength: 3 }), randomize: fc.boolean() })), { maxKeys: 12 })
    .map((raw) => JSON.parse(JSON.stringify(raw)) as Record<string, unknown>);

/** Every number anywhere in a value is finite. */
function finiteNumbers(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(finiteNumbers);
  if (value && typeof value === 'object') return Object.values(value).every(finiteNumbers);
  return true;
}

describe('gallery settings', () => {
  it('are finite and in range for any block JSON', () => {
    fc.assert(
      fc.property(config(GALLERY_KEYS), (raw) => {
        let options: ReturnType<typeof galleryOptions>;
        try {
          options = galleryOptions(raw);
        } catch (error) {
          // Part 2 §5: a stacked transition must exist, snap points end in %; the block then fails and is logged.
          expect((error as Error).message).toMatch(/^(The transition ".*" could not be found\.|Snap points must end in a percent sign or be none, got .*)$/s);
          return;
        }
        expect(['fade', 'kenburns', 'newswipe', 'scroll', 'swipe']).toContain(options.transition);
        expect(finiteNumbers(options)).toBe(true);
        expect(Number.isInteger(options.perRow) && options.perRow >= 1).toBe(true);
        expect(Number.isInteger(options.slidesPerRow) && options.slidesPerRow >= 1).toBe(true);
        expect(options.autoplayTimeoutMs).toBeGreaterThanOrEqual(100);
        expect(options.autoplayTimeoutMs).toBeLessThanOrEqual(2 ** 31 - 1); // longer delays fire at once
        for (const ms of options.randomInterval ?? []) expect(ms).toBeLessThanOrEqual(2 ** 31 - 1);
        if (options.randomInterval) expect(options.randomInterval[0]).toBeLessThanOrEqual(options.randomInterval[1]);
        expect(options.gutter).toBeGreaterThanOrEqual(0);
        expect(options.rowHeight).toBeGreaterThanOrEqual(1);
      }),
      RUNS,
    );
  });
});

describe('map settings', () => {
  const LOCATION_KEYS = ['mapLat', 'mapLng', 'markerLat', 'markerLng', 'mapZoom', 'addressTitle', 'addressLine1', 'addressLine2', 'addressCountry'];
  it('put the centre and the marker on the globe, and the zoom in 0–22, for any block JSON', () => {
    fc.assert(
      fc.property(fc.oneof(hostileJson.map((value) => JSON.parse(JSON.stringify(value ?? null)) as unknown), config(LOCATION_KEYS)), config(['style', 'labels', 'controls', 'terrain']), (location, raw) => {
        const place = mapLocation(location);
        for (const point of [place.center, place.marker]) {
          expect(Math.abs(point.lat)).toBeLessThanOrEqual(90);
          expect(Math.abs(point.lng)).toBeLessThanOrEqual(180);
        }
        expect(place.zoom).toBeGreaterThanOrEqual(0);
        expect(place.zoom).toBeLessThanOrEqual(22);
        expect(typeof place.title).toBe('string');
        expect(typeof place.address).toBe('string');
        expect(finiteNumbers(place)).toBe(true);
        expect(finiteNumbers(mapOptions(raw))).toBe(true);
      }),
      RUNS,
    );
  });
});
