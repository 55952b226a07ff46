/**
 * The image loader (spec part 2 §3 Image settings, §4, §9), shared by the image block and the
 * galleries. An `<img>` that carries `data-src` gets the smallest of the responsive widths that
 * covers its rendered size times the device pixel ratio, lazily from 200 px outside the
 * viewport and outside any box it scrolls in (a theme's own page scroller),
 * through a bounded queue; it asks again only when a larger width is needed.
 */
import { isMobile } from '../platform/device';
import { readThenWrite } from '../platform/dom-batch';
import { IMAGE_WIDTHS } from '../../../contract/model/files';

export { IMAGE_WIDTHS };
/** Part 2 §4: lazy loading starts within 200 px of the viewport. */
export const LAZY_MARGIN_PX = 200;
/** Part 2 §9: 16 images load at a time, 1 on mobile. */
export const QUEUE_CONCURRENCY = 16;
export const QUEUE_CONCURRENCY_MOBILE = 1;
/** Part 1 §9: the loader retries finding its host element up to 100 times every 10 ms. */
export const HOST_RETRY_COUNT = 100;
export const HOST_RETRY_MS = 10;
/** Written while an image is loading, removed once it has loaded (or failed). */
export const LOADING_ATTRIBUTE = 'data-image-loading';

export type CropMode = 'cover' | 'contain' | 'none';
export type SizeFormat = 'query' | 'filename';

export interface ImageSettings {
  focalX: number;
  focalY: number;
  crop: CropMode;
  /** Where a contained image sits: e.g. 'center', 'top', 'left'. */
  fitAlignment: string;
  sizeFormat: SizeFormat;
  /** Multiplies the width asked for (e.g. 0.5 for a deliberately soft background). */
  sizeAdjustment: number;
  dprMin: number;
  dprMax: number;
}

/** Image mode (part 2 §3 video embed/image mode) → crop mode: fill → cover, fit → contain. */
export function cropModeOf(mode: unknown): CropMode {
  if (mode === 'fill' || mode === 'cover') return 'cover';
  if (mode === 'fit' || mode === 'contain') return 'contain';
  return 'none';
}

