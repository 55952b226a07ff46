/**
 * Full-text search over the site's pages (the search page, page type 102), in the database so
 * that every instance answers alike: SQLite FTS5, PostgreSQL text search. A query matches the
 * pages holding every word, each as a word or the start of one ("galler" finds "gallery").
 * The index follows the site folder: `syncSitePages` rebuilds it when the pages' fingerprint
 * (their paths and text) differs from the one stored.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { lockedTransaction } from '../storage/locked';
import type { Storage } from '../storage/open';
import { readSetting, writeSetting } from './settings';

export interface IndexedPage {
  path: string;
  title: string;
  text: string;
}

const FINGERPRINT_KEY = 'sitePagesFingerprint';
/** Matches fetched before the visitor's access and the title-first order are applied. */
const MAX_MATCHES = 200;

const fingerprintOf = (pages: IndexedPage[]) => createHash('sha256').update(JSON.stringify(pages)).digest('base64url');

/** Rebuilds the index when the pages changed (one instance does it; the others find it done). */
export async function syncSitePages(store: Storage, pages: IndexedPage[]): Promise<boolean> {
  const fingerprint = fingerprintOf(pages);
  if ((await readSetting(store, FINGERPRINT_KEY)) === fingerprint) return false;
  return lockedTransaction(store, ['site-pages'], async (trx) => {
    if ((await readSetting({ db: trx }, FINGERPRINT_KEY)) === fingerprint) return false;
    await sql`DELETE FROM site_pages`.execute(trx);
    for (const page of pages) await sql`INSERT INTO site_pages (path, title, body) VALUES (${page.path}, ${page.title}, ${page.text})`.execute(trx);
    await writeSetting({ db: trx }, FINGERPRINT_KEY, fingerprint);
    return true;
  });
}

/** The words of a query as the index splits text: letters and digits, lower case. */
export const queryWords = (query: string) => query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** Pages holding every word of the query (as words or word starts), title matches first. */
export async function searchSitePages(store: Storage, query: string): Promise<IndexedPage[]> {
  const words = queryWords(query);
  if (words.length === 0) return [];
  const rows =
    store.engine === 'sqlite'
      ? await sql<IndexedPage>`SELECT path, title, body AS text FROM site_pages WHERE site_pages MATCH ${words.map((word) => `"${word}"*`).join(' ')} ORDER BY path LIMIT ${MAX_MATCHES}`.execute(store.db)
      : await sql<IndexedPage>`SELECT path, title, body AS text FROM site_pages WHERE to_tsvector('simple', title || ' ' || body) @@ to_tsquery('simple', ${words.map((word) => `${word}:*`).join(' & ')}) ORDER BY path LIMIT ${MAX_MATCHES}`.execute(store.db);
  const inTitle = (page: IndexedPage) => words.some((word) => page.title.toLowerCase().includes(word));
  return rows.rows.sort((a, b) => Number(inTitle(b)) - Number(inTitle(a)));
}
