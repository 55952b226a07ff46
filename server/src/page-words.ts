/**
 * The words of what the server renders into a page itself (the cookie banner, the announcement
 * bar, the member sign-in form) and of the pages it makes (server/src/page-text.ts), chosen as
 * the runtime would choose them (runtime/src/platform/strings.ts): the context's `strings`,
 * then the catalogue of the page's language, then the English defaults. A language's catalogue
 * is the runtime's file (contract/i18n) plus the server's own words (server/i18n).
 * docs/translations.md.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { anyAttribute, tagHas, unquoted } from './html';

export type Catalogues = Record<string, Record<string, unknown>>;

/** Where a language's words are: the runtime's catalogue, then the server's pages' words. */
const CATALOGUE_DIRS = [path.join('contract', 'i18n'), path.join('server', 'i18n')];

/** Every language's catalogue, read once at start (a broken file is skipped, with a warning). */
export function loadCatalogues(rootDir: string): Catalogues {
  const catalogues: Catalogues = {};
  for (const relative of CATALOGUE_DIRS) {
    const dir = path.join(rootDir, relative);
    let files: string[] = [];
    try {
      files = readdirSync(dir).filter((file) => file.endsWith('.json'));
    } catch {
      continue;
    }
    for (const file of files) {
      try {
        const words = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Record<string, unknown>;
        const language = file.slice(0, -5);
        catalogues[language] = { ...catalogues[language], ...words };
      } catch (error) {
        console.warn(`Translations ${path.join(relative, file)} could not be read: ${(error as Error).message}`);
      }
    }
  }
  return catalogues;
}

/** `<html>`'s lang attribute as written, whatever comes before it in the tag (a `>` in a quoted value too). */
const HTML_LANG = new RegExp(String.raw`<html\b${tagHas(anyAttribute('lang'))}`, 'i');

/** A language tag's language (`de-DE` → `de`), '' when it starts with none. */
const primaryLanguage = (tag: string): string => /^[A-Za-z]{2,8}/.exec(tag)?.[0] ?? '';

/** An area's words: `areaWords('banner', BANNER_WORDS)`. */
export type AreaWords = <T extends Record<string, string>>(area: string, defaults: T) => T;

/** The words for a language tag (`de-DE` reads `de`) and a context's own `strings`. */
export function wordsFor(language: string, strings: unknown, catalogues: Catalogues): AreaWords {
  const own = strings && typeof strings === 'object' ? (strings as Record<string, unknown>) : {};
  const file = catalogues[primaryLanguage(language).toLowerCase()] ?? {};
  return (area, defaults) => {
    const words: Record<string, string> = { ...defaults };
    for (const name in words) {
      const text = own[`${area}.${name}`] ?? file[`${area}.${name}`];
      if (typeof text === 'string') words[name] = text;
    }
    return words as typeof defaults;
  };
}

/** The language of a page's `<html lang>` ('' when it names none). */
export const htmlLanguage = (html: string): string => primaryLanguage(unquoted(HTML_LANG.exec(html)?.[1] ?? ''));

export const pageWords = (html: string, context: Record<string, unknown>, catalogues: Catalogues): AreaWords =>
  wordsFor(htmlLanguage(html), context.strings, catalogues);
