/**
 * Property tests for the pure helpers (10,000 generated cases each): they never throw on any
 * input and keep their invariants.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { CURRENCIES, NATIVE_TEMPLATES, US_ENGLISH_TEMPLATES } from '../../../contract/commerce/currencies';
import { MAX_INTEGER_DIGITS, formatMinorUnits, formatNumber, templateFor } from '../../../contract/commerce/money';
import { type UrlKind, classify } from '../../../contract/url/classify';
import * as links from '../../../contract/url/links';
import { sameOriginPath } from '../../../contract/url/safe-path';
import { collectionIdFromPanelPath, collectionPanelPath, isCollectionId, slugify } from '../../../contract/url/slug';
import { HOSTILE_STRINGS, hostileString } from './arbitraries';

const RUNS = { numRuns: 10_000 };
// 10,000 cases take seconds, past the default 5 s per test.
vi.setConfig({ testTimeout: 120_000 });
const KINDS: UrlKind[] = ['empty', 'anchor', 'misc', 'malformed', 'external', 'file', 'content', 'relative'];

/** URL-ish strings: schemes, hosts and paths glued from parts, so every branch is reached. */
const urlLike = fc.oneof(
  hostileString,
  fc
    .tuple(
      fc.constantFrom('', 'http:', 'HTTPS:', 'ftp:', 'mailto:', 'javascript:', 'tel:', 'x-y+z.1:', '1a:'),
      fc.constantFrom('', '//', '/', '\\\\', '#'),
      fc.constantFrom('', 'example.com', 'Site.Example', 'user:pw@example.com', 'evil.example', '[::1]'),
      fc.constantFrom('', '/', '/s/file.pdf', '/blog/post?x=1#top', '?q', 'relative/path'),
      hostileString,
    )
    .map((parts) => parts.join('')),
);

describe('classify', () => {
  it('answers one of its kinds for any string and host', () => {
    fc.assert(
      fc.property(urlLike, fc.constantFrom('', 'example.com', 'site.example'), (value, host) => {
        expect(KINDS).toContain(classify(value, host));
      }),
      RUNS,
    );
  });

  it('keeps its first rules: blank is empty, # is an anchor, another host is external', () => {
    fc.assert(
      fc.property(hostileString, (value) => {
        expect(classify(`#${value}`)).toBe('anchor');
        expect(classify(`   ${value.replace(/\S/g, ' ')}`)).toBe('empty');
        expect(classify(`https://other.example/${value}`, 'example.com')).toBe('external');
      }),
      RUNS,
    );
  });
});

describe('slugify', () => {
  it('answers only lower-case letters, digits, slashes and single hyphens from runs', () => {
    fc.assert(
      fc.property(hostileString, (value) => {
        const slug = slugify(value);
        expect(slug).toMatch(/^[\p{L}\p{N}/-]*$/u);
        expect(slug).not.toMatch(/\s/);
        expect(slug).not.toMatch(/^-|-$/);
      }),
      RUNS,
    );
  });

  it('leaves a slug of ASCII letters, digits and single hyphens as it is', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9]+(-[a-z0-9]+)*$/), (slug) => {
        expect(slugify(slug)).toBe(slug);
      }),
      RUNS,
    );
  });
});

describe('collection panel paths', () => {
  it('round-trip every collection id and reject anything else', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9]{24}$/), hostileString, (id, other) => {
        if (isCollectionId(id)) expect(collectionIdFromPanelPath(collectionPanelPath(id))).toBe(id);
        expect(() => collectionIdFromPanelPath(other)).not.toThrow();
      }),
      RUNS,
    );
  });
});

