import { describe, expect, it, vi } from 'vitest';
import { readContext } from '../../../src/context/read';
import { BlockHost } from '../../../src/core/block-host';
import {
  DECODE_ERROR,
  EVALUATE_ERROR,
  LIGHTBOX_TIER_WARNING,
  mountGalleryBlock,
  readGalleryConfig,
} from '../../../src/blocks/gallery/index';
import { GALLERY_CHANGE_EVENT, LOADER_MISSING, VIDEO_LOADER_MISSING } from '../../../src/blocks/gallery/gallery';
import { LABEL_NEXT, LABEL_PAUSE, LABEL_PLAY, LABEL_PREVIOUS } from '../../../src/blocks/gallery/controls';
import { MEDIA_DEACTIVATE_EVENT, MEDIA_PAUSE_EVENT, MEDIA_PLAY_EVENT } from '../../../src/platform/media-events';
import { pageContexts } from '../../../src/context/page-contexts';

const page = (flags: string[] = []) => ({ ...readContext(), featureFlags: flags });

function galleryElement(json: Record<string, unknown>, count = 4, extra = ''): HTMLElement {
  document.body.innerHTML = `<div id="block-g1" data-block-type="gallery" data-block-json='${JSON.stringify(json)}'>${Array.from(
    { length: count },
    (_, i) =>
      `<figure data-slide-id="s${i}" data-type="image" data-slide-url="photo-${i}" data-image-dimensions="1500x1000"><img data-src="/i/${i}.jpg" alt="Photo ${i}"></figure>`,
  ).join('')}${extra}</div>`;
  return document.getElementById('block-g1')!;
}

