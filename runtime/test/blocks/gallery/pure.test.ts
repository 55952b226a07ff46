import { describe, expect, it, vi } from 'vitest';
import { Autoplay } from '../../../src/blocks/gallery/autoplay';
import { carouselPerRow } from '../../../src/blocks/gallery/designs/carousel';
import { columnCount } from '../../../src/blocks/gallery/designs/layouts';
import { designNotFound, loadDesign } from '../../../src/blocks/gallery/designs/index';
import { activeClick, stripOffset } from '../../../src/blocks/gallery/designs/strip';
import { addressFor, itemIdFrom, slideIndexFor } from '../../../src/blocks/gallery/history';
import {
  AUTOPLAY_BLOCK_TIMEOUT_MS,
  columnWidth,
  coreDesignOf,
  galleryOptions,
  snapPoints,
  stripAlignment,
  swipeBoundary,
  transitionOf,
} from '../../../src/blocks/gallery/options';
import { decide, transitionSeconds, velocity } from '../../../src/ui/swipe';
import type { Slide } from '../../../src/blocks/gallery/slides';

describe('gallery options (part 2 §2, §3, §5)', () => {
  it('maps page design names to core designs; anything else is base', () => {
    expect(coreDesignOf('stacked')).toBe('base');
    expect(coreDesignOf('slider')).toBe('strip');
    expect(coreDesignOf('slideshow')).toBe('stacked');
    for (const same of ['grid', 'autogrid', 'autocolumns', 'autorows', 'carousel', 'list']) expect(coreDesignOf(same)).toBe(same);
    expect(coreDesignOf('mosaic')).toBe('base');
    expect(coreDesignOf(undefined)).toBe('base');
    expect(coreDesignOf(42)).toBe('base');
  });

  it('columnWidth must be a number greater than 0; strings are parsed', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(columnWidth('300')).toBe(300);
    expect(columnWidth(120)).toBe(120);
    expect(columnWidth(0)).toBe(250);
    expect(columnWidth(-5)).toBe(250);
    expect(columnWidth('wide')).toBe(250);
    expect(columnWidth(undefined)).toBe(250);
    // JSON whose value cannot be turned into a string is named in the warning all the same.
    expect(columnWidth(JSON.parse('[{"toString": null}]'))).toBe(250);
    expect(console.warn).toHaveBeenLastCalledWith('Gallery columnWidth must be a number greater than 0, got [{"toString":null}]; using 250.');
  });

  it('strip alignment: start/middle/end, left/center/right map, anything else → middle', () => {
    expect(stripAlignment('left')).toBe('start');
    expect(stripAlignment('center')).toBe('middle');
    expect(stripAlignment('right')).toBe('end');
    expect(stripAlignment('end')).toBe('end');
    expect(stripAlignment('diagonal')).toBe('middle');
    expect(stripAlignment(undefined)).toBe('middle');
  });

  it('swipe boundaries none, hard or inertial; snap points end in % or are none', () => {
    expect(swipeBoundary('none')).toBe('none');
    expect(swipeBoundary('inertial')).toBe('inertial');
    expect(swipeBoundary('bouncy')).toBe('hard');
    expect(snapPoints('none')).toBe('none');
    expect(snapPoints(['0%', '50%', '100%'])).toEqual([0, 0.5, 1]);
    expect(() => snapPoints(['50px'])).toThrow('Snap points must end in a percent sign or be none');
  });

  it('stacked transitions must exist', () => {
    expect(transitionOf('fade')).toBe('fade');
    expect(transitionOf('ken-burns')).toBe('kenburns');
    expect(transitionOf(undefined)).toBe('fade');
    expect(() => transitionOf('wipe')).toThrow('The transition "wipe" could not be found.');
    // JSON whose value cannot be turned into a string (an array holding {"toString": null}) still names it (found by the fuzz test).
    expect(() => transitionOf(JSON.parse('[{"toString": null}]'))).toThrow('The transition "[{"toString":null}]" could not be found.');
    expect(() => transitionOf(7)).toThrow('The transition "7" could not be found.');
  });

  it('defaults of part 2 §3/§9 and autoplay-duration in seconds', () => {
    const defaults = galleryOptions({});
    expect(defaults).toMatchObject({
      design: 'base',
      columnWidth: 250,
      columnWidthBehavior: 'min',
      rowHeight: 250,
      perRow: 4,
      padding: 20,
      slidesPerRow: 3,
      speedS: 1,
      preloadCount: 1,
      zoom: 1.075,
      alignment: 'middle',
      vSize: 10,
      autoplayTimeoutMs: AUTOPLAY_BLOCK_TIMEOUT_MS,
      activeSlideClickBehavior: 'next',
      lightboxTheme: 'dark',
      aspectRatio: null,
    });
    expect(galleryOptions({ design: 'slider' }).speedS).toBe(0.5);
    expect(galleryOptions({ 'autoplay-duration': 3 }).autoplayTimeoutMs).toBe(3000);
    expect(galleryOptions({ imageAspectRatio: 'Auto' }).aspectRatio).toBeNull();
    expect(galleryOptions({ imageAspectRatio: '16:9' }).aspectRatio).toBeCloseTo(16 / 9);
    expect(galleryOptions({ lightboxTheme: 'light' }).lightboxTheme).toBe('light');
    expect(galleryOptions({ 'thumbnail-strip-margin': 30 }).thumbnailStripMargin).toBe(5);
    expect(galleryOptions({ autoplayOptions: { randomize: true, interval: [2000, 4000] } }).randomInterval).toEqual([2000, 4000]);
  });
});

