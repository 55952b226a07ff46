/**
 * The owner's files in the database, so that every instance serves every upload without a
 * shared folder: one row per distinct content (`file_contents`, keyed by the bytes' SHA-256,
 * and each responsive width by that key and the width), and each file names its content.
 * Files stored in DATA_DIR/files before are moved in as the server starts (files/contents.ts).
 */
import type { Kysely, Migration } from 'kysely';
import type { Engine } from '../storage/engine';

export function fileContents(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('file_contents')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('bytes', engine === 'sqlite' ? 'blob' : 'bytea', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.alterTable('files').addColumn('content_key', 'text').execute();
    },
  };
}
