/** The few expressions SQLite and PostgreSQL spell differently, for queries written once. */
import { sql, type RawBuilder } from 'kysely';
import type { Engine } from './engine';

/** The UTC day (`2026-11-26`) of a millisecond time column. */
export function dayOf(engine: Engine, column: string): RawBuilder<string> {
  return engine === 'postgres'
    ? sql<string>`to_char(to_timestamp(${sql.ref(column)} / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM-DD')`
    : sql<string>`date(${sql.ref(column)} / 1000, 'unixepoch')`;
}
