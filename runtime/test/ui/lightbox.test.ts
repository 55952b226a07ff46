import { describe, expect, it } from 'vitest';
import { clickZone, withItemId } from '../../src/ui/lightbox/index';

describe('lightbox (part 2 §2, §3, §9)', () => {
  it('click zones span 2–98 % of the width, split in halves', () => {
    expect(clickZone(10, 1000)).toBeNull();
    expect(clickZone(20, 1000)).toBe('previous');
    expect(clickZone(499, 1000)).toBe('previous');
    expect(clickZone(500, 1000)).toBe('next');
    expect(clickZone(980, 1000)).toBe('next');
    expect(clickZone(981, 1000)).toBeNull();
    expect(clickZone(10, 0)).toBeNull();
    // Right to left, the halves swap.
    expect(clickZone(20, 1000, true)).toBe('next');
    expect(clickZone(980, 1000, true)).toBe('previous');
    expect(clickZone(10, 1000, true)).toBeNull();
  });

  it('writes itemId into the address, keeping the rest', () => {
    history.replaceState(null, '', '/gallery?x=1#top');
    expect(withItemId('s2')).toBe(`${location.origin}/gallery?x=1&itemId=s2#top`);
    history.replaceState(null, '', '/gallery?itemId=s2');
    expect(withItemId(null)).toBe(`${location.origin}/gallery`);
    history.replaceState(null, '', '/');
  });
});
