import fs from 'node:fs/promises';
import path from 'node:path';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { escapeHtml } from './html';
import { NOT_FOUND_FILE } from './site-page';
import { PAGE_WORDS } from './page-text';
import { fill } from '../../contract/text/format';

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

function textOf(node: HtmlNode, out: string[]): string[] {
  if (node.nodeName === '#text') out.push((node as DefaultTreeAdapterMap['textNode']).value);
  else if (!UNREAD.has(node.nodeName)) {
    const apart = !INLINE.has(node.nodeName);
    if (apart) out.push(' ');
    for (const child of childrenOf(node)) textOf(child, out);
    if (apart) out.push(' ');
  }
  return out;
}

const words = (node: HtmlNode | null) => (node ? textOf(node, []).join('').replace(/\s+/g, ' ').trim() : '');

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

function snippet(text: string, word: string): string {
  const at = Math.max(0, text.toLowerCase().indexOf(word) - 60);
  const cut = text.slice(at, at + 180);
  return `${at > 0 ? '…' : ''}${cut}${at + 180 < text.length ? '…' : ''}`;
}

/** The results list in the page's words (every value escaped: the query is visitor input). */
export function renderResults(query: string, results: SearchPage[], words: Pick<typeof PAGE_WORDS, 'oneResult' | 'results' | 'noResults'> = PAGE_WORDS): string {
  if (!query) return '';
  const count = fill(results.length === 1 ? words.oneResult : words.results, { n: results.length, query });
  const heading = `<h2 id="search-results-title">${escapeHtml(count)}</h2>`;
  if (results.length === 0) return `<section class="search-results" aria-labelledby="search-results-title">${heading}<p>${escapeHtml(words.noResults)}</p></section>`;
  const first = query.toLowerCase().match(/[\p{L}\p{N}]+/u)?.[0] ?? '';
  const items = results
    .map((page) => `<li><a href="${escapeHtml(page.path)}">${escapeHtml(page.title)}</a><p>${escapeHtml(snippet(page.text, first))}</p></li>`)
    .join('');
  return `<section class="search-results" aria-labelledby="search-results-title">${heading}<ol>${items}</ol></section>`;
}
