/**
 * The search block: a labelled search form that goes to `/search?q=` (the site's search page,
 * page type 102, where tracking records the site-search census event). It keeps the current
 * query in the field on the search page itself. A search form of the theme's inside the block is
 * enhanced where it stands; otherwise the block builds its own and hides what the theme put there.
 */
import type { BlockModule } from '../../core/types';
import { SEARCH_PATH } from '../../../../contract/model/site-search';
import { enhanceSearchForm, searchWords, themeSearchForm } from './enhance';

let counter = 0;

/** The block's own form, bare: enhanceSearchForm gives it the rest. */
function ownForm(element: HTMLElement): [HTMLFormElement, HTMLInputElement] {
  const words = searchWords();
  const form = document.createElement('form');
  form.action = SEARCH_PATH;
  form.className = 'search-block';
  const label = document.createElement('label');
  label.htmlFor = `search-${element.id || ++counter}`;
  label.textContent = words.label;
  const field = document.createElement('input');
  field.type = 'search';
  field.name = 'q';
  field.id = label.htmlFor;
  const button = document.createElement('button');
  button.textContent = words.button;
  form.append(label, ' ', field, ' ', button);
  return [form, field];
}

const search: BlockModule = {
  stylesheet: 'blocks.css',
  mount(element, { config }) {
    const theirs = themeSearchForm(element);
    if (theirs) return { form: theirs.form, destroy: enhanceSearchForm(theirs.form, theirs.field, config) };
    const authored = Array.from(element.children) as HTMLElement[];
    const [form, field] = ownForm(element);
    enhanceSearchForm(form, field, config);
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
