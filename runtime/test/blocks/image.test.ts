import { afterEach, describe, expect, it, vi } from 'vitest';
import imageBlock, { IMAGE_NARROW_PX, NARROW_CLASS } from '../../src/blocks/image/index';
import { defaultContext } from '../../src/context/read';

describe('image block', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    document.body.replaceChildren();
  });

  it(`is narrow under ${IMAGE_NARROW_PX} px, measured with the page's other reads, and follows resizes`, async () => {
    vi.useFakeTimers();
    expect(IMAGE_NARROW_PX).toBe(415);
    const element = document.createElement('div');
    element.innerHTML = '<img data-src="/a.jpg" alt="A">';
    document.body.append(element);
    let width = 300;
    vi.spyOn(element, 'getBoundingClientRect').mockImplementation(() => ({ width }) as DOMRect);
    const instance = await imageBlock.mount(element, { id: 'i', config: {}, page: defaultContext() });
    // Nothing is read while the block mounts: the read waits for the batch.
    expect(element.classList.contains(NARROW_CLASS)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(element.classList.contains(NARROW_CLASS)).toBe(true);
    width = 800;
    window.dispatchEvent(new Event('resize'));
    await vi.advanceTimersByTimeAsync(1);
    expect(element.classList.contains(NARROW_CLASS)).toBe(false);
    instance.destroy();
  });
});
