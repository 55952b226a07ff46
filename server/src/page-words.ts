/**
 * The runtime's words for what the server renders into a page itself (the cookie banner, the
 * announcement bar), as the runtime would choose them (runtime/src/platform/strings.ts): the
 * context's `strings`, then the catalogue file of the page's `<html lang>` (contract/i18n),
 * then the English defaults. docs/translations.md.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export type Catalogues = Record<string, Record<string, unknown>>;

/** Every language's catalogue file, read once at start (a broken file is skipped, with a warning). */
export function loadCatalogues(rootDir: string): Catalogues {
  const dir = path.join(rootDir, 'contract', 'i18n');
  const catalogues: Catalogues = {};
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((file) => file.endsWith('.json'));
  } catch {
    return catalogues;
  }
  for (const file of files) {
    try {
      catalogues[file.slice(0, -5)] = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Record<string, unknown>;
    } catch (error) {
      console.warn(`Translations ${file} could not be read: ${(error as Error).message}`);
    }
  }
  return catalogues;
}

const HTML_LANG = /<html\b[^>]*\slang\s*=\s*["']?([A-Za-z]{2,8})/i;

/** An area's words for this page: `areaWords('banner', BANNER_WORDS)`. */
export type AreaWords = <T extends Record<string, string>>(area: string, defaults: T) => T;

export function pageWords(html: string, context: Record<string, unknown>, catalogues: Catalogues): AreaWords {
  const own = context.strings && typeof context.strings === 'object' ? (context.strings as Record<string, unknown>) : {};
  const file = catalogues[HTML_LANG.exec(html)?.[1]?.toLowerCase() ?? ''] ?? {};
  return (area, defaults) => {
    const words: Record<string, string> = { ...defaults };
    for (const name in words) {
      const text = own[`${area}.${name}`] ?? file[`${area}.${name}`];
      if (typeof text === 'string') words[name] = text;
    }
    return words as typeof defaults;
  };
}
