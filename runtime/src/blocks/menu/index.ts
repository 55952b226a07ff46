/**
 * The menu block (spec part 1 §4): one tab per menu section, the first selected; Left and
 * Right move between tabs (wrapping), Enter or Space selects (WAI tabs, manual activation).
 * Without script every section simply shows, one after another.
 *
 * Markup: each child `<section>` is a menu; its first heading names the tab.
 */
import type { BlockModule } from '../../core/types';
import { isRightToLeft } from '../../platform/direction';
import { listen, type Teardown } from '../../platform/events';
import { isActivation } from '../../platform/keys';
import { fill, texts } from '../../platform/strings';

/** The block's words (platform/strings.ts): a tab whose panel has no heading. */
export const menuWords = texts('menu', { tab: 'Menu {n}' });

let counter = 0;

/** Where Left/Right go from tab `index` of `count`, wrapping at the ends (Left goes on in a right-to-left row). */
export function cycle(index: number, count: number, key: string, rightToLeft = false): number {
  if (key === 'ArrowLeft' || key === 'ArrowRight') return (index + ((key === 'ArrowRight') !== rightToLeft ? 1 : -1) + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return index;
}

const menu: BlockModule = {
  stylesheet: 'blocks.css',
  mount(element) {
    const panels = Array.from(element.querySelectorAll<HTMLElement>(':scope > section'));
    const list = document.createElement('div');
    list.className = 'menu-tabs';
    list.setAttribute('role', 'tablist');
    const prefix = `${element.id || `menu-${++counter}`}-tab`;
    const tabs = panels.map((panel, i) => {
      const tab = document.createElement('button');
      tab.type = 'button';
      tab.id = `${prefix}-${i}`;
      tab.setAttribute('role', 'tab');
      tab.textContent = panel.querySelector('h1, h2, h3, h4, h5, h6')?.textContent?.trim() || fill(menuWords().tab, { n: i + 1 });
      panel.id ||= `${prefix}-panel-${i}`;
      tab.setAttribute('aria-controls', panel.id);
      panel.setAttribute('role', 'tabpanel');
      panel.setAttribute('aria-labelledby', tab.id);
      panel.tabIndex = 0;
      list.append(tab);
      return tab;
    });
    element.prepend(list);

    let selected = 0;
    const select = (index: number) => {
      selected = index;
      tabs.forEach((tab, i) => {
        tab.setAttribute('aria-selected', String(i === index));
        tab.tabIndex = i === index ? 0 : -1;
        panels[i]!.hidden = i !== index;
      });
    };
    select(0);

    const teardowns: Teardown[] = tabs.map((tab, i) => listen(tab, 'click', () => select(i)));
    teardowns.push(
      listen(list, 'keydown', (event: KeyboardEvent) => {
        const at = tabs.indexOf(event.target as HTMLButtonElement);
        if (at < 0) return;
        if (isActivation(event)) {
          event.preventDefault();
          select(at);
          return;
        }
        const next = cycle(at, tabs.length, event.key, event.key.startsWith('Arrow') && isRightToLeft(list));
        if (next === at) return;
        event.preventDefault();
        tabs[next]!.focus();
      }),
    );
    return {
      get selected() {
        return selected;
      },
      select,
      destroy() {
        teardowns.forEach((teardown) => teardown());
        list.remove();
        for (const panel of panels) {
          panel.hidden = false;
          for (const name of ['role', 'aria-labelledby', 'tabindex']) panel.removeAttribute(name);
        }
      },
    };
  },
};
export default menu;
