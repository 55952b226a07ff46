import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { dispatch } from '../platform/events';
import { onEscape } from '../platform/escape';
import { untilDestroyed } from '../platform/lifetime';
import { prefersReducedMotion } from '../platform/motion';
import { containFocus } from './focus';
import { ensureStyles } from './styles';

/** Spec part 1 §9: dialogs stack from z-index 30000, 350 wide, padding 20, hide within 600 ms. */
export const DIALOG_Z_INDEX_BASE = 30000;
export const DIALOG_WIDTH = 350;
export const DIALOG_PADDING = 20;
export const DIALOG_HIDE_FALLBACK_MS = 600;

export interface ModalLayout {
  width?: number;
  padding?: number;
  /** Numeric style variant, written as a `site-modal-style-N` class. */
  style?: number;
  role?: 'dialog' | 'alertdialog';
  className?: string;
}

interface ModalShellProps extends ModalLayout {
  titleId: string;
  descriptionId?: string;
  zIndex: number;
  onOverlayClick(): void;
  onShown(box: HTMLElement): void;
  children: ReactNode;
}

/** The overlay and box every dialog shares: role, labelling and the first focus. */
export function ModalShell(props: ModalShellProps) {
  const box = useRef<HTMLDivElement>(null);
  // Layout effect: focus moves in before the browser paints, not a frame later.
  useLayoutEffect(() => {
    if (box.current) props.onShown(box.current);
  }, []);
  const classes = ['site-modal'];
  if (props.style !== undefined) classes.push(`site-modal-style-${props.style}`);
  if (props.className) classes.push(props.className);
  return (
    <div
      className="site-modal-overlay"
      style={{ zIndex: props.zIndex }}
      onClick={(event) => {
        if (event.target === event.currentTarget) props.onOverlayClick();
      }}
    >
      <div
        ref={box}
        className={classes.join(' ')}
        role={props.role ?? 'dialog'}
        aria-modal="true"
        aria-labelledby={props.titleId}
        aria-describedby={props.descriptionId}
        tabIndex={-1}
        style={{ width: props.width ?? DIALOG_WIDTH, padding: props.padding ?? DIALOG_PADDING }}
      >
        {props.children}
      </div>
    </div>
  );
}

const HOST_CLASS = 'site-modal-host';
let idCounter = 0;
/** Open modals, topmost last; only the topmost holds the focus trap and answers Escape. */
interface StackEntry {
  box: HTMLElement | null;
  release: (() => void) | null;
}
const stack: StackEntry[] = [];

function trap(entry: StackEntry): void {
  if (entry.box && !entry.release) entry.release = containFocus({ container: entry.box });
}

function untrap(entry: StackEntry | undefined): void {
  entry?.release?.();
  if (entry) entry.release = null;
}

export function nextId(prefix: string): string {
  idCounter += 1;
  return `${prefix}-${idCounter}`;
}

/** The last open modal <dialog> in the page, else the body. */
function topModal(): Element {
  let top: Element = document.body;
  try {
    for (const dialog of document.querySelectorAll('dialog:modal')) top = dialog;
  } catch {
    // A browser (or jsdom) without :modal.
  }
  return top;
}

export interface OpenModal<R extends string> {
  /** Ends the modal with `result`: fires `dialog:<result>`, hides, restores focus. */
  close(result: R): void;
  readonly closed: Promise<R>;
}

/**
 * Mounts one modal, keeps focus inside it, cancels it on Escape (topmost first), and tears
 * it all down when it closes. `render` receives `close` and the z-index to use.
 */
export function openModal<R extends string>(
  cancelResult: R,
  render: (close: (result: R) => void, zIndex: number, onShown: (box: HTMLElement) => boolean) => ReactNode,
): OpenModal<R> {
  ensureStyles();
  const returnFocus = document.activeElement as HTMLElement | null;
  // Each open modal stacks two above the one below it (overlay, then box).
  const zIndex = DIALOG_Z_INDEX_BASE + document.querySelectorAll(`.${HOST_CLASS}`).length * 2;
  const host = document.createElement('div');
  host.className = HOST_CLASS;
  // Opened from inside a modal <dialog> (a theme's, or the lightbox), anything outside it is
  // inert: the visitor could neither reach nor answer the dialog. It goes inside the topmost one.
  const parent = topModal();
  parent.appendChild(host);
  // That dialog closing (a theme's timer, its own close button) hides this one: it is cancelled.
  const onParentClose = () => close(cancelResult);
  parent.addEventListener('close', onParentClose);
  // Above whatever a theme stacks over its page (a header at z-index 99999 would cover the box):
  // the top layer, where the browser has popovers; elsewhere, its z-index.
  host.popover = 'manual';
  host.showPopover?.();
  const root = createRoot(host);

  let resolve!: (result: R) => void;
  const closed = new Promise<R>((r) => (resolve = r));
  let done = false;

  const entry: StackEntry = { box: null, release: null };
  untrap(stack[stack.length - 1]);
  stack.push(entry);
  // Topmost first: the shared Escape stack (platform/escape) closes the latest target.
  const offEscape = onEscape(() => close(cancelResult));
  // The runtime destroyed while it is open: it closes as Escape would close it.
  const offDestroy = untilDestroyed(() => close(cancelResult));

  let stopWatching = () => undefined as void;
  /** Answers whether the visitor sees it: a box a stylesheet hides is closed instead. */
  const onShown = (box: HTMLElement): boolean => {
    entry.box = box;
    // A rule that hides the box (a content blocker's element hiding, often applied a moment
    // later; a theme's) would leave the backdrop over the page and Tab held in nothing.
    if (box.checkVisibility?.() === false) {
      close(cancelResult);
      return false;
    }
    if (typeof ResizeObserver === 'function') {
      const watcher = new ResizeObserver(() => box.checkVisibility?.() === false && close(cancelResult));
      watcher.observe(box);
      stopWatching = () => watcher.disconnect();
    }
    if (stack[stack.length - 1] === entry) trap(entry);
    const first = box.querySelector<HTMLElement>('button');
    (first ?? box).focus();
    dispatch(box, 'dialog:shown');
    return true;
  };

  function close(result: R): void {
    if (done) return;
    done = true;
    parent.removeEventListener('close', onParentClose);
    offEscape();
    offDestroy();
    stopWatching();
    untrap(entry);
    const wasTop = stack[stack.length - 1] === entry;
    stack.splice(stack.indexOf(entry), 1);
    const below = stack[stack.length - 1];
    if (wasTop && below) trap(below);
    const overlay = host.firstElementChild as HTMLElement | null;
    dispatch(overlay ?? document, `dialog:${result}`, { result });
    let finished = false;
    const finish = () => {
      // Once: after the transition or its fallback, and even if the page removed the host meanwhile.
      if (finished) return;
      finished = true;
      root.unmount();
      host.remove();
      if (returnFocus && returnFocus.isConnected && typeof returnFocus.focus === 'function') returnFocus.focus();
      dispatch(document, 'dialog:hidden', { result });
      resolve(result);
    };
    if (!overlay || prefersReducedMotion()) {
      finish();
      return;
    }
    overlay.classList.add('site-modal-hiding');
    overlay.addEventListener('transitionend', finish, { once: true });
    setTimeout(finish, DIALOG_HIDE_FALLBACK_MS);
  }

  root.render(render(close, zIndex, onShown));
  return { close, closed };
}
