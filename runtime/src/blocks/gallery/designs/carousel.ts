/**
 * The carousel (part 2 §4, §9): `slidesPerRow` slides in view, moved by a group; under 480 px
 * at most 2 per row, under 724 px at most 3; regrouped when the width settles (100 ms).
 */
import { prefersReducedMotion } from '../../../platform/motion';
import { markDesign, onResizeEnd, setVars, type Design, type DesignFactory } from './types';

export const CAROUSEL_NARROW_PX = 480;
export const CAROUSEL_NARROW_MAX = 2;
export const CAROUSEL_MEDIUM_PX = 724;
export const CAROUSEL_MEDIUM_MAX = 3;

export function carouselPerRow(viewportWidth: number, slidesPerRow: number): number {
  if (viewportWidth < CAROUSEL_NARROW_PX) return Math.min(CAROUSEL_NARROW_MAX, slidesPerRow);
  if (viewportWidth < CAROUSEL_MEDIUM_PX) return Math.min(CAROUSEL_MEDIUM_MAX, slidesPerRow);
  return slidesPerRow;
}

export const carousel: DesignFactory = ({ container, gallery, options }) => {
  // Part 2 §4: the first and last groups disable the controls, so a carousel does not loop.
  gallery.loop = false;
  let perRow = carouselPerRow(innerWidth, options.slidesPerRow);
  const teardowns = [
    markDesign(container, 'carousel'),
    setVars(container, { '--tg-gutter': `${options.gutter}px`, '--tg-speed': `${options.speedS}s`, '--tg-cell-ratio': options.aspectRatio ?? 1 }),
  ];

  const apply = (index: number) => {
    container.style.setProperty('--tg-per-row', String(perRow));
    container.style.setProperty('--tg-index', String(index));
    gallery.slides.forEach(({ element }, i) => {
      const visible = i >= index && i < index + perRow;
      element.inert = !visible;
      if (visible) element.removeAttribute('aria-hidden');
      else element.setAttribute('aria-hidden', 'true');
    });
  };

  teardowns.push(
    onResizeEnd(container, () => {
      perRow = carouselPerRow(innerWidth, options.slidesPerRow);
      const last = Math.max(0, gallery.count - perRow);
      if (gallery.index > last) gallery.goTo(last, { instant: true });
      else apply(gallery.index);
      gallery.emit('layout', {});
    }),
  );

  const design: Design = {
    navigates: true,
    step: () => perRow,
    lastIndex: () => Math.max(0, gallery.count - perRow),
    show(to: number, _from: number, _direction, instant: boolean) {
      apply(to);
      const seconds = design.releaseSeconds ?? options.speedS;
      design.releaseSeconds = undefined;
      container.style.setProperty('--tg-speed', `${seconds}s`);
      if (instant || prefersReducedMotion()) return;
      return new Promise<void>((resolve) => setTimeout(resolve, seconds * 1000));
    },
    destroy() {
      for (const name of ['--tg-per-row', '--tg-index']) container.style.removeProperty(name);
      for (const { element } of gallery.slides) {
        element.inert = false;
        element.removeAttribute('aria-hidden');
      }
      teardowns.forEach((teardown) => teardown());
    },
  };
  return design;
};
