/**
 * The page context's placeholder as theme authors write it: attributes in any order, quoted or
 * not, with others of their own beside them (a bundled runtime's `data-runtime-base`).
 */
import { describe, expect, it } from 'vitest';
import { MEMBER_WORDS, memberSignInHtml } from '../../contract/members/sign-in-markup';
import { PageType } from '../../contract/model/page-types';
import { openingTagWithId } from '../src/html';
import { CONTEXT_TAG, injectContext, pageOwnContext } from '../src/site-context';

const fill = (html: string) => injectContext(html, { site: { website: { id: 'site-1' } }, account: null, env: 'prod' });
const page = (tag: string, json = '{"pageType": 2}') => `<!doctype html><html><head><meta charset="utf-8">${tag}${json}</script></head><body><main>Hi</main></body></html>`;

describe('the page context placeholder', () => {
  it.each([
    ['the contract\'s form', '<script type="application/json" id="site-context">'],
    ['id first', '<script id="site-context" type="application/json">'],
    ['a setting of the theme beside them', '<script type="application/json" id="site-context" data-runtime-base="/tessera/">'],
    ['single quotes and no quotes', "<script type=application/json id='site-context'>"],
    ['no quotes, another attribute after', '<script type=application/json id=site-context data-api-base="https://api.example">'],
    ['an attribute value that holds ">"', `<script data-note="a > b" type="application/json" id="site-context">`],
  ])('is filled when written with %s, and its opening tag stays as written', (_name, tag) => {
    const html = fill(page(tag));
    expect(html).toContain(`${tag}{`);
    const context = JSON.parse(CONTEXT_TAG.exec(html)![2]!) as Record<string, unknown>;
    expect(context).toMatchObject({ pageType: 2, env: 'prod', website: { id: 'site-1' } });
    expect(pageOwnContext(page(tag))).toEqual({ pageType: 2 });
  });

  it('is not a script whose id only begins with site-context, nor one that merely mentions it', () => {
    for (const tag of ['<script type="application/json" id="site-context-old">', '<script type="application/json" data-note="id=site-context">']) {
      const html = page(tag);
      expect(fill(html)).toBe(html);
      expect(pageOwnContext(html)).toBeNull();
    }
  });
});

describe('the elements the server fills, as a theme writes them', () => {
  it('finds an element by its id in any quotes, among other attributes, and not by an id that only begins so', () => {
    expect(openingTagWithId(`<main><div class="cart" id='sqs-cart-root' data-x="1"></div></main>`, 'div', 'sqs-cart-root')).toBe(`<div class="cart" id='sqs-cart-root' data-x="1">`);
    expect(openingTagWithId('<div id=sqs-cart-root>', 'div', 'sqs-cart-root')).toBe('<div id=sqs-cart-root>');
    expect(openingTagWithId('<div id="sqs-cart-root-old"></div><section id="sqs-cart-root">', 'div', 'sqs-cart-root')).toBeNull();
  });

  it("renders the member sign-in into an access page's root written with a class and single quotes", () => {
    const html = `<html><head><script type="application/json" id="site-context">{"pageType": ${PageType.MEMBER_AREA_ACCESS_DENIED}}</script></head><body><div class="box" id='sqs-member-access-page-root'></div></body></html>`;
    expect(fill(html)).toContain(`<div class="box" id='sqs-member-access-page-root'>${memberSignInHtml(MEMBER_WORDS)}</div>`);
  });
});
