import { afterEach, describe, expect, it, vi } from 'vitest';
import imageBlock, { IMAGE_NARROW_PX, NARROW_CLASS } from '../../src/blocks/image/index';
import { defaultContext } from '../../src/context/read';

describe('image block', () => {
  afterEach(async () => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    document.body.replaceChildren();
    // The page's batch of layout reads a test queued on real timers runs now, not in the next test.
    await new Promise((resolve) => setTimeout(resolve, 0));
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

  it('with the lightbox its image is a button named by its alt: an empty alt takes the caption (or "Image") until destroy', async () => {
    const mountWith = async (html: string) => {
      const element = document.createElement('figure');
      element.innerHTML = html;
      document.body.append(element);
      const page = { ...defaultContext(), featureFlags: ['lightbox'] };
      return { img: element.querySelector('img')!, instance: await imageBlock.mount(element, { id: 'i', config: { lightbox: true }, page }) };
    };
    const named = await mountWith('<img data-src="/a.jpg" alt="A harbour">');
    const captioned = await mountWith('<img data-src="/b.jpg" alt=""><figcaption> Boats at dawn </figcaption>');
    const bare = await mountWith('<img data-src="/c.jpg">');
    expect([named.img.getAttribute('role'), named.img.getAttribute('aria-haspopup'), named.img.alt]).toEqual(['button', 'dialog', 'A harbour']);
    // ARIA in HTML: an img with alt="" may take no role, so the button's name goes in its alt.
    expect([captioned.img.getAttribute('role'), captioned.img.alt]).toEqual(['button', 'Boats at dawn']);
    expect([bare.img.getAttribute('role'), bare.img.alt]).toEqual(['button', 'Image']);
    for (const { instance } of [named, captioned, bare]) instance.destroy();
    expect(named.img.alt).toBe('A harbour');
    expect([captioned.img.getAttribute('alt'), captioned.img.hasAttribute('role')]).toEqual(['', false]);
    expect(bare.img.hasAttribute('alt')).toBe(false);
  });
});
