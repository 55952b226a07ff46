import { describe, expect, it } from 'vitest';
import { classify } from '../../../contract/url/classify';
import {
  LINK_LENGTH_LIMITS,
  isProperAnchor,
  isProperFtp,
  isProperInternal,
  isProperJavascript,
  isProperMailto,
  isProperSms,
  isProperTel,
  isProperUrl,
  isUnderLimit,
} from '../../../contract/url/links';
import { collectionIdFromPanelPath, collectionPanelPath, isValidBlogUrlPattern, slugify } from '../../../contract/url/slug';

const HOST = 'shop.example.com';

describe('classify (part 1 §5, first match wins)', () => {
  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['#top', 'anchor'],
    ['#', 'anchor'],
    ['mailto:a@b.co', 'misc'],
    ['tel:+15550100', 'misc'],
    ['javascript:alert(1)', 'misc'],
    ['data:text/html,x', 'misc'],
    ['http:example.com', 'malformed'],
    ['https:/example.com', 'malformed'],
    ['ftp:files', 'malformed'],
    ['http:///nohost', 'malformed'],
    ['https://other.com/s/file.pdf', 'external'],
    ['//other.com/page', 'external'],
    ['ftp://files.example.org/a', 'external'],
    ['https://user@other.com/', 'external'],
    [`https://${HOST}/s/brochure.pdf`, 'file'],
    [`//${HOST}/about`, 'content'],
    [`HTTPS://${HOST.toUpperCase()}`, 'content'],
    ['/s/brochure.pdf', 'file'],
    ['/about?x=1', 'content'],
    ['/', 'content'],
    ['about', 'relative'],
    ['../up', 'relative'],
    ['?q=1', 'relative'],
  ])('%j → %s', (value, kind) => {
    expect(classify(value, HOST)).toBe(kind);
  });

  it('compares hosts with their port', () => {
    expect(classify('http://localhost:8080/x', 'localhost:8080')).toBe('content');
    expect(classify('http://localhost:9090/x', 'localhost:8080')).toBe('external');
  });

  it('answers for non-strings without throwing', () => {
    expect(classify(undefined as unknown as string)).toBe('empty');
  });
});

describe('length limits: under N is strictly less', () => {
  it.each(Object.entries(LINK_LENGTH_LIMITS))('%s under %i', (kind, limit) => {
    expect(isUnderLimit(kind as keyof typeof LINK_LENGTH_LIMITS, 'x'.repeat(limit - 1))).toBe(true);
    expect(isUnderLimit(kind as keyof typeof LINK_LENGTH_LIMITS, 'x'.repeat(limit))).toBe(false);
  });
  it('has the spec values', () => {
    expect(LINK_LENGTH_LIMITS).toEqual({ tel: 50, sms: 1000, mailto: 1000, anchor: 100, ftp: 100, javascript: 250, internal: 150 });
  });
});

describe('proper links', () => {
  it.each([
    [isProperTel, 'tel:+1-555-0100', true],
    [isProperTel, 'tel:5550', true],
    [isProperTel, 'tel:555', false],
    [isProperTel, 'tel:555 0100', false],
    [isProperTel, 'tel:(555)0100', false],
    [isProperTel, `tel:${'1'.repeat(45)}`, true],
    [isProperTel, `tel:${'1'.repeat(46)}`, false],
    [isProperTel, '+15550100', false],
    [isProperSms, 'sms:+1(555)0100,5550101', true],
    [isProperSms, 'sms:abc', false],
    [isProperSms, 'sms:', false],
    [isProperMailto, 'mailto:studio@example.com', true],
    [isProperMailto, 'mailto:studio@example.com?subject=Hi', true],
    [isProperMailto, 'mailto:studio@example', false],
    [isProperMailto, 'mailto:a@b@example.com', false],
    [isProperMailto, 'mailto:@example.com', false],
    [isProperMailto, `mailto:${'a'.repeat(980)}@example.com`, true],
    [isProperMailto, `mailto:${'a'.repeat(981)}@example.com`, false],
    [isProperAnchor, '#section-2', true],
    [isProperAnchor, '#', false],
    [isProperAnchor, `#${'a'.repeat(99)}`, false],
    [isProperFtp, 'ftp://files.example.org/a.zip', true],
    [isProperFtp, 'ftp:/files', false],
    [isProperJavascript, 'javascript:void(0)', true],
    [isProperJavascript, `javascript:${'x'.repeat(240)}`, false],
    [isProperInternal, '/about', true],
    [isProperInternal, '//evil.com', false],
    [isProperInternal, `/${'a'.repeat(149)}`, false],
    [isProperUrl, 'https://example.com', true],
    [isProperUrl, 'http://www.example.org/path?q=1', true],
    [isProperUrl, 'https://example.co.uk:8443/', true],
    [isProperUrl, 'https://example.photography', false],
    [isProperUrl, 'https://localhost', false],
    [isProperUrl, 'ftp://example.com', false],
    [isProperUrl, 'https://exa mple.com', false],
  ] as const)('%#: %j → %s', (check, link, proper) => {
    expect(check(link)).toBe(proper);
  });
});

describe('url-safe strings', () => {
  it.each([
    ['Summer Sale', 'summer-sale'],
    ['Summer  Sale... 2026!', 'summer-sale-2026'],
    ['a--b', 'a-b'],
    ['a.-.b', 'a-b'],
    ['v1.2', 'v12'],
    ['Café Crème', 'café-crème'],
    ['東京 2026', '東京-2026'],
    ['blog/Post Title', 'blog/post-title'],
    ['<script>', 'script'],
    ['  trim  ', 'trim'],
    ['-Sale!-', 'sale'],
    ['Sale...', 'sale'],
    ['', ''],
  ])('%j → %j', (input, slug) => {
    expect(slugify(input)).toBe(slug);
  });
});

describe('blog url tokens and collection panel paths', () => {
  it.each([
    ['%y/%m/%d/%t', true],
    ['blog/%t', true],
    ['%Y/%t', false],
    ['%x', false],
    ['100%', false],
    ['plain', true],
  ])('%j valid %s', (pattern, valid) => {
    expect(isValidBlogUrlPattern(pattern)).toBe(valid);
  });

  it('builds and reads /pages/{24}', () => {
    const id = '5f2b1c3d4e5f6a7b8c9d0e1f';
    expect(collectionPanelPath(id)).toBe(`/pages/${id}`);
    expect(collectionIdFromPanelPath(`/pages/${id}`)).toBe(id);
    expect(collectionIdFromPanelPath('/pages/5F2B1C3D4E5F6A7B8C9D0E1F')).toBeNull();
    expect(collectionIdFromPanelPath('/pages/short')).toBeNull();
    expect(() => collectionPanelPath('../etc/passwd')).toThrow(TypeError);
  });
});
