import { afterEach, describe, expect, it } from 'vitest';
import search from '../../src/blocks/search/index';
import { defaultContext } from '../../src/context/read';

function block(inner: string): HTMLElement {
  document.body.innerHTML = `<div id="block-find" data-block-type="search">${inner}</div>`;
  return document.getElementById('block-find')!;
}

const mount = (element: HTMLElement, config: Record<string, unknown> = {}) =>
  search.mount(element, { id: 'find', config, page: defaultContext() }) as { form: HTMLFormElement; destroy(): void };

afterEach(() => history.replaceState(null, '', '/'));

describe('search block', () => {
  it('builds a labelled search form to /search when the block holds none, hiding what the theme put there until destroy', () => {
    const element = block('<p><a href="/search">Search this site</a></p>');
    const { form, destroy } = mount(element, { placeholder: 'Search the shop', buttonText: 'Find' });
    expect(form.getAttribute('role')).toBe('search');
    expect(new URL(form.action).pathname).toBe('/search');
    const field = form.querySelector('input')!;
    expect([field.name, field.type, field.required, field.maxLength, field.placeholder]).toEqual(['q', 'search', true, 100, 'Search the shop']);
    expect(field.labels![0]!.textContent).toBe('Search');
    expect(form.querySelector('button')!.textContent).toBe('Find');
    expect(element.querySelector('p')!.hidden).toBe(true);
    destroy();
    expect(element.innerHTML).toBe('<p><a href="/search">Search this site</a></p>');
  });

  it("enhances the theme's own search form where it stands, keeping its classes and other fields, and puts it back on destroy", () => {
    const theirs =
      '<form action="/search" class="d-flex"><label for="q">Find</label><input id="q" name="q" type="search" class="form-control">' +
      '<select name="in"><option>all</option><option>shop</option></select><button class="btn">Go</button></form>';
    const element = block(theirs);
    const original = element.querySelector('form')!;
    const { form, destroy } = mount(element, { placeholder: 'Search the shop', label: 'Search the site', buttonText: 'Search' });
    expect(form).toBe(original);
    expect(element.querySelectorAll('form')).toHaveLength(1);
    expect(form.hidden).toBe(false);
    expect(form.getAttribute('role')).toBe('search');
    const field = form.querySelector('input')!;
    expect([field.required, field.maxLength, field.placeholder, field.className]).toEqual([true, 100, 'Search the shop', 'form-control']);
    expect(field.labels![0]!.textContent).toBe('Search the site');
    expect(form.querySelector('button')!.textContent).toBe('Search');
    expect(form.querySelector('select')!.name).toBe('in');
    destroy();
    expect(element.innerHTML).toBe(theirs);
  });

  it("keeps the theme's words when the block's settings give none, and names an unlabelled field", () => {
    const element = block('<form role="search" action="/search"><input name="q" maxlength="50"><input type="submit" value="Look"></form>');
    const { form, destroy } = mount(element);
    const field = form.querySelector<HTMLInputElement>('input[name="q"]')!;
    expect(field.getAttribute('aria-label')).toBe('Search');
    expect(field.maxLength).toBe(50);
    expect(form.querySelector<HTMLInputElement>('[type="submit"]')!.value).toBe('Look');
    destroy();
    expect(field.hasAttribute('aria-label')).toBe(false);
  });

  it('on the search page shows the current query in either form, and destroy takes it out again', () => {
    history.replaceState(null, '', '/search?q=blue%20glaze');
    const element = block('<form action="/search" class="search-block"><input name="q" type="search"><button>Search</button></form>');
    const { form, destroy } = mount(element);
    expect(form.querySelector('input')!.value).toBe('blue glaze');
    destroy();
    expect(form.querySelector('input')!.value).toBe('');
    const own = mount(block(''));
    expect(own.form.querySelector('input')!.value).toBe('blue glaze');
  });

  it.each([
    ['another site', '<form action="https://elsewhere.example/search"><input name="q"></form>'],
    ['another page', '<form action="/shop/find"><input name="q"></form>'],
    ['a posted form', '<form action="/search" method="post"><input name="q"></form>'],
    ['no q field', '<form action="/search"><input name="query"></form>'],
  ])("does not take over a theme form that goes to %s: it builds its own and hides the theme's", (_, theirs) => {
    const element = block(theirs);
    const { form } = mount(element);
    expect(form.className).toBe('search-block');
    expect(element.querySelectorAll('form')).toHaveLength(2);
    expect(element.querySelector<HTMLFormElement>('form')!.hidden).toBe(true);
  });
});
