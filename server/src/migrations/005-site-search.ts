/**
 * The site's pages in the database for full-text search: SQLite's FTS5, PostgreSQL's text
 * search (a GIN index over the title and text). Every instance searches the same index, which
 * the first to start after the site's pages change rebuilds (repositories/site-pages.ts).
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../storage/engine';

export function siteSearch(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (engine === 'sqlite') {
        // unicode61 folds case and diacritics; the path is stored, not searched.
        await sql`CREATE VIRTUAL TABLE site_pages USING fts5(path UNINDEXED, title, body, tokenize = 'unicode61 remove_diacritics 2')`.execute(db);
      } else {
        await db.schema
          .createTable('site_pages')
          .addColumn('path', 'text', (c) => c.primaryKey())
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('body', 'text', (c) => c.notNull())
          .execute();
        await sql`CREATE INDEX site_pages_search ON site_pages USING GIN (to_tsvector('simple', title || ' ' || body))`.execute(db);
      }
    },
  };
}