describe('designs', () => {
  it('an unknown core design throws the spec message', () => {
    expect(() => loadDesign('mosaic')).toThrow(designNotFound('mosaic'));
    expect(designNotFound('x')).toBe('These are not the gallery designs you are looking for. (We could not find a design by the name x)');
    expect(() => loadDesign('toString')).toThrow('These are not the gallery designs');
  });

  it('carousel: at most 2 per row under 480 px, 3 under 724 px', () => {
    expect(carouselPerRow(479, 5)).toBe(2);
    expect(carouselPerRow(480, 5)).toBe(3);
    expect(carouselPerRow(723, 5)).toBe(3);
    expect(carouselPerRow(724, 5)).toBe(5);
    expect(carouselPerRow(300, 1)).toBe(1);
  });

  it('auto columns: min behaviour fits whole columns, max adds one', () => {
    expect(columnCount(1000, 250, 20, 'min')).toBe(3);
    expect(columnCount(1000, 250, 20, 'max')).toBe(4);
    expect(columnCount(100, 250, 20, 'min')).toBe(1);
  });

  it('strip alignment offsets and the current slide click', () => {
    expect(stripOffset('start', 1000, 300, 200)).toBe(-300);
    expect(stripOffset('middle', 1000, 300, 200)).toBe(100);
    expect(stripOffset('end', 1000, 300, 200)).toBe(500);
    expect(activeClick('next', 0, 0, 100)).toBe('next');
    expect(activeClick('none', 0, 0, 100)).toBeNull();
    expect(activeClick('auto', 20, 0, 100)).toBe('previous');
    expect(activeClick('auto', 80, 0, 100)).toBe('next');
    // Right to left, the left half goes on.
    expect(activeClick('auto', 20, 0, 100, true)).toBe('next');
    expect(activeClick('auto', 80, 0, 100, true)).toBe('previous');
  });
});

describe('swipe (part 2 §9)', () => {
  it('a 50 px flick within 250 ms moves; slower needs width / 2.25; short touch is a tap', () => {
    expect(decide(-50, 250, 1000)).toBe('next');
    expect(decide(60, 200, 1000)).toBe('previous');
    expect(decide(-49, 100, 1000)).toBe('stay');
    expect(decide(-60, 251, 1000)).toBe('stay');
    expect(decide(-445, 900, 1000)).toBe('next');
    expect(decide(-444, 900, 1000)).toBe('stay');
    expect(decide(3, 100, 1000)).toBe('tap');
    expect(decide(3, 300, 1000)).toBe('stay');
  });

  it('right to left, a drag to the right goes on to the next', () => {
    expect(decide(50, 250, 1000, true)).toBe('next');
    expect(decide(-60, 200, 1000, true)).toBe('previous');
    expect(decide(445, 900, 1000, true)).toBe('next');
    expect(decide(3, 100, 1000, true)).toBe('tap');
  });

  it('velocity over the last 5 samples; release transition clamped 0.2–0.5 s (0.4 under 767 px)', () => {
    const samples = [0, 10, 20, 30, 40, 50, 100].map((x, i) => ({ x, t: i * 10 }));
    expect(velocity(samples)).toBeCloseTo((100 - 20) / 40);
    expect(transitionSeconds(1000, 0.1, 1200)).toBe(0.5);
    expect(transitionSeconds(1000, 0.1, 500)).toBe(0.4);
    expect(transitionSeconds(10, 10, 1200)).toBe(0.2);
    expect(transitionSeconds(300, 1, 1200)).toBeCloseTo(0.3);
  });
});

