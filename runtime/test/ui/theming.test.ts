/**
 * Every colour, font and radius of the runtime's UI is a `--site-*` custom property with its
 * default as the fallback (docs/theming.md), so that a theme restyles the UI without
 * overriding selectors; and the documentation lists exactly the properties the CSS reads.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(__dirname, '../../src');
const DOCS = readFileSync(path.resolve(__dirname, '../../../docs/theming.md'), 'utf8');
/** Set by the runtime for themes to read, not read from them for colours. */
const INTERNAL = new Set(['--site-bottom-stack-height']);

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? cssFiles(full) : entry.name.endsWith('.css') ? [full] : [];
  });
}

/** The runtime's stylesheets, and the UI styles it injects (ui/styles.ts). */
const SHEETS: Array<[string, string]> = [
  ...cssFiles(SRC).map((file): [string, string] => [path.relative(SRC, file), readFileSync(file, 'utf8')]),
  ['ui/styles.ts', /const CSS = `([\s\S]*?)`;/.exec(readFileSync(path.join(SRC, 'ui/styles.ts'), 'utf8'))![1]!],
];

/** The text with every `var(--site-…, fallback)` taken out, nested parentheses included. */
function withoutProperties(css: string): string {
  let out = '';
  let i = 0;
  while (i < css.length) {
    if (css.startsWith('var(--site-', i)) {
      let depth = 0;
      for (; i < css.length; i++) {
        if (css[i] === '(') depth++;
        else if (css[i] === ')' && --depth === 0) break;
      }
      i++;
      out += 'PROPERTY';
      continue;
    }
    out += css[i++];
  }
  return out;
}

const COLOUR = /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?|hwb|lab|lch|oklch|oklab)\(|:\s*(?:white|black|red|blue|green|gray|grey)\b/gi;

describe('the runtime UI is themed through custom properties', () => {
  it('finds the stylesheets', () => {
    expect(SHEETS.map(([name]) => name)).toEqual(expect.arrayContaining(['consent/consent.css', 'ui/lightbox/lightbox.css', 'blocks/form/form.css', 'overlays/overlays.css', 'ui/styles.ts']));
  });

  for (const [name, css] of SHEETS) {
    it(`${name}: no colour or font family outside a --site-* property`, () => {
      const rest = withoutProperties(css.replace(/\/\*[\s\S]*?\*\//g, ''));
      expect(rest.match(COLOUR) ?? []).toEqual([]);
      // A font shorthand or family names the family through --site-font (or inherits).
      expect(rest.match(/(?:font|font-family)\s*:[^;}]*(?:system-ui|sans-serif|serif|monospace)/g) ?? []).toEqual([]);
    });
  }

  it('the docs list every property the CSS reads, and none it does not', () => {
    const used = new Set(SHEETS.flatMap(([, css]) => [...css.matchAll(/var\((--site-[a-z-]+)/g)].map((m) => m[1]!)));
    const documented = new Set([...DOCS.matchAll(/^\| `(--site-[a-z-]+)`/gm)].map((m) => m[1]!));
    expect([...used].filter((name) => !INTERNAL.has(name) && !documented.has(name))).toEqual([]);
    expect([...documented].filter((name) => !used.has(name))).toEqual([]);
  });

  it('the check itself: a literal colour or font is found, one inside a property is not', () => {
    expect(withoutProperties('a{color:var(--site-x,rgba(0,0,0,.5));background:#fff}').match(COLOUR)).toEqual(['#fff']);
    expect(withoutProperties('a{border:1px solid var(--site-a, var(--site-b, #767676))}').match(COLOUR)).toBeNull();
  });
});
