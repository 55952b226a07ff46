/**
 * Puts a gallery together: slides, core, design, image loader, and for the designs that move
 * the controls, keyboard, swipe, autoplay and history hash. Everything comes with teardown.
 */
import { fill } from '../../platform/strings';
import { galleryWords } from './words';
import { dispatch, type Teardown } from '../../platform/events';
import { MEDIA_ACTIVATE_EVENT, MEDIA_DEACTIVATE_EVENT } from '../../platform/media-events';
import { prefersReducedMotion } from '../../platform/motion';
import { watchNearViewport } from '../../platform/viewport';
import { ImageLoader, LAZY_MARGIN_PX } from '../../ui/responsive-images';
import { Gallery, type GalleryEventMap } from './core';
import { loadDesign, MOVING_DESIGNS } from './designs/index';
import type { Design } from './designs/types';
import { inConfigFrame, itemIdFrom, slideIndexFor, writeItemId } from './history';
import type { GalleryOptions } from './options';
import { keepsOwnRole, readSlides } from './slides';

/** Fired on the block element after each change of slide: `{ index, previous }`. */
export const GALLERY_CHANGE_EVENT = 'gallery:change';
export const GALLERY_CONTAINER_MISSING = 'Gallery needs a container element.';
export const LOADER_MISSING = 'Loader2 not found';
export const VIDEO_LOADER_MISSING = 'VideoLoader not found';

export interface GalleryInstance {
  readonly index: number;
  readonly count: number;
  readonly gallery: Gallery;
  next(): boolean;
  previous(): boolean;
  goTo(index: number): boolean;
  on<K extends keyof GalleryEventMap>(type: K, handler: (event: { detail: GalleryEventMap[K] }) => void): Teardown;
  destroy(): void;
  [member: string]: unknown;
}

export interface MountOptions {
  /** The autoplay switch is off for `nomotion=true` and reduced motion. */
  motionAllowed: boolean;
  label: string;
  /** An existing loader to share (thumbnail strips share their main gallery's). */
  loader?: ImageLoader;
}

export async function mountGallery(container: HTMLElement | null, options: GalleryOptions, mount: MountOptions): Promise<GalleryInstance> {
  if (!container) throw new Error(GALLERY_CONTAINER_MISSING);
  const slides = readSlides(container);
  for (const slide of slides) {
    if (slide.type === 'image' && !slide.img) console.warn(LOADER_MISSING, slide.element);
    if (slide.type === 'video' && !slide.element.querySelector('[data-block-type="video"], video, iframe, a')) console.warn(VIDEO_LOADER_MISSING, slide.element);
  }
  const [factory, nav] = await Promise.all([
    loadDesign(options.design),
    MOVING_DESIGNS.has(options.design) ? import('./navigation') : null,
  ]);
  const gallery = new Gallery(slides, options.loop);
  const loader = mount.loader ?? new ImageLoader(options.lazyLoad, true);
  const ownsLoader = !mount.loader;
  const design: Design = factory({ container, gallery, options, loader });
  gallery.design = design;
  const teardowns: Teardown[] = [];

  const historyOn = options.historyHash && design.navigates && !inConfigFrame();
  let start = options.currentIndex;
  if (historyOn) {
    const found = slideIndexFor(slides, itemIdFrom(location));
    if (found >= 0) start = found;
  }
  gallery.setInitial(start);
  design.show?.(gallery.index, gallery.index, 'forward', true);

  // Neighbours preload once the gallery is near the viewport: a page of slideshows would
  // otherwise fetch every gallery's next slides at load, far below the fold too.
  let near = !options.lazyLoad;
  const preloadAround = (index: number) => {
    if (!near) return;
    for (let d = -options.preloadCount; d <= options.preloadCount; d++) {
      const img = slides[(index + d + slides.length) % Math.max(1, slides.length)]?.img;
      if (img) loader.preload(img);
    }
  };
  for (const slide of slides) if (slide.img) void loader.add(slide.img, { crop: design.navigates ? 'cover' : 'none' });

  /** The slides this gallery named (not those that came with a role of their own). */
  const labelled: HTMLElement[] = [];
  const words = galleryWords();
  if (design.navigates) {
    container.setAttribute('role', 'region');
    container.setAttribute('aria-roledescription', words.carousel);
    if (!container.hasAttribute('aria-label')) container.setAttribute('aria-label', mount.label);
    slides.forEach(({ element }, i) => {
      // Slides that are already something (the thumbnail buttons) keep what they are.
      if (element.hasAttribute('role')) return;
      labelled.push(element);
      // A captioned figure stays a figure, named as a slide all the same.
      if (!keepsOwnRole(element)) element.setAttribute('role', 'group');
      element.setAttribute('aria-roledescription', words.slide);
      element.setAttribute('aria-label', fill(words.slideOf, { n: i + 1, count: slides.length }));
    });
    preloadAround(gallery.index);
  }
  // Its images are watched for the viewport one by one (and a moving design's neighbours
  // preloaded) once the gallery is near it: until then the gallery alone is.
  if (near) loader.release();
  else
    teardowns.push(
      watchNearViewport(container, LAZY_MARGIN_PX, (isNear) => {
        if (!isNear || near) return;
        near = true;
        loader.release();
        if (design.navigates) preloadAround(gallery.index);
      }),
    );

  const navigation = nav?.startNavigation(container, gallery, design, options, mount.motionAllowed) ?? null;

  teardowns.push(
    gallery.on('change', ({ detail }) => {
      const left = slides[detail.previous];
      const entered = slides[detail.index];
      if (left?.type === 'video') {
        left.element.querySelectorAll('video').forEach((video) => video.pause());
        dispatch(left.element, MEDIA_DEACTIVATE_EVENT);
      }
      if (entered?.type === 'video') dispatch(entered.element, MEDIA_ACTIVATE_EVENT);
      if (historyOn && entered) writeItemId(entered);
      if (design.navigates) preloadAround(detail.index);
      navigation?.changed();
      dispatch(container, GALLERY_CHANGE_EVENT, { index: detail.index, previous: detail.previous });
    }),
  );

  const instance: GalleryInstance = {
    get index() {
      return gallery.index;
    },
    get count() {
      return gallery.count;
    },
    gallery,
    next: () => gallery.next(),
    previous: () => gallery.previous(),
    goTo: (index: number) => gallery.goTo(index),
    on: (type, handler) => gallery.on(type, handler),
    destroy() {
      navigation?.destroy();
      teardowns.forEach((teardown) => teardown());
      gallery.destroy();
      if (ownsLoader) loader.destroy();
      if (design.navigates) {
        for (const name of ['role', 'aria-roledescription', 'aria-live']) container.removeAttribute(name);
        for (const element of labelled) for (const name of ['role', 'aria-roledescription', 'aria-label']) element.removeAttribute(name);
      }
    },
  };
  return instance;
}

/** Part 2 §2: `nomotion=true` turns autoplay off, as does the visitor's reduced-motion wish. */
export function motionAllowed(search: string): boolean {
  return new URLSearchParams(search).get('nomotion') !== 'true' && !prefersReducedMotion();
}
