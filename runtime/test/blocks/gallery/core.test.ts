import { describe, expect, it, vi } from 'vitest';
import { Gallery, wrapIndex } from '../../../src/blocks/gallery/core';
import type { Slide } from '../../../src/blocks/gallery/slides';

const slides = (n: number): Slide[] =>
  Array.from({ length: n }, (_, i) => ({
    element: document.createElement('figure'),
    type: 'image' as const,
    id: `s${i}`,
    url: null,
    clickThroughUrl: null,
    collectionFullUrl: null,
    img: null,
    ratio: null,
  }));

describe('gallery index (part 2 §4)', () => {
  it('wraps negative values from the end and over-count values by modulo', () => {
    expect(wrapIndex(-1, 5)).toBe(4);
    expect(wrapIndex(-6, 5)).toBe(4);
    expect(wrapIndex(5, 5)).toBe(0);
    expect(wrapIndex(12, 5)).toBe(2);
    expect(wrapIndex(2.7, 5)).toBe(2);
    expect(wrapIndex(NaN, 5)).toBe(0);
    expect(wrapIndex(3, 0)).toBe(0);
    const gallery = new Gallery(slides(5));
    expect(gallery.goTo(-1)).toBe(true);
    expect(gallery.index).toBe(4);
    gallery.goTo(7);
    expect(gallery.index).toBe(2);
  });

  it('loops at the ends when loop is on', () => {
    const gallery = new Gallery(slides(3), true);
    gallery.setInitial(2);
    expect(gallery.next()).toBe(true);
    expect(gallery.index).toBe(0);
    expect(gallery.previous()).toBe(true);
    expect(gallery.index).toBe(2);
  });

  it('fires reachedEnd / reachedBeginning without loop, and reports the direction', () => {
    const gallery = new Gallery(slides(3), false);
    const events: string[] = [];
    gallery.on('reachedEnd', () => events.push('end'));
    gallery.on('reachedBeginning', () => events.push('beginning'));
    gallery.on('change', ({ detail }) => events.push(`${detail.previous}->${detail.index} ${detail.direction}`));
    expect(gallery.previous()).toBe(false);
    gallery.next();
    gallery.next();
    expect(gallery.next()).toBe(false);
    expect(gallery.index).toBe(2);
    expect(events).toEqual(['beginning', '0->1 forward', '1->2 forward', 'end']);
  });

  it('refuses index changes while it or a linked gallery is moving, and linked galleries follow', async () => {
    const main = new Gallery(slides(4));
    const thumbs = new Gallery(slides(4));
    main.link(thumbs);
    let finish!: () => void;
    main.design = { show: () => new Promise<void>((resolve) => (finish = resolve)), destroy: vi.fn() };
    expect(main.goTo(2)).toBe(true);
    expect(thumbs.index).toBe(2);
    expect(main.inMotion).toBe(true);
    expect(thumbs.busy()).toBe(true);
    expect(thumbs.goTo(3)).toBe(false);
    expect(main.next()).toBe(false);
    finish();
    await Promise.resolve();
    await Promise.resolve();
    expect(main.inMotion).toBe(false);
    expect(thumbs.goTo(3)).toBe(true);
    expect(main.index).toBe(3);
    main.destroy();
    expect(thumbs.busy()).toBe(false);
  });

  it('moves by the design step and stops at its last index (carousel groups)', () => {
    const gallery = new Gallery(slides(7), false);
    gallery.design = { step: () => 3, lastIndex: () => 4, destroy: () => undefined };
    gallery.next();
    expect(gallery.index).toBe(3);
    gallery.next();
    expect(gallery.index).toBe(4);
    expect(gallery.next()).toBe(false);
    gallery.previous();
    expect(gallery.index).toBe(1);
    gallery.previous();
    expect(gallery.index).toBe(0);
    expect(gallery.goTo(6)).toBe(true);
    expect(gallery.index).toBe(4);
  });

  it('a listener that throws does not stop the others', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const gallery = new Gallery(slides(2));
    const second = vi.fn();
    gallery.on('change', () => {
      throw new Error('theme bug');
    });
    gallery.on('change', second);
    gallery.next();
    expect(second).toHaveBeenCalled();
  });
});
