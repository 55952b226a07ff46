/**
 * The strip (page design "slider", part 2 §2, §4): slides in one row at one height, the
 * current slide aligned at the start, middle or end of the container. Slides are activated
 * by click, Enter or Space; those wholly outside the container cannot be tabbed to, and one
 * it cuts moves into view when tabbed to.
 */
import { isRightToLeft } from '../../../platform/direction';
import { isActivation } from '../../../platform/keys';
import { listen } from '../../../platform/events';
import { readThenWrite } from '../../../platform/dom-batch';
import { prefersReducedMotion } from '../../../platform/motion';
import { safeClickThrough } from '../slides';
import type { Alignment, ClickBehavior } from '../options';
import { markDesign, onResizeEnd, setVars, type Design, type DesignFactory } from './types';

/** Where the current slide sits: the offset (px) that aligns it in the container. */
export function stripOffset(alignment: Alignment, containerWidth: number, slideLeft: number, slideWidth: number): number {
  if (alignment === 'start') return -slideLeft;
  if (alignment === 'end') return containerWidth - (slideLeft + slideWidth);
  return containerWidth / 2 - (slideLeft + slideWidth / 2);
}

/** What clicking the current slide does (part 2 §4, default next); `auto` goes by the side (the left half is previous, or next right to left). */
export function activeClick(behavior: ClickBehavior, clickX: number, slideLeft: number, slideWidth: number, rightToLeft = false): 'next' | 'previous' | null {
  if (behavior === 'none') return null;
  if (behavior === 'auto') return clickX < slideLeft + slideWidth / 2 !== rightToLeft ? 'previous' : 'next';
  return behavior;
}