describe('link rules', () => {
  const rules = Object.entries(links).filter(([name, rule]) => name.startsWith('isProper') && typeof rule === 'function') as Array<[string, (link: string) => boolean]>;

  it('answer a boolean for any string, never throwing', () => {
    expect(rules.length).toBeGreaterThanOrEqual(8);
    fc.assert(
      fc.property(urlLike, (value) => {
        for (const [, rule] of rules) expect(typeof rule(value)).toBe('boolean');
      }),
      RUNS,
    );
  });

  it('accept no javascript: or data: URL as a web address or a site path', () => {
    fc.assert(
      fc.property(fc.constantFrom('javascript:', 'JavaScript:', 'data:', ' javascript:'), hostileString, (scheme, rest) => {
        expect(links.isProperUrl(scheme + rest)).toBe(false);
        expect(links.isProperInternal(scheme + rest)).toBe(false);
      }),
      RUNS,
    );
  });
});

describe('sameOriginPath', () => {
  const origin = 'https://site.example';

  it('answers a path on the same origin, or the fallback, for any input', () => {
    fc.assert(
      fc.property(fc.oneof(urlLike, fc.constantFrom(...HOSTILE_STRINGS)), (value) => {
        const path = sameOriginPath(value, origin);
        expect(path.startsWith('/')).toBe(true);
        expect(path.startsWith('//')).toBe(false);
        expect(path).not.toMatch(/[\\\u0000-\u001f]/);
        expect(new URL(path, origin).origin).toBe(origin);
      }),
      RUNS,
    );
  });
});

describe('money', () => {
  const codes = CURRENCIES.map((c) => c.code);

  it('round-trips the digits of any amount of minor units in every currency and template', () => {
    // Amounts a double holds exactly to the cent: below 10^15 minor units.
    fc.assert(
      fc.property(fc.integer({ min: -(10 ** 15 - 1), max: 10 ** 15 - 1 }), fc.constantFrom(...codes), fc.constantFrom('native', 'us-english') as fc.Arbitrary<'native' | 'us-english'>, (minor, code, template) => {
        const text = formatMinorUnits(minor, code, { template });
        const [prefix, suffix] = templateFor(code, template).split('#') as [string, string];
        const negative = minor < 0;
        expect(text.startsWith(`${negative ? '-' : ''}${prefix}`)).toBe(true);
        expect(text.endsWith(suffix)).toBe(true);
        const number = text.slice((negative ? 1 : 0) + prefix.length, text.length - suffix.length);
        expect(number).toMatch(/^\d{1,3}(,\d{3})*(\.\d+)?$/);
        const digits = CURRENCIES.find((c) => c.code === code)!.fractionDigits;
        expect(Number(number.replace(/[,.]/g, ''))).toBe(Math.abs(minor));
        expect(number.split('.')[1]?.length ?? 0).toBe(digits);
      }),
      RUNS,
    );
  });

  it('formats any finite number with at most 15 integer places, and refuses the rest clearly', () => {
    fc.assert(
      fc.property(fc.double(), fc.integer({ min: 0, max: 3 }), fc.boolean(), fc.boolean(), (amount, places, grouping, trim) => {
        let text: string;
        try {
          text = formatNumber(amount, places, grouping, trim);
        } catch (error) {
          expect(error).toBeInstanceOf(RangeError);
          const fixed = Number.isFinite(amount) ? Math.abs(amount).toFixed(places) : '';
          expect(new RegExp(`^\\d{1,${MAX_INTEGER_DIGITS}}(\\.\\d+)?$`).test(fixed)).toBe(false); // past 15 places, or 1e21 and up
          return;
        }
        expect(text).toMatch(grouping ? /^-?\d{1,3}(,\d{3})*(\.\d+)?$/ : /^-?\d+(\.\d+)?$/);
        expect(text.replace(/[-,]/g, '').split('.')[0]!.length).toBeLessThanOrEqual(MAX_INTEGER_DIGITS);
      }),
      RUNS,
    );
  });

  it('has a template with one # for every currency', () => {
    for (const template of [...Object.values(NATIVE_TEMPLATES), ...Object.values(US_ENGLISH_TEMPLATES)]) {
      expect(template.split('#')).toHaveLength(2);
    }
  });
});
