import { afterEach, describe, expect, it, vi } from 'vitest';
import { autocolumns } from '../../../src/blocks/gallery/designs/layouts';
import { RESIZE_END_MS, type DesignContext } from '../../../src/blocks/gallery/designs/types';
import { galleryOptions } from '../../../src/blocks/gallery/options';

/** A ResizeObserver whose notices the test sends, as the browser does after a layout. */
class FakeResizeObserver {
  static last: FakeResizeObserver | null = null;
  constructor(private readonly callback: ResizeObserverCallback) {
    FakeResizeObserver.last = this;
  }
  observe(): void {}
  disconnect(): void {}
  notice(width: number): void {
    this.callback([{ contentRect: { width } } as ResizeObserverEntry], this as unknown as ResizeObserver);
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('autocolumns design', () => {
  it('counts its columns from the observer notices, never by measuring while it mounts', () => {
    vi.useFakeTimers();
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    const container = document.createElement('div');
    const measure = vi.spyOn(container, 'getBoundingClientRect');
    const options = galleryOptions({ design: 'autocolumns', columnWidth: 200, gutter: 20 });
    const design = autocolumns({ container, options } as unknown as DesignContext);
    expect(measure).not.toHaveBeenCalled();
    expect(container.style.getPropertyValue('--tg-columns')).toBe('');
    FakeResizeObserver.last!.notice(900); // (900 + 20) / (200 + 20) = 4.2
    expect(container.style.getPropertyValue('--tg-columns')).toBe('4');
    FakeResizeObserver.last!.notice(400); // (400 + 20) / 220 = 1.9, once the resize settles
    expect(container.style.getPropertyValue('--tg-columns')).toBe('4');
    vi.advanceTimersByTime(RESIZE_END_MS);
    expect(container.style.getPropertyValue('--tg-columns')).toBe('1');
    expect(measure).not.toHaveBeenCalled();
    design.destroy();
    expect(container.style.getPropertyValue('--tg-columns')).toBe('');
  });
});
