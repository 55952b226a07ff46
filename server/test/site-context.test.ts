/**
 * The page context's placeholder as theme authors write it: attributes in any order, quoted or
 * not, with others of their own beside them (a bundled runtime's `data-runtime-base`).
 */
import { describe, expect, it } from 'vitest';
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
  ])('is filled when written with %s, and its opening tag stays as written', (_name, tag) => {
    const html = fill(page(tag));
    expect(html).toContain(`${tag}{`);
    const context = JSON.parse(CONTEXT_TAG.exec(html)![1]!) as Record<string, unknown>;
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
