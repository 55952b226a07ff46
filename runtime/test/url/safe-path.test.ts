import { describe, expect, it } from 'vitest';
import { sameOriginPath } from '../../../contract/url/safe-path';

const origin = 'https://site.example';

describe('sameOriginPath', () => {
  it.each([
    ['/', '/'],
    ['/faq?x=1#a', '/faq?x=1#a'],
    ['/a/../b', '/b'],
  ])('keeps %s', (value, expected) => {
    expect(sameOriginPath(value, origin)).toBe(expected);
  });

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'data:text/html,x',
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    '\\\\evil.example',
    '/\tevil',
    'faq',
    ' /faq',
    '',
    null,
    undefined,
  ])('refuses %s', (value) => {
    expect(sameOriginPath(value as string, origin, '/fallback')).toBe('/fallback');
  });
});
