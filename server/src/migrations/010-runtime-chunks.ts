/**
 * The content-hashed chunks of every build still in use, the runtime's and the owner app's
 * (build-chunks.ts), so that a page of one build finds its chunks on an instance of another:
 * one row per chunk file, as the build wrote it and brotli- and gzip-compressed, with when a
 * running instance last had it.
 */
import type { Kysely, Migration } from 'kysely';
import type { Engine } from '../storage/engine';

export function runtimeChunks(engine: Engine): Migration {
  const bytes = engine === 'sqlite' ? 'blob' : 'bytea';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('runtime_chunks')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('plain', bytes, (c) => c.notNull())
        .addColumn('brotli', bytes)
        .addColumn('gzip', bytes)
        .addColumn('seen_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  };
}