export const strip: DesignFactory = ({ container, gallery, options }) => {
  const vars: Record<string, string | number> = { '--tg-gutter': `${options.gutter}px`, '--tg-speed': `${options.speedS}s` };
  // Part 2 §9: without an aspect ratio a strip is vSize tall (10 by default), in vh.
  if (options.aspectRatio) vars['--tg-ratio'] = options.aspectRatio;
  else vars['--tg-vsize'] = `${options.vSize}vh`;
  const teardowns = [markDesign(container, 'strip'), setVars(container, vars)];
  gallery.slides.forEach((slide) => {
    teardowns.push(setVars(slide.element, { '--tg-ar': slide.ratio ?? 1.5 }));
    if (!slide.element.hasAttribute('tabindex')) {
      slide.element.tabIndex = 0;
      teardowns.push(() => slide.element.removeAttribute('tabindex'));
    }
  });
  let offset = 0;
  /** Set at the container's first size notice: until then there is nothing to measure. */
  let sized = false;
  let destroyed = false;

  /** Where the container and every slide are: read once, used by placing and by reach. */
  interface Measured {
    width: number;
    slides: Array<{ left: number; width: number }>;
    rightToLeft: boolean;
  }
  const measure = (): Measured => ({
    width: container.clientWidth,
    rightToLeft: isRightToLeft(container),
    slides: gallery.slides.map(({ element }) => ({ left: element.offsetLeft, width: element.offsetWidth })),
  });

  const place = (index: number, measured = measure()) => {
    const slide = measured.slides[index];
    if (!slide) return;
    const snap = options.snapPoints === 'none' ? undefined : options.snapPoints[0];
    // Measured from the start of the reading direction: right to left, from the right-hand end.
    const start = measured.rightToLeft ? measured.width - slide.left - slide.width : slide.left;
    // A snap point puts the same fraction of the slide and of the container on one line.
    const along = snap === undefined ? stripOffset(options.alignment, measured.width, start, slide.width) : measured.width * snap - (start + slide.width * snap);
    offset = measured.rightToLeft ? -along : along;
    container.style.setProperty('--tg-offset', `${offset}px`);
  };

  /** Slides wholly outside the container leave the tab order (and assistive tech). */
  const updateReach = (measured = measure()) => {
    gallery.slides.forEach(({ element }, i) => {
      const slide = measured.slides[i]!;
      const left = slide.left + offset;
      const outside = left + slide.width <= 0 || left >= measured.width;
      element.tabIndex = outside ? -1 : 0;
      element.inert = outside;
    });
  };

  /** Both from one measurement (the offset moves slides by transform: their layout stays). */
  const placeAndReach = (index: number, measured = measure()) => {
    place(index, measured);
    updateReach(measured);
  };

  const activate = (index: number, clickX: number) => {
    const slide = gallery.slides[index];
    if (!slide) return;
    const target = safeClickThrough(slide.clickThroughUrl, document.baseURI);
    if (target) {
      location.assign(target);
      return;
    }
    if (index !== gallery.index) {
      gallery.goTo(index);
      return;
    }
    const rect = slide.element.getBoundingClientRect();
    const action = activeClick(options.activeSlideClickBehavior, clickX, rect.left, rect.width, isRightToLeft(container));
    if (action === 'next') gallery.next();
    else if (action === 'previous') gallery.previous();
  };

  gallery.slides.forEach((slide, index) => {
    teardowns.push(
      listen(slide.element, 'click', (event: MouseEvent) => {
        // A link inside the slide keeps its own behaviour.
        if ((event.target as Element).closest('a')) return;
        activate(index, event.clientX);
      }),
      listen(slide.element, 'keydown', (event: KeyboardEvent) => {
        if (event.target !== slide.element || !isActivation(event)) return;
        event.preventDefault();
        const rect = slide.element.getBoundingClientRect();
        activate(index, rect.left + rect.width / 2);
      }),
      // Tabbed to while the container cuts it (half under the next button): the strip moves to
      // show it whole, as a scroller brings what takes focus into view, and the slides it
      // uncovers join the tab order. What is current stays, until Enter chooses. A click's focus
      // is left alone: the click itself moves the strip.
      listen(slide.element, 'focusin', (event: FocusEvent) => {
        if (!sized || !(event.target as Element).matches(':focus-visible')) return;
        const measured = measure();
        const { left, width } = measured.slides[index]!;
        if (left + offset < 0 || left + offset + width > measured.width) placeAndReach(index, measured);
      }),
    );
  });
  teardowns.push(
    // The first placing waits until the strip has been laid out (one a theme keeps unrendered
    // is not measured). At the observer's notice layout is fresh: the strip is measured there and
    // placed in the next frame, so no strip's write makes the next one's read force a layout of
    // a page still mounting. Without an observer, with the page's batch of layout reads.
    onResizeEnd(
      container,
      () => placeAndReach(gallery.index),
      (width) => {
        sized = true;
        const write = (measured: Measured) => !destroyed && placeAndReach(gallery.index, measured);
        if (width === undefined) readThenWrite(measure, write);
        else {
          const measured = measure();
          requestAnimationFrame(() => write(measured));
        }
      },
    ),
  );

  const design: Design = {
    navigates: true,
    show(to: number, _from: number, _direction, instant: boolean) {
      const from = offset;
      if (sized) place(to);
      gallery.slides.forEach(({ element }, i) => {
        element.classList.toggle('is-current', i === to);
        if (i === to) element.setAttribute('aria-current', 'true');
        else element.removeAttribute('aria-current');
      });
      const seconds = design.releaseSeconds ?? options.speedS;
      design.releaseSeconds = undefined;
      container.style.setProperty('--tg-speed', `${seconds}s`);
      // Already in place (focus brought the slide into view): nothing moves, nothing waits.
      const animated = !instant && !prefersReducedMotion() && seconds > 0 && offset !== from;
      container.classList.toggle('tg-animating', animated);
      if (!animated) {
        if (sized) updateReach();
        return;
      }
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          stop();
          container.classList.remove('tg-animating');
          updateReach();
          resolve();
        };
        const first = gallery.slides[0]?.element;
        const stop = first ? listen(first, 'transitionend', done) : () => undefined;
        // transitionend does not come for a strip the browser does not render (a hidden tab, display: none).
        const timer = setTimeout(done, seconds * 1000 + 50);
      });
    },
    drag(dx: number) {
      container.style.setProperty('--tg-offset', `${offset + dx}px`);
    },
    destroy() {
      destroyed = true;
      container.style.removeProperty('--tg-offset');
      container.classList.remove('tg-animating');
      for (const { element } of gallery.slides) {
        element.inert = false;
        element.classList.remove('is-current');
        element.removeAttribute('aria-current');
      }
      teardowns.forEach((teardown) => teardown());
    },
  };
  return design;
};
