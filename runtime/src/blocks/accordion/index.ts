import type { BlockInstance, BlockModule } from '../../core/types';
import { listen, type Teardown } from '../../platform/events';
import { prefersReducedMotion } from '../../platform/motion';

/** Spec part 1 §9: opening (and closing) an accordion item animates for 250 ms. */
export const ACCORDION_ANIMATION_MS = 250;
const EASING = 'ease-in-out';

export interface AccordionConfig {
  allowMultipleOpen: boolean;
  expandFirst: boolean;
}

export function accordionConfig(raw: Record<string, unknown>): AccordionConfig {
  return { allowMultipleOpen: raw.allowMultipleOpen === true, expandFirst: raw.expandFirst === true };
}

export interface AccordionInstance extends BlockInstance {
  readonly animating: boolean;
  /** Opens (true) or closes (false) item `index`; answers false while animating. */
  toggle(index: number, open?: boolean): boolean;
  readonly items: HTMLDetailsElement[];
}

/**
 * Enhances child `<details>` items, which already work without script: the runtime adds the
 * animation, single-open behaviour and the optional first expanded item.
 */
export function mountAccordion(element: HTMLElement, config: AccordionConfig): AccordionInstance {
  const items = Array.from(element.querySelectorAll<HTMLDetailsElement>(':scope > details'));
  const running = new Set<Animation>();
  const teardowns: Teardown[] = [];

  const summaryHeight = (item: HTMLDetailsElement) => item.querySelector('summary')?.offsetHeight ?? 0;

  const animateHeight = (item: HTMLDetailsElement, from: number, to: number, done: () => void) => {
    if (prefersReducedMotion() || typeof item.animate !== 'function') {
      done();
      return;
    }
    item.style.overflow = 'hidden';
    const animation = item.animate([{ height: `${from}px` }, { height: `${to}px` }], {
      duration: ACCORDION_ANIMATION_MS,
      easing: EASING,
    });
    running.add(animation);
    const finish = () => {
      if (!running.delete(animation)) return;
      item.style.overflow = '';
      done();
    };
    animation.onfinish = finish;
    animation.oncancel = finish;
  };

  const setOpen = (item: HTMLDetailsElement, open: boolean) => {
    if (item.open === open) return;
    if (open) {
      const from = item.offsetHeight;
      item.open = true;
      animateHeight(item, from, item.scrollHeight, () => undefined);
    } else {
      animateHeight(item, item.offsetHeight, summaryHeight(item), () => {
        item.open = false;
      });
    }
  };

  const toggle = (index: number, open?: boolean): boolean => {
    const item = items[index];
    if (!item || running.size > 0) return false;
    const next = open ?? !item.open;
    if (next && !config.allowMultipleOpen) for (const other of items) if (other !== item) setOpen(other, false);
    setOpen(item, next);
    return true;
  };

  items.forEach((item, index) => {
    const summary = item.querySelector(':scope > summary');
    if (!summary) return;
    // The summary's own activation (mouse, Enter, Space) toggles natively; we take it over
    // so that the change animates and respects single-open and the animation lock.
    teardowns.push(
      listen(summary, 'click', (event: Event) => {
        event.preventDefault();
        toggle(index);
      }),
    );
    // Opened by other means (find-in-page, a fragment link): keep single-open true.
    teardowns.push(
      listen(item, 'toggle', () => {
        if (item.open && !config.allowMultipleOpen && running.size === 0) {
          for (const other of items) if (other !== item && other.open) other.open = false;
        }
      }),
    );
  });

  if (config.expandFirst && items[0]) {
    items[0].open = true;
    if (!config.allowMultipleOpen) for (const other of items.slice(1)) other.open = false;
  }

  return {
    items,
    get animating() {
      return running.size > 0;
    },
    toggle,
    destroy() {
      for (const teardown of teardowns) teardown();
      for (const animation of [...running]) animation.cancel();
      running.clear();
    },
  };
}

const accordion: BlockModule = {
  mount: (element, { config }) => mountAccordion(element, accordionConfig(config)),
};
export default accordion;
