import { debounce } from '../platform/timing';
import { dispatch, listen, type Teardown } from '../platform/events';
import { prefersReducedMotion } from '../platform/motion';

/** Spec part 2 §9: animation default 0.3 s; scroll tweens clamp at 50 ms; scroll end after 300 ms. */
export const DEFAULT_ANIMATION_MS = 300;
export const SCROLL_MIN_DURATION_MS = 50;
export const SCROLL_END_QUIET_MS = 300;
export const SCROLL_END_EVENT = 'site:scrollend';

function run(element: HTMLElement, keyframes: Keyframe[], durationMs: number): Promise<void> {
  if (prefersReducedMotion() || typeof element.animate !== 'function' || durationMs <= 0) return Promise.resolve();
  const animation = element.animate(keyframes, { duration: durationMs, easing: 'ease' });
  return animation.finished.then(
    () => undefined,
    () => undefined,
  );
}

export async function fadeIn(element: HTMLElement, durationMs = DEFAULT_ANIMATION_MS): Promise<void> {
  element.hidden = false;
  await run(element, [{ opacity: 0 }, { opacity: 1 }], durationMs);
}

export async function fadeOut(element: HTMLElement, durationMs = DEFAULT_ANIMATION_MS): Promise<void> {
  await run(element, [{ opacity: 1 }, { opacity: 0 }], durationMs);
  element.hidden = true;
}

export async function expand(element: HTMLElement, durationMs = DEFAULT_ANIMATION_MS): Promise<void> {
  element.hidden = false;
  const height = element.scrollHeight;
  element.style.overflow = 'hidden';
  await run(element, [{ height: '0px' }, { height: `${height}px` }], durationMs);
  element.style.overflow = '';
}

export async function collapse(element: HTMLElement, durationMs = DEFAULT_ANIMATION_MS): Promise<void> {
  element.style.overflow = 'hidden';
  await run(element, [{ height: `${element.scrollHeight}px` }, { height: '0px' }], durationMs);
  element.style.overflow = '';
  element.hidden = true;
}

export const SCROLL_EASING_ERROR = 'Scroll animation needs an easing function';
export const SCROLL_DURATION_ERROR = 'Scroll animation needs a finite duration';

export interface ScrollAnimation {
  /** Where to scroll to (px from the top of the page). */
  to: number;
  durationMs?: number;
  easing?: (progress: number) => number;
}

const easeInOut = (t: number) => (t < 0.5 ? 2 * t * t : 1 - Math.pow(-2 * t + 2, 2) / 2);

/**
 * Scrolls the page to `to` over `durationMs` (default 300 ms, at least 50 ms), instantly under
 * reduced motion, whatever `scroll-behavior` the theme sets. Throws on a missing easing function
 * or a non-finite duration.
 */
export function animateScroll({ to, durationMs = DEFAULT_ANIMATION_MS, easing = easeInOut }: ScrollAnimation): Promise<void> {
  if (typeof easing !== 'function') throw new TypeError(SCROLL_EASING_ERROR);
  if (typeof durationMs !== 'number' || !Number.isFinite(durationMs)) throw new TypeError(SCROLL_DURATION_ERROR);
  const duration = Math.max(SCROLL_MIN_DURATION_MS, durationMs);
  const from = window.scrollY;
  // Each step lands where it is put: a theme's `scroll-behavior: smooth` would smooth every one.
  const jump = (top: number) => window.scrollTo({ top, behavior: 'instant' });
  if (prefersReducedMotion()) {
    jump(to);
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const start = performance.now();
    const step = (now: number) => {
      const progress = Math.min(1, (now - start) / duration);
      jump(from + (to - from) * easing(progress));
      if (progress < 1) requestAnimationFrame(step);
      else resolve();
    };
    requestAnimationFrame(step);
  });
}

/** Fires `site:scrollend` on `target` once scrolling has been quiet for 300 ms; returns teardown. */
export function watchScrollEnd(target: Window | HTMLElement = window): Teardown {
  const eventTarget = target === window ? document : (target as HTMLElement);
  const ended = debounce(() => dispatch(eventTarget, SCROLL_END_EVENT), SCROLL_END_QUIET_MS);
  const off = listen(target as EventTarget, 'scroll', () => ended(), { passive: true });
  return () => {
    off();
    ended.cancel();
  };
}