describe('autoplay (part 2 §4, §9)', () => {
  it('advances every timeout, pauses while any reason holds, restarts the wait on change', () => {
    vi.useFakeTimers();
    const advance = vi.fn();
    const states: boolean[] = [];
    const autoplay = new Autoplay(advance, 5000, null, Math.random, (playing) => states.push(playing));
    autoplay.start();
    vi.advanceTimersByTime(4999);
    expect(advance).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(advance).toHaveBeenCalledTimes(1);
    autoplay.pause('hover');
    autoplay.pause('focus');
    vi.advanceTimersByTime(20000);
    expect(advance).toHaveBeenCalledTimes(1);
    autoplay.resume('hover');
    vi.advanceTimersByTime(20000);
    expect(advance).toHaveBeenCalledTimes(1);
    autoplay.resume('focus');
    vi.advanceTimersByTime(3000);
    autoplay.restart();
    vi.advanceTimersByTime(4999);
    expect(advance).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(advance).toHaveBeenCalledTimes(2);
    autoplay.stop();
    vi.advanceTimersByTime(20000);
    expect(advance).toHaveBeenCalledTimes(2);
    expect(states.at(-1)).toBe(false);
    expect(states).toContain(true);
  });

  it('a random interval waits between its bounds', () => {
    const autoplay = new Autoplay(() => undefined, 5000, [2000, 4000], () => 0.5);
    expect(autoplay.delay()).toBe(3000);
    expect(new Autoplay(() => undefined, 1000).delay()).toBe(1000);
  });
});

describe('history itemId (part 2 §2)', () => {
  const slide = (id: string, url: string | null, full: string | null = '/gallery'): Slide => ({
    element: document.createElement('figure'),
    type: 'image',
    id,
    url,
    clickThroughUrl: null,
    collectionFullUrl: full,
    img: null,
    ratio: null,
  });
  const slides = [slide('a1', 'sunrise'), slide('b2', null)];

  it('reads itemId from the query or the hash and matches only slide ids or urls', () => {
    expect(itemIdFrom({ search: '?itemId=sunrise', hash: '' })).toBe('sunrise');
    expect(itemIdFrom({ search: '', hash: '#itemId=b2' })).toBe('b2');
    expect(itemIdFrom({ search: '', hash: '#b2' })).toBe('b2'); // a hash naming the slide itself
    expect(itemIdFrom({ search: '', hash: '#caf%C3%A9' })).toBe('café');
    expect(itemIdFrom({ search: '', hash: '' })).toBeNull();
    expect(itemIdFrom({ search: '', hash: '#other=1' })).toBeNull();
    expect(itemIdFrom({ search: '', hash: '#%E0%A4%A' })).toBe('\uFFFD%A'); // malformed: no throw
    expect(slideIndexFor(slides, 'sunrise')).toBe(0);
    expect(slideIndexFor(slides, 'b2')).toBe(1);
    expect(slideIndexFor(slides, '"]<img src=x onerror=alert(1)>')).toBe(-1);
    expect(slideIndexFor(slides, null)).toBe(-1);
  });

  it('writes the collection full URL plus the slide url or id, never another origin', () => {
    const location = { origin: 'https://example.test', pathname: '/gallery', search: '?x=1' };
    expect(addressFor(slides[0]!, location)).toBe('/gallery?itemId=sunrise');
    expect(addressFor(slides[1]!, location)).toBe('/gallery?itemId=b2');
    expect(addressFor(slide('c', null, 'https://evil.test/x'), location)).toBe('/gallery?x=1&itemId=c');
    expect(addressFor(slide('d', null, 'http://['), location)).toBe('/gallery?x=1&itemId=d'); // unparsable: the page's own
  });
});
