import { listen } from '../platform/events';

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, summary, [tabindex], [contenteditable="true"]';

export type ContainFocusOptions =
  | { container: Element; predicate?: undefined }
  | { predicate: (element: Element) => boolean; container?: undefined };

export const CONTAIN_FOCUS_ERROR = 'containFocus needs exactly one of container or predicate';

/**
 * The elements a Tab key can reach, in document order: not those a stylesheet hides (the
 * lightbox's caption toggle is `display: none` on a desktop; wrapping to it, focus went nowhere).
 * A browser without checkVisibility counts them.
 */
export function focusableIn(root: ParentNode): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => element.tabIndex >= 0 && !element.closest('[inert],[hidden]') && element.checkVisibility?.({ visibilityProperty: true }) !== false,
  );
}

/**
 * Keeps Tab and Shift+Tab inside a container (or among the elements a predicate accepts),
 * wrapping at either end. Returns the teardown.
 */
export function containFocus(options: ContainFocusOptions): () => void {
  const { container, predicate } = options as { container?: Element; predicate?: (element: Element) => boolean };
  if ((container ? 1 : 0) + (typeof predicate === 'function' ? 1 : 0) !== 1) throw new TypeError(CONTAIN_FOCUS_ERROR);
  const candidates = () =>
    container ? focusableIn(container) : focusableIn(document).filter((element) => predicate!(element));
  const inside = (element: Element | null) =>
    !!element && (container ? container.contains(element) : predicate!(element));

  const onKeydown = (event: KeyboardEvent) => {
    if (event.key !== 'Tab') return;
    const list = candidates();
    if (list.length === 0) {
      event.preventDefault();
      return;
    }
    const first = list[0]!;
    const last = list[list.length - 1]!;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !inside(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !inside(active))) {
      event.preventDefault();
      first.focus();
    }
  };
  const onFocusIn = (event: FocusEvent) => {
    if (!inside(event.target as Element)) candidates()[0]?.focus();
  };
  const offKeydown = listen(document, 'keydown', onKeydown, { capture: true });
  const offFocus = listen(document, 'focusin', onFocusIn);
  return () => {
    offKeydown();
    offFocus();
  };
}
