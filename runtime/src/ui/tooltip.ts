import { listen, type Teardown } from '../platform/events';
import { isEscape } from '../platform/keys';
import { ensureStyles } from './styles';

/** Spec part 1 §9: tooltip delay 1200 ms, width 250, mouse offset 15, edge margin 20 px. */
export const TOOLTIP_DELAY_MS = 1200;
export const TOOLTIP_WIDTH = 250;
export const TOOLTIP_MOUSE_OFFSET = 15;
export const EDGE_MARGIN = 20;

let counter = 0;

/** Keeps a box of `width` × `height` placed at (x, y) at least EDGE_MARGIN inside the viewport. */
export function clampToViewport(x: number, y: number, width: number, height: number, viewportWidth: number, viewportHeight: number) {
  const maxX = Math.max(EDGE_MARGIN, viewportWidth - EDGE_MARGIN - width);
  const maxY = Math.max(EDGE_MARGIN, viewportHeight - EDGE_MARGIN - height);
  return { x: Math.min(Math.max(x, EDGE_MARGIN), maxX), y: Math.min(Math.max(y, EDGE_MARGIN), maxY) };
}

/**
 * A tooltip for `target`: shown after hovering 1200 ms (at the pointer) or at once on keyboard
 * focus (below the target), hidden on leave, blur or Escape. Linked by aria-describedby.
 */
export function tooltip(target: HTMLElement, text: string, delayMs = TOOLTIP_DELAY_MS): Teardown {
  counter += 1;
  const id = `site-tooltip-${counter}`;
  let tip: HTMLElement | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const previousDescribedBy = target.getAttribute('aria-describedby');
  target.setAttribute('aria-describedby', previousDescribedBy ? `${previousDescribedBy} ${id}` : id);

  const place = (x: number, y: number) => {
    if (!tip) return;
    const box = tip.getBoundingClientRect();
    const at = clampToViewport(x, y, box.width || TOOLTIP_WIDTH, box.height, window.innerWidth, window.innerHeight);
    tip.style.left = `${at.x}px`;
    tip.style.top = `${at.y}px`;
  };
  const show = (x: number, y: number) => {
    ensureStyles();
    if (!tip) {
      tip = document.createElement('div');
      tip.id = id;
      tip.className = 'site-tooltip';
      tip.setAttribute('role', 'tooltip');
      tip.style.maxWidth = `${TOOLTIP_WIDTH}px`;
      tip.textContent = text;
      document.body.appendChild(tip);
    }
    place(x, y);
  };
  const hide = () => {
    clearTimeout(timer);
    tip?.remove();
    tip = null;
  };
  let pointer = { x: 0, y: 0 };
  const teardowns = [
    listen(target, 'mouseenter', (event: MouseEvent) => {
      pointer = { x: event.clientX + TOOLTIP_MOUSE_OFFSET, y: event.clientY + TOOLTIP_MOUSE_OFFSET };
      clearTimeout(timer);
      timer = setTimeout(() => show(pointer.x, pointer.y), delayMs);
    }),
    listen(target, 'mousemove', (event: MouseEvent) => {
      pointer = { x: event.clientX + TOOLTIP_MOUSE_OFFSET, y: event.clientY + TOOLTIP_MOUSE_OFFSET };
      place(pointer.x, pointer.y);
    }),
    listen(target, 'mouseleave', hide),
    listen(target, 'focus', () => {
      const box = target.getBoundingClientRect();
      show(box.left, box.bottom + TOOLTIP_MOUSE_OFFSET);
    }),
    listen(target, 'blur', hide),
    listen(target, 'keydown', (event: KeyboardEvent) => {
      if (isEscape(event)) hide();
    }),
  ];
  return () => {
    hide();
    for (const teardown of teardowns) teardown();
    if (previousDescribedBy) target.setAttribute('aria-describedby', previousDescribedBy);
    else target.removeAttribute('aria-describedby');
  };
}
