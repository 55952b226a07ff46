/**
 * Page enhancements that only some pages need, in one lazy chunk (spec part 1 §7, §9; part 2
 * §9): font stylesheets and the comments-count script from the context, block animations when
 * half visible, headings that shrink to fit their block, and the cart's count (a chunk of its
 * own, with the data layer).
 */
import type { PageContext } from '../../../contract/context/types';
import { addStylesheet, loadScript } from '../platform/load-script';
import { prefersReducedMotion } from '../platform/motion';
import { debounce } from '../platform/timing';
import { withChunk } from '../core/chunk';
import { teardowns } from '../platform/lifetime';
import { ANIMATE_SELECTOR, CART_COUNT_SELECTOR, FIT_SELECTOR } from './needs';

/** Font family names from the context (a list or `a|b`), only plain ones. */
const familyList = (fonts: unknown): string[] =>
  (Array.isArray(fonts) ? fonts : typeof fonts === 'string' ? fonts.split('|') : []).filter((f): f is string => typeof f === 'string' && /^[\w ,:;@.+-]{1,100}$/.test(f));

/** Part 1 §9: block animation thresholds and the visibility ratio that starts one. */
export const ANIMATION_THRESHOLDS = [0, 0.1, 0.25, 0.5, 1];
export const ANIMATION_RATIO = 0.5;
/** Part 1 §9: text shrinks to 11 px at the least; dynamic text 13 px; resize debounce 100 ms. */
export const TEXT_MIN_PX = 11;
export const DYNAMIC_TEXT_PX = 13;
export const TEXT_RESIZE_MS = 100;

/** The Google Fonts stylesheet for the context's families (css2 API). */
export function googleFontsUrl(fonts: unknown): string | null {
  const families = familyList(fonts);
  if (families.length === 0) return null;
  const query = families.map((family) => `family=${encodeURIComponent(family).replace(/%20/g, '+')}`).join('&');
  return `https://fonts.googleapis.com/css2?${query}&display=swap`;
}

/** Marks elements `data-animation="in"` once at least half of each is visible. */
export function animateBlocks(root: ParentNode = document): () => void {
  const targets = Array.from(root.querySelectorAll<HTMLElement>(ANIMATE_SELECTOR));
  if (prefersReducedMotion() || typeof IntersectionObserver !== 'function') {
    for (const target of targets) target.dataset.animationState = 'in';
    return () => undefined;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (entry.intersectionRatio < ANIMATION_RATIO) continue;
        (entry.target as HTMLElement).dataset.animationState = 'in';
        observer.unobserve(entry.target);
      }
    },
    { threshold: ANIMATION_THRESHOLDS },
  );
  for (const target of targets) {
    target.dataset.animationState = 'out';
    observer.observe(target);
  }
  return () => observer.disconnect();
}

/**
 * The largest whole size (at least 11 px, at most `start`) at which the text fits `available`.
 * A line of text is about as wide as its font is large, so the first guess scales the start
 * size; a step or two either way settles it. Each probe is a layout of the page: three in the
 * usual case, where a bisection from 64 px took seven.
 */
export function fitSize(start: number, available: number, widthAt: (px: number) => number): number {
  const full = widthAt(start);
  if (full <= available) return start;
  const top = Math.ceil(start) - 1;
  let size = Math.min(top, Math.max(TEXT_MIN_PX, Math.floor((start * available) / full)));
  while (size > TEXT_MIN_PX && widthAt(size) > available) size--;
  while (size < top && widthAt(size + 1) <= available) size++;
  return size;
}

/** Headings marked `data-text-fit` shrink to their block's width, again after resizes. */
export function fitText(root: ParentNode = document): () => void {
  const fit = () => {
    for (const element of root.querySelectorAll<HTMLElement>(FIT_SELECTOR)) {
      element.style.fontSize = '';
      element.style.whiteSpace = 'nowrap';
      const start = parseFloat(getComputedStyle(element).fontSize) || DYNAMIC_TEXT_PX;
      const available = element.clientWidth;
      const size = fitSize(start, available, (px) => {
        element.style.fontSize = `${px}px`;
        return element.scrollWidth;
      });
      element.style.fontSize = `${size}px`;
      element.style.whiteSpace = '';
    }
  };
  fit();
  const onResize = debounce(fit, TEXT_RESIZE_MS);
  addEventListener('resize', onResize);
  return () => {
    onResize.cancel();
    removeEventListener('resize', onResize);
  };
}

export function startEnhancements(page: Readonly<PageContext>): () => void {
  const fonts = googleFontsUrl(page.googleFonts);
  if (fonts) addStylesheet(fonts);
  const typekitId = page.website.typekitId;
  if (typeof typekitId === 'string' && /^[a-z0-9]{5,12}$/i.test(typekitId)) addStylesheet(`https://use.typekit.net/${typekitId}.css`);
  const { disqusShortname, commentsEnabled } = page.websiteSettings;
  if (commentsEnabled === true && typeof disqusShortname === 'string' && /^[a-z0-9-]{1,64}$/i.test(disqusShortname) && document.querySelector('[data-disqus-identifier], .comment-count')) {
    loadScript(`https://${disqusShortname}.disqus.com/count.js`).catch((error: unknown) => console.warn('The comments count could not load.', error));
  }
  const stops = teardowns();
  stops.add(animateBlocks());
  stops.add(fitText());
  if (document.querySelector(CART_COUNT_SELECTOR)) void withChunk(() => import('./cart-count'), (m) => stops.add(m.countCart()), 'Cart count failed');
  return stops.stop;
}
