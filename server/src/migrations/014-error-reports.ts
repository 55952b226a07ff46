/**
 * The owner reads an error's latest report (its stack, the page it came from, the browser): an
 * error report keeps the page (its address without the query, which may hold a token) and the
 * browser's User-Agent, and the message index takes the id too, so that the latest report of a
 * message is one step down the index instead of a look at every report of it.
 */
import type { Kysely, Migration } from 'kysely';

export const errorReports: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('js_errors').addColumn('page', 'text').execute();
    await db.schema.alterTable('js_errors').addColumn('browser', 'text').execute();
    await db.schema.createIndex('js_errors_message_latest').on('js_errors').columns(['message', 'id']).execute();
    await db.schema.dropIndex('js_errors_message').ifExists().execute();
  },
};
