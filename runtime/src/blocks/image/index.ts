/**
 * The image block (spec part 2 §3 Image settings): a responsive, lazy `<img data-src>` with a
 * focal point and crop mode. The image keeps its width and height, so nothing shifts.
 */
import type { BlockModule } from '../../core/types';
import { listen } from '../../platform/events';
import { ImageLoader, aspectRatio, cropModeOf } from '../../ui/responsive-images';

/** Part 1 §9: an image block is narrow under 415 px. */
export const IMAGE_NARROW_PX = 415;
export const NARROW_CLASS = 'is-narrow';

const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : undefined);

const image: BlockModule = {
  mount(element, { config }) {
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
    const narrow = () => element.classList.toggle(NARROW_CLASS, element.getBoundingClientRect().width < IMAGE_NARROW_PX);
    narrow();
    const stop = listen(window, 'resize', narrow);
    return {
      loader,
      destroy() {
        stop();
        loader.destroy();
        element.classList.remove(NARROW_CLASS);
      },
    };
  },
};
export default image;
