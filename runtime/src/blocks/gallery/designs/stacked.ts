/**
 * The stacked slideshow (part 2 §2): slides stacked in one frame, one showing at a time, moved
 * with the transitions fade, ken-burns zoom, new swipe, horizontal scroll and swipe.
 */
import { isRightToLeft } from '../../../platform/direction';
import { prefersReducedMotion } from '../../../platform/motion';
import type { Direction } from '../core';
import { SLIDER_ASPECT_RATIO_DEFAULT } from '../options';
import { markDesign, setVars, type Design, type DesignFactory } from './types';

/** Part 2 §9: fading out takes 1.2 times as long as fading in. */
export const FADE_OUT_FACTOR = 1.2;
export const CURRENT_CLASS = 'is-current';

function animate(element: Element, keyframes: Keyframe[], durationMs: number, easing = 'ease'): Promise<void> {
  if (typeof (element as HTMLElement).animate !== 'function' || durationMs <= 0) return Promise.resolve();
  const animation = (element as HTMLElement).animate(keyframes, { duration: durationMs, easing, fill: 'none' });
  return animation.finished.then(
    () => undefined,
    () => undefined,
  );
}

/** Marks slide `index` current: the others are hidden from focus and assistive tech. */
export function markCurrent(slides: { element: HTMLElement }[], index: number): void {
  slides.forEach(({ element }, i) => {
    const current = i === index;
    element.classList.toggle(CURRENT_CLASS, current);
    element.inert = !current;
    if (current) element.removeAttribute('aria-hidden');
    else element.setAttribute('aria-hidden', 'true');
  });
}

export const stacked: DesignFactory = ({ container, gallery, options }) => {
  const ratio = options.aspectRatio ?? gallery.slides[0]?.ratio ?? 100 / SLIDER_ASPECT_RATIO_DEFAULT;
  const teardowns = [
    markDesign(container, 'stacked'),
    setVars(container, { '--tg-ratio': ratio, '--tg-zoom': options.zoom }),
    () => container.classList.remove('tg-ready'),
  ];
  // Before this, gallery.css shows the first slide; now the current one shows.
  container.classList.add('tg-ready');
  const slideAt = (i: number) => gallery.slides[i]?.element;
  const isSwipe = options.transition !== 'fade' && options.transition !== 'kenburns';
  let kenBurns: Animation | null = null;

  const zoom = (index: number) => {
    kenBurns?.cancel();
    kenBurns = null;
    const target = slideAt(index)?.querySelector('img');
    if (options.transition !== 'kenburns' || !target || prefersReducedMotion() || typeof target.animate !== 'function') return;
    // The slow zoom runs for as long as the slide is likely to show.
    kenBurns = target.animate([{ transform: 'scale(1)' }, { transform: `scale(${options.zoom})` }], {
      duration: options.speedS * 1000 + options.autoplayTimeoutMs,
      easing: 'linear',
      fill: 'forwards',
    });
  };

  const design: Design = {
    navigates: true,
    show(to: number, from: number, direction: Direction, instant: boolean) {
      const incoming = slideAt(to);
      const outgoing = slideAt(from);
      markCurrent(gallery.slides, to);
      zoom(to);
      if (instant || !incoming || !outgoing || to === from || prefersReducedMotion() || typeof incoming.animate !== 'function') {
        for (const slide of gallery.slides) slide.element.style.transform = '';
        return;
      }
      const ms = (design.releaseSeconds ?? options.speedS) * 1000;
      design.releaseSeconds = undefined;
      // The next slide comes in from the end of the reading direction: the right, or the left in right-to-left pages.
      const sign = (direction === 'forward' ? 1 : -1) * (isSwipe && isRightToLeft(container) ? -1 : 1);
      outgoing.classList.add('is-leaving');
      const motions = isSwipe
        ? [
            animate(incoming, [{ transform: `translateX(${sign * 100}%)` }, { transform: 'translateX(0)' }], ms, options.transition === 'scroll' ? 'linear' : 'ease-out'),
            // A dragged slide leaves from where the finger left it.
            animate(outgoing, [{ transform: outgoing.style.transform || 'translateX(0)' }, { transform: `translateX(${-sign * 100}%)` }], ms, options.transition === 'scroll' ? 'linear' : 'ease-out'),
          ]
        : [
            animate(incoming, [{ opacity: 0 }, { opacity: 1 }], ms),
            animate(outgoing, [{ opacity: 1 }, { opacity: 0 }], ms * FADE_OUT_FACTOR),
          ];
      return Promise.all(motions).then(() => {
        outgoing.classList.remove('is-leaving');
        incoming.style.transform = '';
        outgoing.style.transform = '';
      });
    },
    drag(dx: number) {
      // New swipe and swipe follow the finger; fades wait for the release.
      if (!isSwipe || options.transition === 'scroll') return;
      const current = slideAt(gallery.index);
      if (current) current.style.transform = `translateX(${dx}px)`;
    },
    destroy() {
      kenBurns?.cancel();
      for (const slide of gallery.slides) {
        slide.element.classList.remove(CURRENT_CLASS, 'is-leaving');
        slide.element.inert = false;
        slide.element.removeAttribute('aria-hidden');
        slide.element.style.transform = '';
      }
      teardowns.forEach((teardown) => teardown());
    },
  };
  return design;
};
