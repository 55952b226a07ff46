import fs from 'node:fs/promises';
import path from 'node:path';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { escapeHtml } from './html';
import { NOT_FOUND_FILE } from './site-page';
import { PAGE_WORDS, takesSingular } from './page-text';
import { fill } from '../../contract/text/format';
import { queryWords } from './repositories/site-pages';

/** Where search.html wants its results (page type 102). */
export const SEARCH_RESULTS_MARKER = '<!--#search-results-->';
export { SEARCH_QUERY_MAX } from '../../contract/model/site-search';
export const MAX_SEARCH_RESULTS = 20;

export interface SearchPage {
  path: string;
  title: string;
  text: string;
}


type HtmlNode = DefaultTreeAdapterMap['node'];
/** What a visitor does not read as the page's text. */
const UNREAD = new Set(['script', 'style', 'template', 'noscript']);
/** Elements inside a line of text: no word break around them (`<b>there</b>`, `re<wbr>start`). */
const INLINE = new Set(['a', 'abbr', 'b', 'bdi', 'bdo', 'cite', 'code', 'data', 'del', 'dfn', 'em', 'i', 'ins', 'kbd', 'mark', 'q', 's', 'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var', 'wbr']);

const childrenOf = (node: HtmlNode): HtmlNode[] => ('childNodes' in node ? node.childNodes : []);

/** The first element named `name`, depth first. */
function find(node: HtmlNode, name: string): HtmlNode | null {
  if (node.nodeName === name) return node;
  for (const child of childrenOf(node)) {
    const found = find(child, name);
    if (found) return found;
  }
  return null;
}

/** Text as a browser lays it out: whitespace inside a line is one space, and each block (a heading, a paragraph) is a line of its own. */
function textOf(node: HtmlNode, out: string[]): string[] {
  if (node.nodeName === '#text') out.push((node as DefaultTreeAdapterMap['textNode']).value.replace(/\s+/g, ' '));
  else if (!UNREAD.has(node.nodeName)) {
    const apart = !INLINE.has(node.nodeName);
    if (apart) out.push('\n');
    for (const child of childrenOf(node)) textOf(child, out);
    if (apart) out.push('\n');
  }
  return out;
}

const words = (node: HtmlNode | null) =>
  node
    ? textOf(node, [])
        .join('')
        .replace(/ *\n\s*/g, '\n')
        .replace(/ +/g, ' ')
        .trim()
    : '';

/**
 * The title and the visible text of a page's <main>, as a browser reads them (a real HTML
 * parser: entities decoded, `>` inside an attribute is no tag's end), for the index and the
 * results' snippets.
 */
export function pageText(html: string): { title: string; text: string } {
  const document = parse(html);
  return { title: words(find(document, 'title')), text: words(find(document, 'main')) };
}

const indexes = new Map<string, Promise<SearchPage[]>>();

/** Every page of a site folder but the search page itself, read once per folder. */
export function searchIndex(examplesDir: string): Promise<SearchPage[]> {
  const known = indexes.get(examplesDir);
  if (known) return known;
  const index = fs.readdir(examplesDir).then((names) =>
    Promise.all(
      names
        .filter((name) => name.endsWith('.html') && name !== 'search.html' && name !== NOT_FOUND_FILE)
        .sort()
        .map(async (name) => ({
          path: name === 'index.html' ? '/' : `/${name.replace(/\.html$/, '')}`,
          ...pageText(await fs.readFile(path.join(examplesDir, name), 'utf8')),
        })),
    ),
  );
  indexes.set(examplesDir, index);
  return index;
}

/** Characters of a page's text shown around the first word the query found, and before it. */
const SNIPPET_LENGTH = 180;
const SNIPPET_LEAD = 60;
/** A block's end that reads as one: else the next block follows after a middle dot. */
const ENDS_SENTENCE = /[.!?:;,…]$/;

/**
 * The stretch of a page's text around the first word the query matches (a word starting with
 * one of its words, as the index matches), cut at word boundaries, its blocks kept apart, each
 * matching word marked. HTML, every piece escaped.
 */
export function snippetHtml(text: string, query: string): string {
  // Query words are letters and digits only: nothing in them to escape.
  const found = queryWords(query);
  const match = found.length ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${found.join('|')})[\\p{L}\\p{N}]*`, 'giu') : null;
  const at = match ? Math.max(0, text.search(match)) : 0;
  let start = Math.max(0, at - SNIPPET_LEAD);
  // From a word's start: the first after the cut, the match's own at the latest.
  if (start > 0) {
    const space = text.slice(start, at).search(/\s/);
    start = space < 0 ? at : start + space + 1;
  }
  let end = Math.min(text.length, start + SNIPPET_LENGTH);
  // To a word's end: the last before the cut, unless that would cut off the match.
  if (end < text.length) {
    const space = Math.max(text.lastIndexOf(' ', end), text.lastIndexOf('\n', end));
    if (space > at) end = space;
  }
  const shown = text
    .slice(start, end)
    .trim()
    .split('\n')
    .reduce((joined, block) => (joined === '' ? block : `${joined}${ENDS_SENTENCE.test(joined) ? ' ' : ' · '}${block}`), '');
  return `${start > 0 ? '…' : ''}${match ? marked(shown, match) : escapeHtml(shown)}${end < text.length ? '…' : ''}`;
}

/** `text` escaped, with each match of `pattern` in <mark>. */
function marked(text: string, pattern: RegExp): string {
  let html = '';
  let from = 0;
  for (const found of text.matchAll(pattern)) {
    html += `${escapeHtml(text.slice(from, found.index))}<mark>${escapeHtml(found[0])}</mark>`;
    from = found.index + found[0].length;
  }
  return html + escapeHtml(text.slice(from));
}

/** The results list in the page's words and language (every value escaped: the query is visitor input). */
export function renderResults(query: string, results: SearchPage[], words: Pick<typeof PAGE_WORDS, 'oneResult' | 'results' | 'noResults'> = PAGE_WORDS, language = 'en'): string {
  if (!query) return '';
  const count = fill(takesSingular(results.length, language) ? words.oneResult : words.results, { n: results.length, query });
  const heading = `<h2 id="search-results-title">${escapeHtml(count)}</h2>`;
  if (results.length === 0) return `<section class="search-results" aria-labelledby="search-results-title">${heading}<p>${escapeHtml(words.noResults)}</p></section>`;
  const items = results
    .map((page) => `<li><a href="${escapeHtml(page.path)}">${escapeHtml(page.title)}</a><p>${snippetHtml(page.text, query)}</p></li>`)
    .join('');
  return `<section class="search-results" aria-labelledby="search-results-title">${heading}<ol>${items}</ol></section>`;
}
