import { describe, expect, it, vi } from 'vitest';
import button, { holdsClick, safeHref } from '../../src/blocks/button/index';
import { defaultContext } from '../../src/context/read';
import { sendCensus } from '../../src/net/census';

vi.mock('../../src/net/census', () => ({ sendCensus: vi.fn(() => Promise.resolve(true)) }));

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

  it("resolves a relative address as the page's own links do, against its <base href>", () => {
    const base = document.head.appendChild(Object.assign(document.createElement('base'), { href: 'https://cdn.example/theme/' }));
    try {
      expect(safeHref('contact')).toBe('https://cdn.example/theme/contact');
      expect(safeHref('/contact')).toBe('https://cdn.example/contact');
    } finally {
      base.remove();
    }
  });
});

describe('button render hits', () => {
  it('wait for an idle moment or the page hiding; a button destroyed first sends none', () => {
    vi.stubGlobal('requestIdleCallback', () => 1); // never idle: only pagehide runs the queue
    const mount = (id: string) => {
      const element = document.createElement('div');
      element.id = `block-${id}`;
      element.innerHTML = '<a href="/contact">Contact</a>';
      document.body.append(element);
      return button.mount(element, { id, config: {}, page: defaultContext() }) as { destroy(): void };
    };
    const kept = mount('kept');
    const gone = mount('gone');
    gone.destroy();
    expect(sendCensus).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('pagehide'));
    expect(vi.mocked(sendCensus).mock.calls.map(([, path, payload]) => [path, (payload as { id: string }).id])).toEqual([['/api/census/button-render', 'kept']]);
    kept.destroy();
  });
});
