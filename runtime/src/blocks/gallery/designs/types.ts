import type { ImageLoader } from '../../../ui/responsive-images';
import type { Gallery, GalleryDesign } from '../core';
import type { GalleryOptions } from '../options';

export interface DesignContext {
  container: HTMLElement;
  gallery: Gallery;
  options: GalleryOptions;
  loader: ImageLoader;
}

export interface Design extends GalleryDesign {
  /** Designs that show one slide (or group) at a time get controls, keys, swipe, autoplay. */
  readonly navigates: boolean;
  /** Follows a finger drag (px), where the design moves with it. */
  drag?(dx: number): void;
  /** The next move's duration after a swipe (the finger's speed), used once. */
  releaseSeconds?: number;
}

export type DesignFactory = (context: DesignContext) => Design;

/** Sets CSS custom properties and answers the teardown that removes them. */
export function setVars(element: HTMLElement, vars: Record<string, string | number>): () => void {
  for (const [name, value] of Object.entries(vars)) element.style.setProperty(name, String(value));
  return () => {
    for (const name of Object.keys(vars)) element.style.removeProperty(name);
  };
}

/** Marks the design on the container so that gallery.css can lay it out. */
export function markDesign(container: HTMLElement, name: string): () => void {
  const authored = container.getAttribute('data-gallery-design');
  container.setAttribute('data-gallery-design', name);
  return () => {
    if (authored === null) container.removeAttribute('data-gallery-design');
    else container.setAttribute('data-gallery-design', authored);
  };
}

/**
 * Runs `fn` with the content width when the container's width settles (part 2 §9: resize end
 * after 100 ms quiet), and `sized` once, with it, at the observer's first notice: the container
 * has been laid out. Measuring before that would force a layout per gallery while a page of
 * them mounts, and lay out galleries a theme keeps unrendered off screen
 * (`content-visibility: auto`). Without a ResizeObserver, `sized` runs now, with no width.
 */
export const RESIZE_END_MS = 100;
export function onResizeEnd(element: HTMLElement, fn: (width: number) => void, sized?: (width?: number) => void): () => void {
  if (typeof ResizeObserver !== 'function') {
    sized?.();
    return () => undefined;
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastWidth: number | undefined;
  const observer = new ResizeObserver((entries) => {
    const width = entries[entries.length - 1]!.contentRect.width;
    const first = lastWidth === undefined;
    if (width === lastWidth) return;
    lastWidth = width;
    if (first) return sized?.(width);
    clearTimeout(timer);
    timer = setTimeout(fn, RESIZE_END_MS, width);
  });
  observer.observe(element);
  return () => {
    clearTimeout(timer);
    observer.disconnect();
  };
}
