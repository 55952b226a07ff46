/**
 * The lightbox (spec part 2 §2, §3, §4, §9): a modal gallery on a native `<dialog>`, so focus
 * moves in and stays, the page behind is inert and Escape closes. Opened by galleries and
 * image blocks with `lightbox` on; its own chunk, with lightbox.css beside it.
 */
import { arrowStep, isRightToLeft } from '../../platform/direction';
import { assetUrl, loadStylesheet } from '../../platform/assets';
import { listen, type Teardown } from '../../platform/events';
import { onEscape } from '../../platform/escape';
import { prefersReducedMotion } from '../../platform/motion';
import { fill, texts } from '../../platform/strings';
import { containFocus } from '../focus';
import { ImageLoader } from '../responsive-images';
import { recogniseSwipe } from '../swipe';
import { trustedHtml } from '../../platform/trusted-types';

/** Part 2 §3, §9. */
export const LIGHTBOX_DEFAULT_TITLE = 'Gallery';
export const LIGHTBOX_SPEED_S = 0.6;
export const LIGHTBOX_PADDING_PX = 100;
export const OVERLAY_FADE_S = 0.35;
export const CONTENT_FADE_S = 0.6;
export const OVERLAY_OPACITY = 0.95;
export const OVERLAY_SPEED_S = 0.3;
/** Part 2 §2: arrow keys throttled at 200 ms; click zones 2–98 %; the hint fades after 500 ms. */
export const KEY_THROTTLE_MS = 200;
export const CLICK_ZONE_START = 0.02;
export const CLICK_ZONE_END = 0.98;
export const HINT_FADE_MS = 500;
export const LIGHTBOX_STYLESHEET = 'lightbox.css';
export const HINT_TEXT = 'Use the arrow keys to move between images, Escape to close.';
export const ITEM_ID = 'itemId';

/** The lightbox's words (platform/strings.ts). */
export const lightboxWords = texts('lightbox', {
  title: LIGHTBOX_DEFAULT_TITLE,
  hint: HINT_TEXT,
  caption: 'Caption',
  close: 'Close',
  previous: 'Previous image',
  next: 'Next image',
  counter: '{n} / {count}',
});

export type LightboxState = 'showing' | 'overlay visible' | 'content visible' | 'hiding' | 'hidden';

export interface LightboxItem {
  src: string;
  width?: number;
  height?: number;
  alt: string;
  caption?: string;
  id?: string | null;
  url?: string | null;
}

export interface LightboxOptions {
  items: LightboxItem[];
  index?: number;
  title?: string;
  theme?: 'light' | 'dark';
  speedS?: number;
  padding?: number;
  /** Where focus returns on close (default: whatever had focus). */
  opener?: HTMLElement | null;
  /** Where focus returns when the lightbox closes on another item than it opened on (its opener may be hidden now). */
  returnFocus?(index: number): HTMLElement | null | undefined;
  /** Writes the current slide id into the address as itemId. */
  historyHash?: boolean;
  onChange?(index: number): void;
  onClose?(): void;
}

export interface Lightbox {
  readonly index: number;
  readonly state: LightboxState;
  readonly element: HTMLDialogElement;
  goTo(index: number): void;
  next(): void;
  previous(): void;
  close(): Promise<void>;
}

/** Part 2 §2: a click between 2 % and 98 % of the width moves, by the half it lands in (the left half is previous, or next right to left). */
export function clickZone(x: number, width: number, rightToLeft = false): 'previous' | 'next' | null {
  const at = width > 0 ? x / width : -1;
  if (at < CLICK_ZONE_START || at > CLICK_ZONE_END) return null;
  return at < 0.5 !== rightToLeft ? 'previous' : 'next';
}

/**
 * The address with itemId set to `value` (same path, other query values kept). Whole, not a
 * path: the history API resolves a path against the page's `<base href>`, which may name another host.
 */
export function withItemId(value: string | null | undefined): string {
  const url = new URL(location.href);
  if (value) url.searchParams.set(ITEM_ID, value);
  else url.searchParams.delete(ITEM_ID);
  return url.href;
}

const ICONS = {
  close: 'M6 6l12 12M18 6L6 18',
  previous: 'M15 5l-7 7 7 7',
  next: 'M9 5l7 7-7 7',
  // Lines of text: round like the others, it fits beside a landscape image where a word did not.
  caption: 'M4 6h16M4 12h16M4 18h10',
};