/** Lets a motion that ended in a microtask release the gallery's motion lock. */
const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};
const button = (label: string) => document.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`)!;

describe('gallery block data (part 2 §2, §8)', () => {
  it('reads its own JSON, else the nearest ancestor block data', () => {
    document.body.innerHTML = `<section data-block-json='{"design":"grid"}'><div id="g" data-block-type="gallery"></div></section>`;
    expect(readGalleryConfig(document.getElementById('g')!)).toEqual({ design: 'grid' });
  });

  it('undecodable JSON and JSON that is not settings are the spec errors; the block stays uninitialised', async () => {
    document.body.innerHTML = `<div id="a" data-block-type="gallery" data-block-json="{oops"></div><div id="b" data-block-type="gallery" data-block-json="[1,2]"></div>`;
    expect(() => readGalleryConfig(document.getElementById('a')!)).toThrow(DECODE_ERROR);
    expect(() => readGalleryConfig(document.getElementById('b')!)).toThrow(EVALUATE_ERROR);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const host = new BlockHost(pageContexts(page()));
    await host.start();
    expect(document.getElementById('a')!.getAttribute('data-block-status')).toBe('failed');
    expect(document.getElementById('b')!.getAttribute('data-block-status')).toBe('failed');
    const logged = errors.mock.calls.map((call) => (call[1] as Error | undefined)?.message);
    expect(logged).toContain(DECODE_ERROR);
    expect(logged).toContain(EVALUATE_ERROR);
    host.destroy();
  });

  it('an unknown stacked transition fails the block with the spec message', async () => {
    const element = galleryElement({ design: 'slideshow', transition: 'wipe' });
    await expect(mountGalleryBlock(element, { design: 'slideshow', transition: 'wipe' }, page())).rejects.toThrow('The transition "wipe" could not be found.');
  });

  it('logs Loader2 / VideoLoader not found, and warns when the tier has no lightbox', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const element = galleryElement({}, 1, '<figure data-slide-id="x" data-type="image"></figure><figure data-slide-id="v" data-type="video"></figure>');
    const instance = await mountGalleryBlock(element, { lightbox: true }, page(['menu']));
    expect(warn).toHaveBeenCalledWith(LOADER_MISSING, expect.anything());
    expect(warn).toHaveBeenCalledWith(VIDEO_LOADER_MISSING, expect.anything());
    expect(warn).toHaveBeenCalledWith(LIGHTBOX_TIER_WARNING);
    expect(element.hasAttribute('data-gallery-lightbox')).toBe(false);
    instance.destroy();
    warn.mockClear();
    const again = await mountGalleryBlock(galleryElement({}), { lightbox: true }, page(['lightbox']));
    expect(warn).not.toHaveBeenCalledWith(LIGHTBOX_TIER_WARNING);
    expect(document.getElementById('block-g1')!.hasAttribute('data-gallery-lightbox')).toBe(true);
    again.destroy();
  });
});

describe('slideshow', () => {
  it('labels slides, hides the others, moves by buttons and disables them at the ends without loop', async () => {
    const element = galleryElement({ design: 'slideshow', loop: false });
    const instance = (await mountGalleryBlock(element, { design: 'slideshow', loop: false }, page())) as unknown as {
      index: number;
      goTo(i: number): boolean;
      destroy(): void;
    };
    expect(element.getAttribute('data-gallery-design')).toBe('stacked');
    expect(element.getAttribute('role')).toBe('region');
    expect(element.getAttribute('aria-roledescription')).toBe('carousel');
    expect(element.getAttribute('aria-label')).toBe('Gallery');
    const figures = [...element.querySelectorAll('figure')];
    expect(figures.map((f) => f.getAttribute('aria-label'))).toEqual(['1 of 4', '2 of 4', '3 of 4', '4 of 4']);
    expect(figures[0]!.classList.contains('is-current')).toBe(true);
    expect(figures[1]!.getAttribute('aria-hidden')).toBe('true');
    expect(figures[1]!.inert).toBe(true);
    expect(button(LABEL_PREVIOUS).classList.contains('disabled')).toBe(true);
    expect(button(LABEL_PREVIOUS).getAttribute('aria-disabled')).toBe('true');
    const changes: unknown[] = [];
    element.addEventListener(GALLERY_CHANGE_EVENT, (event) => changes.push((event as CustomEvent).detail));
    button(LABEL_NEXT).click();
    expect(instance.index).toBe(1);
    expect(changes).toEqual([{ index: 1, previous: 0 }]);
    expect(figures[1]!.inert).toBe(false);
    expect(button(LABEL_PREVIOUS).classList.contains('disabled')).toBe(false);
    await settle();
    instance.goTo(3);
    expect(button(LABEL_NEXT).classList.contains('disabled')).toBe(true);
    button(LABEL_NEXT).click();
    expect(instance.index).toBe(3);
    instance.destroy();
    expect(element.querySelector('button')).toBeNull();
    expect(element.hasAttribute('role')).toBe(false);
    expect(figures[1]!.inert).toBe(false);
  });

  it('leaves a captioned figure its role (ARIA in HTML allows it no other) and a slide its own role', async () => {
    const element = galleryElement({ design: 'slideshow' }, 2, '<figure data-slide-id="c" data-type="image"><img data-src="/i/c.jpg" alt="C"><figcaption>C</figcaption></figure><div data-slide-id="l" data-type="image" role="listitem"><img data-src="/i/l.jpg" alt="L"></div>');
    const instance = await mountGalleryBlock(element, { design: 'slideshow' }, page());
    const [plain, , captioned, own] = [...element.querySelectorAll<HTMLElement>('[data-slide-id]')];
    expect(plain!.getAttribute('role')).toBe('group');
    expect(captioned!.hasAttribute('role')).toBe(false);
    expect(captioned!.getAttribute('aria-roledescription')).toBe('slide');
    expect(captioned!.getAttribute('aria-label')).toBe('3 of 4');
    expect(own!.getAttribute('role')).toBe('listitem');
    expect(own!.hasAttribute('aria-roledescription')).toBe(false);
    instance.destroy();
    expect(own!.getAttribute('role')).toBe('listitem');
    expect(plain!.hasAttribute('role')).toBe(false);
    expect(captioned!.hasAttribute('aria-label')).toBe(false);
  });

  it('opens the lightbox from a captioned grid cell by its image (the figure may not be a button)', async () => {
    const element = galleryElement({ design: 'grid' }, 1, '<figure data-slide-id="c" data-type="image"><img data-src="/i/c.jpg" alt="C"><figcaption>C</figcaption></figure>');
    const instance = await mountGalleryBlock(element, { design: 'grid', lightbox: true }, page(['lightbox']));
    const [plain, captioned] = [...element.querySelectorAll<HTMLElement>('figure')];
    expect(plain!.getAttribute('role')).toBe('button');
    expect(plain!.getAttribute('aria-haspopup')).toBe('dialog');
    expect(captioned!.hasAttribute('role')).toBe(false);
    expect(captioned!.hasAttribute('tabindex')).toBe(false);
    const img = captioned!.querySelector('img')!;
    expect([img.getAttribute('role'), img.getAttribute('tabindex'), img.getAttribute('aria-haspopup'), img.getAttribute('alt')]).toEqual(['button', '0', 'dialog', 'C']);
    instance.destroy();
    expect(img.hasAttribute('role')).toBe(false);
    expect(img.hasAttribute('tabindex')).toBe(false);
  });

  it('a captioned grid cell whose image has alt="" or none names its image button by its alt, and gives the alt back on destroy', async () => {
    const element = galleryElement({ design: 'grid' }, 0, '<figure data-slide-id="e" data-type="image"><img data-src="/i/e.jpg" alt=""><figcaption>E</figcaption></figure><figure data-slide-id="n" data-type="image"><img data-src="/i/n.jpg"><figcaption>N</figcaption></figure>');
    const instance = await mountGalleryBlock(element, { design: 'grid', lightbox: true }, page(['lightbox']));
    const [empty, none] = [...element.querySelectorAll('img')];
    // ARIA in HTML: an img with alt="" may take no role, so the button's name is its alt.
    expect([empty!.getAttribute('role'), empty!.getAttribute('alt'), empty!.hasAttribute('aria-label')]).toEqual(['button', 'Image 1', false]);
    expect([none!.getAttribute('role'), none!.getAttribute('alt')]).toEqual(['button', 'Image 2']);
    instance.destroy();
    expect(empty!.getAttribute('alt')).toBe('');
    expect(none!.hasAttribute('alt')).toBe(false);
    expect(empty!.hasAttribute('role')).toBe(false);
  });

  it('autoplays with a pause control, pausing on hover, focus, a playing video and the visitor', async () => {
    vi.useFakeTimers();
    const element = galleryElement({ design: 'slideshow', autoplay: true, 'autoplay-duration': 2 });
    const instance = (await mountGalleryBlock(element, { design: 'slideshow', autoplay: true, 'autoplay-duration': 2 }, page())) as unknown as {
      index: number;
      destroy(): void;
    };
    expect(button(LABEL_PAUSE)).not.toBeNull();
    expect(element.getAttribute('aria-live')).toBe('off');
    vi.advanceTimersByTime(2000);
    expect(instance.index).toBe(1);
    element.dispatchEvent(new Event('pointerenter'));
    vi.advanceTimersByTime(6000);
    expect(instance.index).toBe(1);
    element.dispatchEvent(new Event('pointerleave'));
    vi.advanceTimersByTime(2000);
    expect(instance.index).toBe(2);
    element.querySelector('figure')!.dispatchEvent(new CustomEvent(MEDIA_PLAY_EVENT, { bubbles: true }));
    vi.advanceTimersByTime(6000);
    expect(instance.index).toBe(2);
    element.querySelector('figure')!.dispatchEvent(new CustomEvent(MEDIA_PAUSE_EVENT, { bubbles: true }));
    button(LABEL_PAUSE).click();
    expect(element.getAttribute('aria-live')).toBe('polite');
    vi.advanceTimersByTime(6000);
    expect(instance.index).toBe(2);
    button(LABEL_PLAY).click();
    vi.advanceTimersByTime(2000);
    expect(instance.index).toBe(3);
    instance.destroy();
  });

  it('stays still under nomotion=true', async () => {
    vi.useFakeTimers();
    history.replaceState(null, '', '/gallery?nomotion=true');
    const element = galleryElement({ design: 'slideshow', autoplay: true });
    const instance = (await mountGalleryBlock(element, { design: 'slideshow', autoplay: true }, page())) as unknown as { index: number; destroy(): void };
    vi.advanceTimersByTime(20000);
    expect(instance.index).toBe(0);
    expect(document.querySelector(`button[aria-label="${LABEL_PAUSE}"]`)).toBeNull();
    instance.destroy();
    history.replaceState(null, '', '/');
  });

  it('selects the slide named by itemId and writes the current one back', async () => {
    history.replaceState(null, '', '/gallery?itemId=photo-2');
    const element = galleryElement({ design: 'slideshow', historyHash: true });
    const instance = (await mountGalleryBlock(element, { design: 'slideshow', historyHash: true }, page())) as unknown as {
      index: number;
      next(): boolean;
      destroy(): void;
    };
    expect(instance.index).toBe(2);
    instance.next();
    expect(location.search).toBe('?itemId=photo-3');
    instance.destroy();
    history.replaceState(null, '', '/');
  });

  it('tells a video slide to step back when another slide becomes current', async () => {
    const element = galleryElement({ design: 'slideshow' }, 1, '<figure data-slide-id="v" data-type="video"><a href="https://example.test/v">Watch</a></figure>');
    const instance = (await mountGalleryBlock(element, { design: 'slideshow' }, page())) as unknown as { goTo(i: number): boolean; destroy(): void };
    const video = element.querySelector<HTMLElement>('[data-type="video"]')!;
    const deactivated = vi.fn();
    video.addEventListener(MEDIA_DEACTIVATE_EVENT, deactivated);
    instance.goTo(1);
    await settle();
    instance.goTo(0);
    expect(deactivated).toHaveBeenCalledTimes(1);
    instance.destroy();
  });

  it('adds a linked thumbnail strip that keeps the same index', async () => {
    vi.useFakeTimers();
    const element = galleryElement({ design: 'slideshow', thumbnails: true });
    const instance = (await mountGalleryBlock(element, { design: 'slideshow', thumbnails: true }, page())) as unknown as {
      index: number;
      goTo(i: number): boolean;
      thumbnails: { index: number };
      destroy(): void;
    };
    const strip = element.nextElementSibling as HTMLElement;
    expect(strip.classList.contains('tg-thumbnails')).toBe(true);
    expect(strip.getAttribute('data-gallery-design')).toBe('strip');
    // The thumbnails are the strip's navigation: it gets no previous/next buttons of its own.
    expect(element.querySelectorAll('.tg-controls .tg-control')).toHaveLength(2);
    expect(strip.querySelector('.tg-controls, .tg-control')).toBeNull();
    instance.goTo(2);
    expect(instance.thumbnails.index).toBe(2);
    await vi.advanceTimersByTimeAsync(600);
    (strip.children[3] as HTMLElement).click();
    expect(instance.index).toBe(3);
    instance.destroy();
    expect(element.nextElementSibling).toBeNull();
  });
});

describe('layout designs', () => {
  it('set their design and custom properties, and clean up', async () => {
    const element = galleryElement({ design: 'grid' });
    const instance = await mountGalleryBlock(element, { design: 'grid', 'thumbnails-per-row': 3, padding: 8, 'square-thumbs': false, imageAspectRatio: '4:3' }, page());
    expect(element.getAttribute('data-gallery-design')).toBe('grid');
    expect(element.style.getPropertyValue('--tg-per-row')).toBe('3');
    expect(element.style.getPropertyValue('--tg-padding')).toBe('8px');
    expect(Number(element.style.getPropertyValue('--tg-cell-ratio'))).toBeCloseTo(4 / 3);
    expect(element.querySelector('button')).toBeNull();
    instance.destroy();
    expect(element.style.getPropertyValue('--tg-per-row')).toBe('');
  });

  it('autorows gives each slide its aspect ratio; an unknown page design is base', async () => {
    const element = galleryElement({ design: 'autorows' });
    const instance = await mountGalleryBlock(element, { design: 'autorows' }, page());
    expect(element.querySelector<HTMLElement>('figure')!.style.getPropertyValue('--tg-ar')).toBe('1.5');
    instance.destroy();
    const other = galleryElement({ design: 'mosaic' });
    const base = await mountGalleryBlock(other, { design: 'mosaic' }, page());
    expect(other.getAttribute('data-gallery-design')).toBe('base');
    base.destroy();
  });
});

describe('gallery core errors', () => {
  it('throws when its container is missing', async () => {
    const { mountGallery, GALLERY_CONTAINER_MISSING } = await import('../../../src/blocks/gallery/gallery');
    const { galleryOptions } = await import('../../../src/blocks/gallery/options');
    await expect(mountGallery(null, galleryOptions({}), { motionAllowed: true, label: 'Gallery' })).rejects.toThrow(GALLERY_CONTAINER_MISSING);
  });
});
