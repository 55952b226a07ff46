import { describe, expect, it } from 'vitest';
import { renderProseMirror, safeLinkHref } from '../../../contract/model/prose-mirror';

const doc = (...content: unknown[]) => ({ type: 'doc', content }) as never;
const p = (...content: unknown[]) => ({ type: 'paragraph', content });
const text = (value: string, marks?: unknown[]) => ({ type: 'text', text: value, marks });

describe('prose-mirror text to HTML', () => {
  it('renders known nodes and marks, escaping every text', () => {
    expect(renderProseMirror(doc(p(text('Winter '), text('sale', [{ type: 'strong' }]), text(' <now>'), { type: 'hard_break' }, text('ends', [{ type: 'em' }]))))).toBe(
      '<p>Winter <strong>sale</strong> &lt;now&gt;<br><em>ends</em></p>',
    );
    expect(renderProseMirror(doc({ type: 'heading', attrs: { level: 1 }, content: [text('Hi')] }))).toBe('<h2>Hi</h2>');
  });
  it('keeps safe links and drops the others (the text stays)', () => {
    const link = (href: string) => renderProseMirror(doc(p(text('go', [{ type: 'link', attrs: { href } }]))));
    expect(link('/contact')).toBe('<p><a href="/contact">go</a></p>');
    expect(link('https://example.com/?a=1&b=2')).toBe('<p><a href="https://example.com/?a=1&amp;b=2">go</a></p>');
    expect(link('javascript:alert(1)')).toBe('<p>go</p>');
    expect(link('//evil.example')).toBe('<p>go</p>');
    // Browsers read a backslash as a slash: /\evil.example is http://evil.example/.
    expect(link('/\\evil.example')).toBe('<p>go</p>');
    expect(link('https:\\\\evil.example')).toBe('<p>go</p>');
    expect(link('/a\u0000b')).toBe('<p>go</p>');
    expect(link('/x" onmouseover="y')).toBe('<p>go</p>');
    expect(safeLinkHref('mailto:a@b.co')).toBe('mailto:a@b.co');
  });
  it('unknown nodes give their content; raw HTML stays text', () => {
    expect(renderProseMirror(doc({ type: 'html_block', content: [text('<script>alert(1)</script>')] }))).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(renderProseMirror(null)).toBe('');
  });
});
