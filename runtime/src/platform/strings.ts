/**
 * The words the runtime shows visitors (docs/translations.md). Each area keeps its English
 * defaults, the spec's text, beside the code that shows them (`texts`), so they travel in that
 * area's chunk; together they are the catalogue (runtime/src/i18n/catalogue.ts). A page in
 * another language gets its words from the catalogue file of its `<html lang>` beside site.js
 * (`i18n/de.json`), and from the page context's `strings`, which win; both are keyed by the
 * catalogue's names (`lightbox.close`). Lives in site.js: every chunk asks it.
 */
import { assetUrl } from './assets';
import { fill } from '../../../contract/text/format';

export { fill };

export type Words = Record<string, string>;

/** Languages with a catalogue file beside site.js (contract/i18n/<language>.json). */
export const SHIPPED_LANGUAGES = ['de', 'es', 'fr', 'it', 'pt'];
/** How long the UI waits for the language's catalogue file before it shows English. */
export const CATALOGUE_WAIT_MS = 3000;

let fromFile: Words = {};
let fromPage: Words = {};
let language: Promise<void> | undefined;
/** Counts changes of the page's words: an area looks its words up again only after one. */
let version = 0;

// Anything but an object counts as no words; a name whose value is not text, as no word.
const wordsIn = (value: unknown): Words => (value && typeof value === 'object' ? (value as Words) : {});

/** The page's language tag: `<html lang>`, else US English. */
export const pageLanguage = (): string => document.documentElement.lang || 'en-US';

/** The page context's `strings` (its own words, any language). */
export function usePageWords(strings: unknown): void {
  fromPage = wordsIn(strings);
  version++;
}

/**
 * Resolves once the page's catalogue file is in, failed or took CATALOGUE_WAIT_MS; started by
 * the first chunk that shows anything (core/chunk.ts), so UI never shows English first.
 */
export function wordsReady(): Promise<void> {
  return (language ??= (() => {
    const code = pageLanguage().split('-')[0]!.toLowerCase();
    if (!SHIPPED_LANGUAGES.includes(code)) return Promise.resolve();
    const file = assetUrl(`i18n/${code}.json`);
    const loaded = fetch(file)
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`HTTP ${response.status}`))))
      .then((words: unknown) => {
        fromFile = wordsIn(words);
        version++;
      })
      .catch((error: unknown) => console.warn(`Translations ${file} did not load (${(error as Error).message}); showing English.`));
    return Promise.race([loaded, new Promise<void>((done) => setTimeout(done, CATALOGUE_WAIT_MS))]);
  })());
}

/** The page's word for a catalogue name (`form.formInvalid`), if it has one. */
export function word(name: string): string | undefined {
  const text = fromPage[name] ?? fromFile[name];
  return typeof text === 'string' ? text : undefined;
}

/** An area's words: `texts('lightbox', { close: 'Close' })()` answers them in the page's language. */
export function texts<T extends Words>(area: string, defaults: T): (() => T) & { area: string; defaults: T } {
  let looked = -1;
  let out: Words = defaults;
  // Asked on every render of a field or a slide: the words are looked up once per change.
  const words = (): T => {
    if (looked !== version) {
      looked = version;
      out = { ...defaults };
      for (const name in out) out[name] = word(`${area}.${name}`) ?? out[name]!;
    }
    return out as T;
  };
  return Object.assign(words, { area, defaults });
}