const clamp01 = (value: unknown, fallback = 0.5) => {
  const n = typeof value === 'string' ? parseFloat(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : fallback;
};

/** Reads settings from an image's data attributes, over block-level defaults. */
export function imageSettings(img: HTMLElement, defaults: Partial<ImageSettings> = {}): ImageSettings {
  const focal = (img.dataset.imageFocalPoint ?? '').split(',');
  return {
    focalX: clamp01(focal[0], defaults.focalX ?? 0.5),
    focalY: clamp01(focal[1], defaults.focalY ?? 0.5),
    crop: img.dataset.imageMode !== undefined ? cropModeOf(img.dataset.imageMode) : (defaults.crop ?? 'none'),
    fitAlignment: img.dataset.imageFitAlignment ?? defaults.fitAlignment ?? 'center',
    sizeFormat: (img.dataset.sizeFormat ?? defaults.sizeFormat) === 'filename' ? 'filename' : 'query',
    sizeAdjustment: Number(img.dataset.sizeAdjustment) > 0 ? Number(img.dataset.sizeAdjustment) : (defaults.sizeAdjustment ?? 1),
    dprMin: defaults.dprMin ?? 1,
    dprMax: defaults.dprMax ?? 3,
  };
}

/** The smallest width that covers `needed` CSS pixels at the clamped pixel ratio. */
export function chooseWidth(needed: number, dpr: number, dprMin = 1, dprMax = 3, adjustment = 1): number {
  const ratio = Math.min(dprMax, Math.max(dprMin, dpr || 1));
  const want = Math.ceil(needed * ratio * adjustment);
  let chosen: number = IMAGE_WIDTHS[0];
  for (const width of IMAGE_WIDTHS) if (width >= want) chosen = width;
  return chosen;
}

/** `photo.jpg` at 750 → `photo.jpg?format=750w` (query) or `photo-750w.jpg` (filename). */
export function sizedUrl(src: string, width: number, format: SizeFormat = 'query'): string {
  if (format === 'filename') {
    const cut = src.search(/[?#]/);
    const path = cut >= 0 ? src.slice(0, cut) : src;
    const query = cut >= 0 ? src.slice(cut) : '';
    const dot = path.lastIndexOf('.');
    const slash = path.lastIndexOf('/');
    const sized = dot > slash ? `${path.slice(0, dot)}-${width}w${path.slice(dot)}` : `${path}-${width}w`;
    return sized + query;
  }
  const hashAt = src.indexOf('#');
  const base = hashAt >= 0 ? src.slice(0, hashAt) : src;
  return `${base}${base.includes('?') ? '&' : '?'}format=${width}w${hashAt >= 0 ? src.slice(hashAt) : ''}`;
}

/** 'Auto' (or nothing) means no fixed aspect ratio; else a width/height ratio. */
export function aspectRatio(value: unknown): number | null {
  if (value === undefined || value === null || value === '' || value === 'Auto' || value === 'auto') return null;
  if (typeof value === 'number') return value > 0 && Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const pair = /^\s*(\d+(?:\.\d+)?)\s*[:x/]\s*(\d+(?:\.\d+)?)\s*$/.exec(value);
  if (pair) {
    const ratio = Number(pair[1]) / Number(pair[2]);
    return ratio > 0 && Number.isFinite(ratio) ? ratio : null;
  }
  const single = Number(value);
  return single > 0 && Number.isFinite(single) ? single : null;
}

/** Parses `data-image-dimensions="1500x1000"`. */
export function dimensionsOf(value: string | null | undefined): { width: number; height: number } | null {
  const match = /^\s*(\d+)\s*x\s*(\d+)\s*$/i.exec(value ?? '');
  if (!match) return null;
  const width = Number(match[1]);
  const height = Number(match[2]);
  return width > 0 && height > 0 ? { width, height } : null;
}

const ALIGN: Record<string, string> = {
  center: '50% 50%',
  top: '50% 0%',
  bottom: '50% 100%',
  left: '0% 50%',
  right: '100% 50%',
  'top-left': '0% 0%',
  'top-right': '100% 0%',
  'bottom-left': '0% 100%',
  'bottom-right': '100% 100%',
};

/** Crop and focal point as CSS: cover keeps the focal point in view, contain aligns. */
export function applyCrop(img: HTMLImageElement, settings: ImageSettings): void {
  if (settings.crop === 'none') return;
  img.style.objectFit = settings.crop;
  img.style.objectPosition =
    settings.crop === 'cover'
      ? `${settings.focalX * 100}% ${settings.focalY * 100}%`
      : (ALIGN[settings.fitAlignment] ?? '50% 50%');
}

interface Tracked {
  settings: ImageSettings;
  loadedWidth: number;
  near: boolean;
  queued: boolean;
  /** The width asked for when it was queued. */
  wanted: number;
}

/** Asked once per page, not per loader: a page of galleries has hundreds of loaders. */
const concurrency = isMobile() ? QUEUE_CONCURRENCY_MOBILE : QUEUE_CONCURRENCY;

/** Every live loader, for the one `beforeprint` listener that serves them all. */
const loaders = new Set<ImageLoader>();
const loadAllForPrint = () => loaders.forEach((loader) => loader.loadForPrint());

/** A rendered size an observer already measured (so nothing has to be read again). */
type Box = Pick<DOMRectReadOnly, 'width' | 'height'>;

/**
 * Loads `<img data-src>` elements. One loader serves many images: a single
 * IntersectionObserver (lazy), a single ResizeObserver (upgrades) and one queue.
 *
 * A gallery's loader is made `held`: its lazy images are watched one by one only once the
 * gallery, watched by the gallery itself, has come near the viewport (`release`). The browser
 * computes every watched element's intersection in every frame: a page of a thousand blocks
 * watched 2,200 images, 15 to 20 ms of each frame at 4x throttling while the blocks mounted; a
 * third as many targets cost a quarter of that.
 */
export class ImageLoader {
  private readonly _tracked = new Map<HTMLImageElement, Tracked>();
  private readonly _queue: HTMLImageElement[] = [];
  private _active = 0;
  private readonly _intersection: IntersectionObserver | null;
  private readonly _resize: ResizeObserver | null;
  /**
   * Lazy images waiting for `release` before they are watched; null once released. The resize
   * observer too watches an image only once it is near: the browser checks every watched
   * element's size in every frame, and a page of a thousand blocks has thousands far below.
   */
  private _held: HTMLImageElement[] | null;

  constructor(
    private readonly _lazy = true,
    held = false,
  ) {
    this._held = held ? [] : null;
    this._intersection =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver((entries) => this._onIntersect(entries), { rootMargin: `${LAZY_MARGIN_PX}px`, scrollMargin: `${LAZY_MARGIN_PX}px` })
        : null;
    this._resize =
      typeof ResizeObserver === 'function'
        ? new ResizeObserver((entries) => {
            for (const entry of entries) this._consider(entry.target as HTMLImageElement, entry.contentRect);
          })
        : null;
    if (loaders.add(this).size === 1) addEventListener('beforeprint', loadAllForPrint);
  }

  /** Starts managing `img`; answers a promise that settles once its host has a size (at once for a lazy image). */
  add(img: HTMLImageElement, defaults: Partial<ImageSettings> = {}): Promise<void> {
    if (this._tracked.has(img) || !img.dataset.src) return Promise.resolve();
    const settings = imageSettings(img, defaults);
    applyCrop(img, settings);
    const dims = dimensionsOf(img.dataset.imageDimensions);
    // Width and height attributes reserve the space before the file arrives (no layout shift).
    if (dims && !img.hasAttribute('width')) {
      img.setAttribute('width', String(dims.width));
      img.setAttribute('height', String(dims.height));
    }
    const tracked: Tracked = { settings, loadedWidth: 0, near: !this._lazy || !this._intersection, queued: false, wanted: 0 };
    this._tracked.set(img, tracked);
    // A lazy image is measured when it comes near, by the intersection observer after a layout
    // (and by the resize observer from then on): nothing to wait for or to read now. Reading
    // every host at mount forced layouts of the whole page while it mounted.
    if (!tracked.near) {
      if (this._held) this._held.push(img);
      else this._intersection!.observe(img);
      return Promise.resolve();
    }
    return waitForHost(img).then(() => {
      if (!this._tracked.has(img)) return;
      // The resize observer's first notice (after the next layout) considers it; without one, now.
      if (this._resize) this._resize.observe(img);
      else this._consider(img);
    });
  }

  remove(img: HTMLImageElement): void {
    this._tracked.delete(img);
    this._intersection?.unobserve(img);
    this._resize?.unobserve(img);
    img.removeAttribute(LOADING_ATTRIBUTE);
  }

  /** Loads `img` now whatever its distance from the viewport (the next slide, a lightbox). */
  preload(img: HTMLImageElement): void {
    const tracked = this._tracked.get(img);
    if (!tracked) return;
    tracked.near = true;
    this._consider(img);
    this._resize?.observe(img);
  }

  destroy(): void {
    for (const img of [...this._tracked.keys()]) this.remove(img);
    this._queue.length = 0;
    this._intersection?.disconnect();
    this._resize?.disconnect();
    if (loaders.delete(this) && loaders.size === 0) removeEventListener('beforeprint', loadAllForPrint);
  }

  /**
   * The visitor prints: every image not asked for yet (far below, or waiting in the queue) is
   * asked for now, as a native lazy image. Chromium loads a page's lazy images for print and
   * waits for them (as long as it chooses); images our own queue starts it prints as they are
   * at that moment, empty.
   */
  loadForPrint(): void {
    for (const [img, tracked] of this._tracked) {
      if (tracked.loadedWidth || img.getAttribute('src') !== null) continue;
      tracked.near = true;
      const width = this.neededWidth(img);
      if (!width) continue;
      const queued = this._queue.indexOf(img);
      if (queued >= 0) this._queue.splice(queued, 1);
      this._intersection?.unobserve(img);
      this._resize?.observe(img);
      tracked.queued = true;
      tracked.wanted = width;
      img.setAttribute(LOADING_ATTRIBUTE, '');
      img.setAttribute('loading', 'lazy');
      this._load(img, tracked);
    }
  }

  /**
   * The width this image needs now, or 0 when it is not near the viewport yet. `box` is a size
   * an observer measured; without one (or when it is empty) the image is measured now.
   */
  neededWidth(img: HTMLImageElement, box?: Box): number {
    const tracked = this._tracked.get(img);
    if (!tracked?.near) return 0;
    const size: Box = box && box.width > 0 ? box : img.getBoundingClientRect();
    const rendered = size.width || img.parentElement?.getBoundingClientRect().width || 0;
    if (rendered === 0) return 0;
    const dims = dimensionsOf(img.dataset.imageDimensions);
    let needed = rendered;
    // A covered image is scaled up to fill its box: ask for the width it is drawn at.
    if (tracked.settings.crop === 'cover' && dims && size.height > 0) needed = Math.max(rendered, (size.height * dims.width) / dims.height);
    const s = tracked.settings;
    const width = chooseWidth(needed, globalThis.devicePixelRatio ?? 1, s.dprMin, s.dprMax, s.sizeAdjustment);
    // Never ask for more than the original has: the largest width not above it.
    const largest = dims ? IMAGE_WIDTHS.find((w) => w <= dims.width) : undefined;
    return largest ? Math.min(width, largest) : width;
  }

  /** A held loader's scope has come near the viewport: its images are watched from now on. */
  release(): void {
    this._held?.forEach((img) => this._tracked.has(img) && this._intersection?.observe(img));
    this._held = null;
  }

  private _onIntersect(entries: IntersectionObserverEntry[]): void {
    for (const entry of entries) {
      const tracked = this._tracked.get(entry.target as HTMLImageElement);
      if (!tracked || !entry.isIntersecting) continue;
      tracked.near = true;
      this._intersection?.unobserve(entry.target);
      this._consider(entry.target as HTMLImageElement, entry.boundingClientRect);
      this._resize?.observe(entry.target);
    }
  }

  /**
   * Measures `img` with every other layout read the page makes now, then queues it: reads
   * before writes, so a page of many galleries lays out once (most sizes come from the
   * observers, read for free).
   */
  private _consider(img: HTMLImageElement, box?: Box): void {
    if (this._tracked.get(img)?.queued !== false) return;
    readThenWrite(
      () => (this._tracked.get(img)?.queued === false ? this.neededWidth(img, box) : 0),
      (wanted) => {
        const tracked = this._tracked.get(img);
        if (!tracked || tracked.queued || wanted <= tracked.loadedWidth) return;
        tracked.queued = true;
        tracked.wanted = wanted;
        img.setAttribute(LOADING_ATTRIBUTE, '');
        this._queue.push(img);
        this._pump();
      },
    );
  }

  private _pump(): void {
    while (this._active < concurrency && this._queue.length > 0) {
      const img = this._queue.shift()!;
      const tracked = this._tracked.get(img);
      if (tracked) this._load(img, tracked);
    }
  }

  /** Sets the image's source at the width it was queued for; the queue moves on once it settles. */
  private _load(img: HTMLImageElement, tracked: Tracked): void {
    const width = tracked.wanted;
    this._active++;
    const done = (ok: boolean) => {
      img.removeEventListener('load', onLoad);
      img.removeEventListener('error', onError);
      this._active--;
      tracked.queued = false;
      // A failed width is not asked for again on every resize; a larger one still is.
      tracked.loadedWidth = width;
      if (!ok) img.setAttribute('data-image-failed', '');
      img.removeAttribute(LOADING_ATTRIBUTE);
      this._pump();
    };
    const onLoad = () => done(true);
    const onError = () => {
      console.warn(`Image ${img.dataset.src} failed to load at ${width}w.`);
      done(false);
    };
    img.addEventListener('load', onLoad);
    img.addEventListener('error', onError);
    img.src = sizedUrl(img.dataset.src!, width, tracked.settings.sizeFormat);
  }
}

/**
 * Part 1 §9: the host may not be laid out yet (a block just inserted); retry 100 × 10 ms. Each
 * check is a read in the page's batch, so a page mounting a thousand images lays out once. A
 * host the page does not render now (`display: none`, or off screen under a theme's
 * `content-visibility: auto`) is not measured: that would lay it out for nothing, one image at a
 * time. The observers see it once it renders.
 */
export function waitForHost(img: HTMLElement, tries = HOST_RETRY_COUNT): Promise<void> {
  return new Promise((resolve) => {
    const check = (left: number) =>
      readThenWrite(
        () => {
          const host = img.isConnected ? img.parentElement : null;
          if (!host) return 0;
          return host.checkVisibility?.({ contentVisibilityAuto: true }) === false ? Infinity : host.getBoundingClientRect().width;
        },
        (width) => {
          if (width > 0 || left <= 0 || !img.isConnected) resolve();
          else setTimeout(() => check(left - 1), HOST_RETRY_MS);
        },
      );
    check(tries);
  });
}
