import { describe, expect, it } from 'vitest';
import {
  CLICK_ZONE_END,
  CLICK_ZONE_START,
  CONTENT_FADE_S,
  HINT_FADE_MS,
  KEY_THROTTLE_MS,
  LIGHTBOX_DEFAULT_TITLE,
  LIGHTBOX_PADDING_PX,
  LIGHTBOX_SPEED_S,
  OVERLAY_FADE_S,
  OVERLAY_OPACITY,
  clickZone,
  withItemId,
} from '../../src/ui/lightbox/index';

describe('lightbox (part 2 §2, §3, §9)', () => {
  it('keeps the spec constants', () => {
    expect([LIGHTBOX_DEFAULT_TITLE, LIGHTBOX_SPEED_S, LIGHTBOX_PADDING_PX, OVERLAY_FADE_S, CONTENT_FADE_S, OVERLAY_OPACITY]).toEqual(['Gallery', 0.6, 100, 0.35, 0.6, 0.95]);
    expect([KEY_THROTTLE_MS, CLICK_ZONE_START, CLICK_ZONE_END, HINT_FADE_MS]).toEqual([200, 0.02, 0.98, 500]);
  });

  it('click zones span 2–98 % of the width, split in halves', () => {
    expect(clickZone(10, 1000)).toBeNull();
    expect(clickZone(20, 1000)).toBe('previous');
    expect(clickZone(499, 1000)).toBe('previous');
    expect(clickZone(500, 1000)).toBe('next');
    expect(clickZone(980, 1000)).toBe('next');
    expect(clickZone(981, 1000)).toBeNull();
    expect(clickZone(10, 0)).toBeNull();
  });

  it('writes itemId into the address, keeping the rest', () => {
    history.replaceState(null, '', '/gallery?x=1#top');
    expect(withItemId('s2')).toBe('/gallery?x=1&itemId=s2#top');
    history.replaceState(null, '', '/gallery?itemId=s2');
    expect(withItemId(null)).toBe('/gallery');
    history.replaceState(null, '', '/');
  });
});
