import { describe, expect, it } from 'vitest';
import { frameUrlFrom } from '../src/frame-url';

const origin = 'https://site.example';

describe('frameUrl', () => {
  it('keeps same-origin paths with their query', () => {
    expect(frameUrlFrom('?frameUrl=%2Fshop%3Fpage%3D2', origin)).toBe('/shop?page=2');
  });

  it.each(['javascript:alert(1)', 'data:text/html,x', 'https://evil.example/', '//evil.example', '/\\evil', 'shop', '/config/?frameUrl=/'])(
    'falls back to / for %s',
    (value) => {
      expect(frameUrlFrom(`?frameUrl=${encodeURIComponent(value)}`, origin)).toBe('/');
    },
  );

  it('falls back to / without a frameUrl', () => {
    expect(frameUrlFrom('', origin)).toBe('/');
  });
});
