import { describe, expect, it } from 'vitest';
import { holdsClick, safeHref } from '../../src/blocks/button/index';

const link = (attributes: Record<string, string>) => {
  const a = document.createElement('a');
  for (const [name, value] of Object.entries(attributes)) a.setAttribute(name, value);
  return a;
};
const click = (init: MouseEventInit = {}) => new MouseEvent('click', { button: 0, cancelable: true, ...init });

describe('button clicks (spec part 1 §4, as the README reads it)', () => {
  it('holds only a plain same-tab click', () => {
    expect(holdsClick(click(), link({ href: '/x' }))).toBe(true);
    expect(holdsClick(click(), link({ href: '/x', target: '_self' }))).toBe(true);
    expect(holdsClick(click({ ctrlKey: true }), link({ href: '/x' }))).toBe(false);
    expect(holdsClick(click({ metaKey: true }), link({ href: '/x' }))).toBe(false);
    expect(holdsClick(click({ shiftKey: true }), link({ href: '/x' }))).toBe(false);
    expect(holdsClick(click({ button: 1 }), link({ href: '/x' }))).toBe(false);
    expect(holdsClick(click(), link({ href: '/x', target: '_blank' }))).toBe(false);
    expect(holdsClick(click(), link({ href: 'mailto:a@b.co' }))).toBe(false);
    expect(holdsClick(click(), link({ href: '/file.pdf', download: '' }))).toBe(false);
  });

  it('only follows http(s), mailto and tel addresses', () => {
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('data:text/html,x')).toBeNull();
    expect(safeHref('/contact')).toBe(`${location.origin}/contact`);
    expect(safeHref('mailto:a@b.co')).toBe('mailto:a@b.co');
  });
});
