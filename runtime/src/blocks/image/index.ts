/**
 * The image block (spec part 2 §3 Image settings): a responsive, lazy `<img data-src>` with a
 * focal point and crop mode. The image keeps its width and height, so nothing shifts.
 */
import type { BlockModule } from '../../core/types';
import { LIGHTBOX_TIER_WARNING, lightboxAvailable } from '../../context/features';
import { listen, type Teardown } from '../../platform/events';
import { isActivation } from '../../platform/keys';
import { texts } from '../../platform/strings';
import { watchWidth } from '../../platform/size';
import { ImageLoader, aspectRatio, cropModeOf, dimensionsOf } from '../../ui/responsive-images';

/** Part 1 §9: an image block is narrow under 415 px. */
export const IMAGE_NARROW_PX = 415;
export const NARROW_CLASS = 'is-narrow';
/** The block's words (platform/strings.ts): an image with neither alt nor caption. */
export const imageWords = texts('image', { alt: 'Image' });

const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : undefined);

/** A click, Enter or Space on the image opens it large (the lightbox chunk loads on demand). */
function lightboxOn(element: HTMLElement, img: HTMLImageElement, config: Record<string, unknown>): Teardown {
  const caption = element.querySelector('figcaption')?.textContent?.trim() || undefined;
  const alt = img.getAttribute('alt');
  img.tabIndex = 0;
  img.setAttribute('role', 'button');
  img.setAttribute('aria-haspopup', 'dialog');
  // The button is named by its alt, and an img with alt="" may take no role (ARIA in HTML).
  if (!alt) img.alt = caption || imageWords().alt;
  const open = (event: Event) => {
    event.preventDefault();
    const dims = dimensionsOf(img.dataset.imageDimensions);
    void import('../../ui/lightbox/index')
      .then(({ openLightbox }) =>
        openLightbox({
          items: [{ src: img.dataset.src ?? img.src, width: dims?.width, height: dims?.height, alt: alt ?? '', caption }],
          title: typeof config.title === 'string' ? config.title : undefined,
          theme: config.lightboxTheme === 'light' ? 'light' : 'dark',
          opener: img,
        }),
      )
      .catch((error: unknown) => console.error('The lightbox could not open', error));
  };
  const stops = [
    listen(img, 'click', open),
    listen(img, 'keydown', (event: KeyboardEvent) => {
      if (isActivation(event)) open(event);
    }),
  ];
  return () => {
    stops.forEach((stop) => stop());
    for (const name of ['tabindex', 'role', 'aria-haspopup']) img.removeAttribute(name);
    if (alt === null) img.removeAttribute('alt');
    else img.alt = alt;
  };
}

const image: BlockModule = {
  // Defaults for the markup it makes, shared with the other blocks that have no stylesheet of their own.
  stylesheet: 'blocks.css',
  mount(element, { config, page }) {
    const img = element.matches('img') ? (element as HTMLImageElement) : element.querySelector('img');
    if (!img) throw new Error('Loader2 not found');
    if (!img.dataset.src && element.dataset.src) img.dataset.src = element.dataset.src;
    const loader = new ImageLoader(config.lazy !== false);
    const focal = (config.focalPoint ?? {}) as { x?: unknown; y?: unknown };
    const ratio = aspectRatio(config.aspectRatio);
    // A crop needs a box of its own shape; without a ratio the image keeps its own.
    if (ratio) img.style.aspectRatio = String(ratio);
    void loader.add(img, {
      crop: ratio ? cropModeOf(config.mode ?? 'fill') : 'none',
      focalX: num(focal.x),
      focalY: num(focal.y),
      fitAlignment: typeof config.fitAlignment === 'string' ? config.fitAlignment : undefined,
      sizeFormat: config.sizeFormat === 'filename' ? 'filename' : 'query',
    });
    const teardowns: Teardown[] = [watchWidth(element, (width) => element.classList.toggle(NARROW_CLASS, width < IMAGE_NARROW_PX))];
    if (config.lightbox === true && !lightboxAvailable(page)) console.warn(LIGHTBOX_TIER_WARNING);
    else if (config.lightbox === true) teardowns.push(lightboxOn(element, img, config));
    return {
      loader,
      destroy() {
        teardowns.forEach((teardown) => teardown());
        loader.destroy();
        element.classList.remove(NARROW_CLASS);
      },
    };
  },
};
export default image;
