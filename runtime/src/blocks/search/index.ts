/**
 * The search block: a labelled search form that goes to `/search?q=` (the site's search page,
 * page type 102, where tracking records the site-search census event). It keeps the current
 * query in the field on the search page itself.
 */
import type { BlockModule } from '../../core/types';
import { texts } from '../../platform/strings';

export const SEARCH_PATH = '/search';
/** The block's default words (platform/strings.ts); its settings' win. */
export const searchWords = texts('search', { label: 'Search', button: 'Search' });
let counter = 0;

const search: BlockModule = {
  stylesheet: 'blocks.css',
  mount(element, { config }) {
    const authored = Array.from(element.children) as HTMLElement[];
    const form = document.createElement('form');
    form.setAttribute('role', 'search');
    form.action = SEARCH_PATH;
    form.method = 'get';
    form.className = 'search-block';
    const id = `search-${element.id || ++counter}`;
    const words = searchWords();
    const label = document.createElement('label');
    label.htmlFor = id;
    label.textContent = typeof config.label === 'string' ? config.label : words.label;
    const input = document.createElement('input');
    input.type = 'search';
    input.name = 'q';
    input.id = id;
    input.required = true;
    input.maxLength = 100;
    if (typeof config.placeholder === 'string') input.placeholder = config.placeholder;
    if (location.pathname === SEARCH_PATH) input.value = new URLSearchParams(location.search).get('q') ?? '';
    const button = document.createElement('button');
    button.type = 'submit';
    button.textContent = typeof config.buttonText === 'string' ? config.buttonText : words.button;
    form.append(label, ' ', input, ' ', button);
    for (const child of authored) child.hidden = true;
    element.append(form);
    return {
      form,
      destroy() {
        form.remove();
        for (const child of authored) child.hidden = false;
      },
    };
  },
};
export default search;
