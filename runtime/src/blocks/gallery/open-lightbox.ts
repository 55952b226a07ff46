/**
 * Opens the lightbox from a gallery's slides (click, Enter, Space) and from an `itemId` in
 * the address. The lightbox chunk is fetched when the pointer or focus reaches a slide, so
 * it is usually there by the time of the click (PhotoSwipe's habit).
 */
import { fill } from '../../platform/strings';
import { galleryWords } from './words';
import { listen, type Teardown } from '../../platform/events';
import { isActivation } from '../../platform/keys';
import type { LightboxItem } from '../../ui/lightbox/index';
import { dimensionsOf } from '../../ui/responsive-images';
import type { Gallery } from './core';
import { itemIdFrom, slideIndexFor } from './history';
import { keepsOwnRole } from './slides';
import type { GalleryOptions } from './options';

const loadLightbox = () => import('../../ui/lightbox/index');

export const OPENER_CLASS = 'tg-opener';

export function lightboxItems(gallery: Gallery): LightboxItem[] {
  return gallery.slides.map((slide) => {
    const img = slide.img;
    const dims = dimensionsOf(img?.dataset.imageDimensions);
    return {
      src: img?.dataset.src ?? img?.getAttribute('src') ?? '',
      width: dims?.width,
      height: dims?.height,
      alt: img?.alt ?? '',
      caption: slide.element.querySelector('figcaption')?.textContent?.trim() || undefined,
      id: slide.id,
      url: slide.url,
    };
  });
}

export function attachLightbox(gallery: Gallery, options: GalleryOptions, title: string): Teardown {
  const items = lightboxItems(gallery);
  const teardowns: Teardown[] = [];
  const moving = options.design === 'stacked' || options.design === 'strip' || options.design === 'carousel';

  // What takes focus and opens, per slide: closed on another slide than it opened on, the
  // lightbox gives focus to that slide's (the one now current in a moving design).
  const focusables: HTMLElement[] = [];
  const open = (index: number, opener: HTMLElement | null) =>
    loadLightbox()
      .then(({ openLightbox }) =>
        openLightbox({
          items,
          index,
          title,
          theme: options.lightboxTheme,
          opener,
          returnFocus: (i) => focusables[i],
          // The lightbox's own history entry carries the current slide (part 2 §2).
          historyHash: true,
          // A moving gallery follows the lightbox, so closing it leaves the visitor there.
          onChange: moving ? (i) => gallery.goTo(i, { instant: true }) : undefined,
        }),
      )
      .catch((error: unknown) => console.error('The lightbox could not open', error));

  // A slideshow's and a carousel's slides are groups ("1 of 5", the carousel pattern): each
  // image slide gets a button of its own, over the image and named by its alt. The strip's
  // slides are its controls already (a press selects, or opens the current one).
  const buttons = moving && options.design !== 'strip';

  gallery.slides.forEach((slide, index) => {
    const img = slide.img;
    if (!img) return;
    const element = slide.element;
    // What takes focus and opens: that button, the slide, or in a still design the image of a
    // captioned figure (which may not be a button itself). Clicks anywhere on the slide open.
    let focusable: HTMLElement = !moving && keepsOwnRole(element) ? img : element;
    // (A slide that is itself an img cannot hold one: it stays the opener.)
    const ownButton = buttons && element !== img;
    if (ownButton) {
      const button = (focusable = document.createElement('button'));
      button.type = 'button';
      button.className = OPENER_CLASS;
      button.setAttribute('aria-haspopup', 'dialog');
      button.setAttribute('aria-label', img.alt || fill(galleryWords().image, { n: index + 1 }));
      // Under the caption (its links stay reachable), over the image.
      element.insertBefore(button, element.querySelector(':scope > figcaption'));
      teardowns.push(() => button.remove());
    }
    focusables[index] = focusable;
    // A theme's own value stays; an empty one is replaced, and given back on destroy.
    const previous: [string, string | null][] = [];
    const set = (name: string, value: string) => {
      const old = focusable.getAttribute(name);
      if (old) return;
      focusable.setAttribute(name, value);
      previous.push([name, old]);
    };
    if (!ownButton) {
      set('tabindex', '0');
      set('aria-haspopup', 'dialog');
    }
    if (!moving) {
      set('role', 'button');
      // An image button is named by its alt: one with alt="" may take no role (ARIA in HTML).
      set(focusable === img ? 'alt' : 'aria-label', img.alt || fill(galleryWords().image, { n: index + 1 }));
    }
    // The strip's other slides are selected by a click; only the current one opens.
    const opens = () => options.design !== 'strip' || gallery.index === index;
    teardowns.push(
      () => previous.forEach(([name, old]) => (old === null ? focusable.removeAttribute(name) : focusable.setAttribute(name, old))),
      listen(element, 'pointerenter', () => void loadLightbox(), { once: true }),
      listen(focusable, 'focus', () => void loadLightbox(), { once: true }),
      listen(element, 'click', (event: MouseEvent) => {
        const control = (event.target as Element).closest('a, button');
        if ((control && control !== focusable) || !opens()) return;
        event.preventDefault();
        void open(index, focusable);
      }),
    );
    // A button opens on Enter and Space by itself (as a click).
    if (!ownButton)
      teardowns.push(
        listen(focusable, 'keydown', (event: KeyboardEvent) => {
          if (event.target !== focusable || !isActivation(event) || !opens()) return;
          event.preventDefault();
          void open(index, focusable);
        }),
      );
  });

  const fromAddress = slideIndexFor(gallery.slides, itemIdFrom(location));
  if (fromAddress >= 0) void open(fromAddress, gallery.slides[fromAddress]!.element);
  return () => teardowns.forEach((teardown) => teardown());
}
