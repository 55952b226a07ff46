/**
 * What makes a form the search block's: a search role, the field's bounds, the block's words and
 * the current query. Applied to the form the block builds and, in place, to a theme's own search
 * form inside the block (its classes, extra fields and listeners stay); every change to a
 * theme's form is undone on destroy.
 */
import { SEARCH_PATH, SEARCH_QUERY_MAX } from '../../../../contract/model/site-search';
import { texts } from '../../platform/strings';

/** The block's default words (platform/strings.ts); its settings' win. */
export const searchWords = texts('search', { label: 'Search', button: 'Search' });

/** The theme's form that goes to the search page with its query in `q`, if the block holds one. */
export function themeSearchForm(element: HTMLElement): { form: HTMLFormElement; field: HTMLInputElement } | null {
  for (const form of Array.from(element.querySelectorAll('form'))) {
    const field = form.elements.namedItem('q');
    if (!(field instanceof HTMLInputElement) || form.method !== 'get') continue;
    // `form.action` is the resolved address: the page itself when the attribute is absent.
    let target: URL;
    try {
      target = new URL(form.action, location.href);
    } catch {
      continue;
    }
    if (target.origin === location.origin && target.pathname === SEARCH_PATH) return { form, field };
  }
  return null;
}

type Undo = () => void;

function setAttribute(element: Element, name: string, value: string, undo: Undo[]): void {
  const before = element.getAttribute(name);
  element.setAttribute(name, value);
  undo.push(() => (before === null ? element.removeAttribute(name) : element.setAttribute(name, before)));
}

function setText(element: Element, text: string, undo: Undo[]): void {
  const before = Array.from(element.childNodes);
  element.textContent = text;
  undo.push(() => element.replaceChildren(...before));
}

/** The control that submits the form: its first submit button or submit input. */
const submitControl = (form: HTMLFormElement) => form.querySelector<HTMLButtonElement | HTMLInputElement>('button:not([type]), button[type="submit"], input[type="submit"]');

/** Makes `form` the block's search form; answers the function that puts it back as it was. */
export function enhanceSearchForm(form: HTMLFormElement, field: HTMLInputElement, config: Record<string, unknown>): Undo {
  const undo: Undo[] = [];
  if (!form.hasAttribute('role')) setAttribute(form, 'role', 'search', undo);
  if (!field.hasAttribute('required')) setAttribute(field, 'required', '', undo);
  if (!field.hasAttribute('maxlength')) setAttribute(field, 'maxlength', `${SEARCH_QUERY_MAX}`, undo);
  if (typeof config.placeholder === 'string') setAttribute(field, 'placeholder', config.placeholder, undo);
  const label = field.labels?.[0];
  if (label && typeof config.label === 'string') setText(label, config.label, undo);
  else if (!label && !field.hasAttribute('aria-label') && !field.hasAttribute('aria-labelledby')) {
    setAttribute(field, 'aria-label', typeof config.label === 'string' ? config.label : searchWords().label, undo);
  }
  const submit = submitControl(form);
  if (submit && typeof config.buttonText === 'string') {
    if (submit instanceof HTMLInputElement) setAttribute(submit, 'value', config.buttonText, undo);
    else setText(submit, config.buttonText, undo);
  }
  if (location.pathname === SEARCH_PATH && field.value === '') {
    field.value = new URLSearchParams(location.search).get('q') ?? '';
    undo.push(() => (field.value = ''));
  }
  return () => {
    for (const step of undo.reverse()) step();
  };
}
