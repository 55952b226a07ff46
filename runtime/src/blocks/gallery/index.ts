/**
 * The gallery block (spec part 2 §2–5, §9; CONTRACT §3): reads its JSON, maps the page design
 * name to a core design, and mounts the gallery with an optional linked thumbnail strip.
 */
import { fill } from '../../platform/strings';
import { galleryWords } from './words';
import type { BlockInstance, BlockModule } from '../../core/types';
import type { PageContext } from '../../../../contract/context/types';
import { LIGHTBOX_TIER_WARNING, lightboxAvailable } from '../../context/features';

export { LIGHTBOX_TIER_WARNING };
import { mountGallery, motionAllowed, type GalleryInstance } from './gallery';
import { galleryOptions, type GalleryOptions } from './options';
import { SLIDE_SELECTOR } from './slides';
import { attachLightbox } from './open-lightbox';
import { dimensionsOf } from '../../ui/responsive-images';

export const GALLERY_STYLESHEET = 'gallery.css';
export const DECODE_ERROR = 'Error decoding gallery block data.';
export const EVALUATE_ERROR = 'Error evaluating gallery block data.';
/** Part 2 §9: a video thumbnail is 16:9 of its height. */
export const VIDEO_THUMBNAIL_RATIO = 16 / 9;

/**
 * Part 2 §2: the block's JSON is its own data attribute, else the nearest ancestor's block
 * data. JSON that does not parse is a decoding error; JSON that is not an object cannot be
 * evaluated as settings. Either way the block stays uninitialised.
 */
export function readGalleryConfig(element: Element): Record<string, unknown> {
  const holder = element.hasAttribute('data-block-json') ? element : element.parentElement?.closest('[data-block-json]');
  const raw = holder?.getAttribute('data-block-json');
  if (raw === null || raw === undefined || raw.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    throw new SyntaxError(DECODE_ERROR, { cause: error });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new TypeError(EVALUATE_ERROR);
  return parsed as Record<string, unknown>;
}

/** Builds the thumbnail strip under a slideshow: one small image per slide. */
function thumbnailStrip(main: HTMLElement, options: GalleryOptions): HTMLElement {
  const strip = document.createElement('div');
  strip.className = 'tg-thumbnails';
  const words = galleryWords();
  strip.setAttribute('aria-label', words.thumbnails);
  strip.style.setProperty('--tg-thumbnail-height', `${options.thumbnailStripHeight}px`);
  strip.style.setProperty('--tg-thumbnail-margin', `${options.thumbnailStripMargin}px`);
  main.querySelectorAll<HTMLElement>(SLIDE_SELECTOR).forEach((slide, i) => {
    const thumb = document.createElement('div');
    thumb.className = 'slide tg-thumbnail';
    thumb.setAttribute('aria-label', fill(words.showSlide, { n: i + 1 }));
    thumb.setAttribute('role', 'button');
    const source = slide.querySelector('img');
    const img = document.createElement('img');
    img.alt = '';
    const src = source?.dataset.src ?? slide.dataset.src ?? source?.getAttribute('src');
    if (src) img.dataset.src = src.replace(/[?&]format=\d+w/, '');
    const dims = dimensionsOf(source?.dataset.imageDimensions ?? slide.dataset.imageDimensions);
    const ratio = slide.dataset.type === 'video' ? VIDEO_THUMBNAIL_RATIO : dims ? dims.width / dims.height : 1.5;
    img.dataset.imageDimensions = dims ? `${dims.width}x${dims.height}` : `${Math.round(ratio * 100)}x100`;
    thumb.dataset.imageDimensions = `${Math.round(ratio * 1000)}x1000`;
    thumb.append(img);
    strip.append(thumb);
  });
  // The strip fills the space gallery.css held for it until the slideshow was laid out, in this
  // same task (no layout shift).
  main.after(strip);
  return strip;
}

export async function mountGalleryBlock(element: HTMLElement, raw: Record<string, unknown>, page: Readonly<PageContext>): Promise<BlockInstance> {
  const options = galleryOptions(raw);
  if (options.lightbox && !lightboxAvailable(page)) {
    console.warn(LIGHTBOX_TIER_WARNING);
    options.lightbox = false;
  }
  // With a lightbox, clicking the strip's current slide opens it instead of moving on.
  if (options.lightbox && options.design === 'strip') options.activeSlideClickBehavior = 'none';
  const label = typeof raw.title === 'string' && raw.title ? raw.title : galleryWords().label;
  const main = await mountGallery(element, options, { motionAllowed: motionAllowed(location.search), label });
  let thumbs: GalleryInstance | null = null;
  let strip: HTMLElement | null = null;
  if (options.design === 'stacked' && options.thumbnails && main.count > 1) {
    strip = thumbnailStrip(element, options);
    thumbs = await mountGallery(
      strip,
      { ...options, design: 'strip', controls: false, aspectRatio: null, autoplay: false, keyboard: false, historyHash: false, gutter: 4, activeSlideClickBehavior: 'none', speedS: 0.5, alignment: 'middle', currentIndex: main.index },
      { motionAllowed: false, label: galleryWords().thumbnails },
    );
    main.gallery.link(thumbs.gallery);
    // The strip's own clicks select: the main gallery follows through the link.
  }
  element.toggleAttribute('data-gallery-lightbox', options.lightbox);
  // The opener is part of this chunk (no second round trip before a lightbox gallery is
  // ready); the lightbox itself loads on the first hover or focus of a slide.
  const detachLightbox = options.lightbox ? attachLightbox(main.gallery, options, label) : null;
  return {
    get index() {
      return main.index;
    },
    get count() {
      return main.count;
    },
    /** True while it (or its thumbnail strip) is moving: index changes wait. */
    get inMotion() {
      return main.gallery.busy();
    },
    design: options.design,
    next: main.next,
    previous: main.previous,
    goTo: main.goTo,
    on: main.on,
    thumbnails: thumbs,
    destroy() {
      detachLightbox?.();
      thumbs?.destroy();
      strip?.remove();
      main.destroy();
      element.removeAttribute('data-gallery-lightbox');
    },
  };
}

const gallery: BlockModule = {
  stylesheet: GALLERY_STYLESHEET,
  readConfig: readGalleryConfig,
  mount: (element, { config, page }) => mountGalleryBlock(element, config, page),
};
export default gallery;
