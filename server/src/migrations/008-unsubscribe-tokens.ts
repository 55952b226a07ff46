/**
 * Every subscriber gets a link to leave every list (routes/newsletter.ts): a random token per
 * row, so the link names no address. Rows from before get theirs here, from each engine's
 * strong random source; new rows get one as they are stored (repositories/mailing-lists.ts).
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../storage/engine';

export function unsubscribeTokens(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('newsletter_subscribers').addColumn('unsubscribe_token', 'text').execute();
      const random = engine === 'sqlite' ? sql`lower(hex(randomblob(16)))` : sql`replace(gen_random_uuid()::text, '-', '')`;
      await sql`UPDATE newsletter_subscribers SET unsubscribe_token = ${random}`.execute(db);
      await db.schema.createIndex('newsletter_subscribers_unsubscribe').unique().on('newsletter_subscribers').column('unsubscribe_token').execute();
    },
  };
}
