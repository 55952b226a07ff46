/**
 * Inside the config app's frame (CONTRACT §6): Escape and Shift+Escape go to the app with
 * `postMessage({type: 'site:key', key, shiftKey})`, and hovering or focusing a block outlines
 * it and names its type (mouse tracking for logged-in owners, part 1 §6).
 */
import { KEY_MESSAGE } from '../../../contract/names';
import { listen, type Teardown } from '../platform/events';
import { addStyleSheet } from '../platform/style-sheets';

export { KEY_MESSAGE };
const OUTLINE_CLASS = 'site-owner-outline';
const LABEL_CLASS = 'site-owner-label';

/** The config app's window when this page is framed by it (same origin, a /config path). */
export function configParent(): Window | null {
  if (window.parent === window) return null;
  try {
    return window.parent.location.origin === location.origin && window.parent.location.pathname.startsWith('/config') ? window.parent : null;
  } catch {
    return null; // another origin: not ours
  }
}

export function forwardKey(parent: Window, event: KeyboardEvent): void {
  parent.postMessage({ type: KEY_MESSAGE, key: 'Escape', shiftKey: event.shiftKey }, location.origin);
}

const ensureStyles = () =>
  addStyleSheet(
    'site-owner-styles',
    `.${OUTLINE_CLASS}{outline:2px dashed #2563eb;outline-offset:2px}.${LABEL_CLASS}{position:absolute;z-index:29999;background:#2563eb;color:#fff;font:12px/1.6 system-ui,sans-serif;padding:0 6px;border-radius:2px;pointer-events:none}`,
  );

/** Outlines the block under the pointer (or holding the focus) and names its type. */
export function trackBlocks(): Teardown {
  ensureStyles();
  const label = document.createElement('span');
  label.className = LABEL_CLASS;
  label.setAttribute('aria-hidden', 'true');
  let current: HTMLElement | null = null;
  const show = (target: EventTarget | null) => {
    const block = target instanceof Element ? target.closest<HTMLElement>('[data-block-type]') : null;
    if (block === current) return;
    current?.classList.remove(OUTLINE_CLASS);
    current = block;
    if (!block) return label.remove();
    block.classList.add(OUTLINE_CLASS);
    label.textContent = block.dataset.blockType!;
    const box = block.getBoundingClientRect();
    label.style.left = `${box.left + scrollX}px`;
    label.style.top = `${Math.max(0, box.top + scrollY - 20)}px`;
    document.body.append(label);
  };
  const stops = [listen(document, 'mouseover', (e) => show(e.target)), listen(document, 'focusin', (e) => show(e.target))];
  return () => {
    stops.forEach((stop) => stop());
    show(null);
  };
}
