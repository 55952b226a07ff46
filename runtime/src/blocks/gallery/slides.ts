/**
 * Slides are the gallery block's child elements with the slide attributes of spec part 2 §3
 * (CONTRACT §3): the images exist in the HTML before any script runs.
 */
import { dimensionsOf } from '../../ui/responsive-images';

export interface Slide {
  element: HTMLElement;
  type: 'image' | 'video';
  id: string | null;
  url: string | null;
  clickThroughUrl: string | null;
  collectionFullUrl: string | null;
  img: HTMLImageElement | null;
  /** Width / height from data-image-dimensions (or the img's attributes), else null. */
  ratio: number | null;
}

/** A figure with a caption may take no role but its own (ARIA in HTML): not group, not button. */
export const keepsOwnRole = (element: Element): boolean => element.matches('figure') && !!element.querySelector('figcaption');

export const SLIDE_SELECTOR = ':scope > [data-slide-id], :scope > [data-type], :scope > figure, :scope > .slide';

export function readSlides(container: HTMLElement): Slide[] {
  return Array.from(container.querySelectorAll<HTMLElement>(SLIDE_SELECTOR)).map((element) => {
    const img = element.matches('img') ? (element as HTMLImageElement) : element.querySelector('img');
    const dims =
      dimensionsOf(element.dataset.imageDimensions ?? img?.dataset.imageDimensions) ??
      (img && Number(img.getAttribute('width')) > 0 && Number(img.getAttribute('height')) > 0
        ? { width: Number(img.getAttribute('width')), height: Number(img.getAttribute('height')) }
        : null);
    // The slide carries data-src for its image; the loader reads it from the img.
    if (img && !img.dataset.src && element.dataset.src) img.dataset.src = element.dataset.src;
    if (img && dims && !img.dataset.imageDimensions) img.dataset.imageDimensions = `${dims.width}x${dims.height}`;
    return {
      element,
      type: element.dataset.type === 'video' ? 'video' : 'image',
      id: element.dataset.slideId || null,
      url: element.dataset.slideUrl || null,
      clickThroughUrl: element.dataset.clickThroughUrl || null,
      collectionFullUrl: element.dataset.collectionFullUrl || null,
      img,
      ratio: dims ? dims.width / dims.height : null,
    };
  });
}

/**
 * A click-through URL is owner-authored, but still only followed when it is http(s), a path
 * or a fragment: never `javascript:` or `data:`.
 */
export function safeClickThrough(value: string | null, base: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
