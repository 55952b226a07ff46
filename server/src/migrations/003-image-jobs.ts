/**
 * Image processing jobs in the database, so that any instance can answer for a job and exactly
 * one instance does the work: a worker claims a queued job (PostgreSQL: FOR UPDATE SKIP LOCKED),
 * and a job whose worker died is queued again once its claim is old.
 */
import type { Kysely, Migration } from 'kysely';

export const imageJobs: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('image_jobs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('file', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('widths_json', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('worker', 'text')
      .addColumn('claimed_at', 'bigint')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('image_jobs_status').on('image_jobs').columns(['status', 'created_at']).execute();
  },
};