/** A round button named by `label`, showing the icon. */
function iconButton(className: string, label: string, path: string): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = `tl-btn ${className}`;
  button.setAttribute('aria-label', label);
  button.innerHTML = trustedHtml(`<svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false"><path d="${path}" fill="none" stroke="currentColor" stroke-width="2"/></svg>`);
  return button;
}

function fade(element: Element, from: number, to: number, seconds: number): Promise<void> {
  if (prefersReducedMotion() || typeof (element as HTMLElement).animate !== 'function' || seconds <= 0) return Promise.resolve();
  return (element as HTMLElement)
    .animate([{ opacity: from }, { opacity: to }], { duration: seconds * 1000, easing: 'ease' })
    .finished.then(
      () => undefined,
      () => undefined,
    );
}

let current: Lightbox | null = null;

export async function openLightbox(options: LightboxOptions): Promise<Lightbox> {
  if (current) await current.close();
  const items = options.items;
  if (items.length === 0) throw new Error('The lightbox needs at least one item.');
  await loadStylesheet(assetUrl(LIGHTBOX_STYLESHEET));
  const speedS = options.speedS ?? LIGHTBOX_SPEED_S;
  const opener = options.opener ?? (document.activeElement as HTMLElement | null);
  const teardowns: Teardown[] = [];
  const loader = new ImageLoader(false);
  let index = Math.min(Math.max(0, options.index ?? 0), items.length - 1);
  let state: LightboxState = 'showing';
  let lastKey = -Infinity;

  const dialog = document.createElement('dialog');
  dialog.className = `tl tl--${options.theme === 'light' ? 'light' : 'dark'}`;
  dialog.style.setProperty('--tl-padding', `${options.padding ?? LIGHTBOX_PADDING_PX}px`);
  dialog.style.setProperty('--tl-overlay-opacity', String(OVERLAY_OPACITY));
  const title = document.createElement('h2');
  title.className = 'tl-title';
  title.id = `tl-title-${Date.now().toString(36)}`;
  const words = lightboxWords();
  title.textContent = options.title || words.title;
  dialog.setAttribute('aria-labelledby', title.id);
  const stage = document.createElement('figure');
  stage.className = 'tl-stage';
  const caption = document.createElement('figcaption');
  caption.className = 'tl-caption';
  caption.id = `${title.id}-caption`;
  const counter = document.createElement('p');
  counter.className = 'tl-counter';
  counter.setAttribute('aria-live', 'polite');
  const hint = document.createElement('p');
  hint.className = 'tl-hint';
  hint.textContent = words.hint;
  const toggle = iconButton('tl-toggle', words.caption, ICONS.caption);
  toggle.setAttribute('aria-controls', caption.id);
  toggle.setAttribute('aria-expanded', 'false');
  const buttons = {
    close: iconButton('tl-close', words.close, ICONS.close),
    previous: iconButton('tl-previous', words.previous, ICONS.previous),
    next: iconButton('tl-next', words.next, ICONS.next),
  };
  stage.append(caption);
  // In the order Tab takes them from Close, where focus starts: Previous and the caption's toggle
  // under it (in a row with Next on a phone held upright), then Next, then round.
  dialog.append(title, stage, counter, hint, buttons.previous, toggle, buttons.next, buttons.close);
  if (items.length < 2) buttons.previous.hidden = buttons.next.hidden = true;

  const render = (animate: boolean) => {
    const item = items[index]!;
    const img = document.createElement('img');
    img.className = 'tl-img';
    img.alt = item.alt;
    img.dataset.src = item.src;
    if (item.width && item.height) {
      img.dataset.imageDimensions = `${item.width}x${item.height}`;
      // Drawn as large as the box allows at its own shape, whatever width has loaded so far.
      img.style.setProperty('--tl-ar', String(item.width / item.height));
      img.style.setProperty('--tl-w', `${item.width}px`);
    }
    stage.querySelector('img')?.remove();
    for (const old of stage.querySelectorAll('img')) loader.remove(old);
    stage.prepend(img);
    void loader.add(img, { crop: 'contain' });
    caption.textContent = item.caption ?? '';
    caption.hidden = !item.caption;
    toggle.hidden = !item.caption;
    counter.textContent = items.length > 1 ? fill(words.counter, { n: index + 1, count: items.length }) : '';
    if (animate) void fade(img, 0, 1, CONTENT_FADE_S);
  };

  const goTo = (next: number) => {
    const wrapped = ((Math.trunc(next) % items.length) + items.length) % items.length;
    if (wrapped === index || state === 'hiding' || state === 'hidden') return;
    index = wrapped;
    render(true);
    const item = items[index]!;
    if (options.historyHash) history.replaceState(history.state, '', withItemId(item.id ?? item.url));
    options.onChange?.(index);
  };

  // Part 2 §2: the browser's Back closes the lightbox: opening adds a history entry.
  const entry = { tesseraLightbox: Date.now() };
  const first = items[index]!;
  const opened = index;
  history.pushState(entry, '', options.historyHash ? withItemId(first.id ?? first.url) : location.href);
  let closing: Promise<void> | null = null;

  const close = (fromHistory = false): Promise<void> => {
    if (closing) return closing;
    state = 'hiding';
    closing = fade(dialog, 1, 0, speedS).then(() => {
      teardowns.forEach((teardown) => teardown());
      loader.destroy();
      dialog.close();
      dialog.remove();
      state = 'hidden';
      if (current === lightbox) current = null;
      const moved = index !== opened;
      if (!fromHistory && (history.state as typeof entry | null)?.tesseraLightbox === entry.tesseraLightbox) {
        // Back to the address before the lightbox, which then names the item it closed on.
        const item = items[index]!;
        if (moved && options.historyHash) addEventListener('popstate', () => history.replaceState(history.state, '', withItemId(item.id ?? item.url)), { once: true });
        history.back();
      }
      const target = (moved && options.returnFocus?.(index)) || opener;
      if (target?.isConnected) target.focus();
      options.onClose?.();
    });
    return closing;
  };

  teardowns.push(
    // The shared Escape stack: the lightbox closes before anything opened under it.
    onEscape(() => void close()),
    listen(buttons.close, 'click', () => void close()),
    listen(buttons.previous, 'click', () => goTo(index - 1)),
    listen(buttons.next, 'click', () => goTo(index + 1)),
    listen(toggle, 'click', () => {
      const open = toggle.getAttribute('aria-expanded') !== 'true';
      toggle.setAttribute('aria-expanded', String(open));
      dialog.classList.toggle('tl--caption-open', open);
    }),
    listen(dialog, 'cancel', (event: Event) => {
      // Escape: our own fade-out instead of the dialog's instant close.
      event.preventDefault();
      void close();
    }),
    listen(dialog, 'keydown', (event: KeyboardEvent) => {
      const step = arrowStep(event.key, dialog);
      if (!step) return;
      event.preventDefault();
      if (event.timeStamp - lastKey < KEY_THROTTLE_MS) return;
      lastKey = event.timeStamp;
      goTo(index + step);
    }),
    listen(dialog, 'click', (event: MouseEvent) => {
      if ((event.target as Element).closest('button, a, figcaption')) return;
      const zone = clickZone(event.clientX, innerWidth, isRightToLeft(dialog));
      if (zone && items.length > 1) goTo(index + (zone === 'next' ? 1 : -1));
    }),
    listen(window, 'popstate', () => void close(true)),
    recogniseSwipe(stage, {
      end: (decision) => {
        if (decision === 'next') goTo(index + 1);
        else if (decision === 'previous') goTo(index - 1);
      },
    }),
  );

  const lightbox: Lightbox = {
    get index() {
      return index;
    },
    get state() {
      return state;
    },
    element: dialog,
    goTo,
    next: () => goTo(index + 1),
    previous: () => goTo(index - 1),
    close: () => close(),
  };
  current = lightbox;

  document.body.append(dialog);
  render(false);
  // A page that scrolls is held while the lightbox is open, its scrollbar's room kept (lightbox.css).
  const root = document.documentElement;
  dialog.toggleAttribute('data-holds-page', root.scrollHeight > root.clientHeight);
  dialog.showModal();
  // A modal dialog lets Tab leave for the browser's own controls; keep it in the lightbox.
  teardowns.push(containFocus({ container: dialog }));
  buttons.close.focus();
  state = 'overlay visible';
  const shown = fade(dialog, 0, 1, OVERLAY_FADE_S);
  const hintTimer = setTimeout(() => hint.classList.add('tl-hint--faded'), HINT_FADE_MS);
  teardowns.push(() => clearTimeout(hintTimer));
  void shown.then(() => {
    if (state === 'overlay visible') state = 'content visible';
  });
  return lightbox;
}
