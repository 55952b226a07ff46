import { describe, expect, it } from 'vitest';
import { headingLevelAfter } from '../../src/ui/heading-level';

const levelIn = (html: string) => {
  document.body.innerHTML = html;
  return headingLevelAfter(document.getElementById('block')!);
};

describe('headingLevelAfter', () => {
  it('is one below the last heading before the block', () => {
    expect(levelIn('<h1>Page</h1><div id="block"></div>')).toBe(2);
    expect(levelIn('<h1>Page</h1><section><h2>Part</h2><div id="block"></div></section>')).toBe(3);
    expect(levelIn('<h1>Page</h1><h3>Deep</h3><div><p><span id="block"></span></p></div>')).toBe(4);
  });

  it('ignores headings in or after the block, and stays within 2 to 6', () => {
    expect(levelIn('<div id="block"><h4>Fallback</h4></div><h1>After</h1>')).toBe(2);
    expect(levelIn('<h1>Page</h1><div id="block"><h5>Own</h5></div><h6>After</h6>')).toBe(2);
    expect(levelIn('<h6>Deepest</h6><div id="block"></div>')).toBe(6);
  });
});
