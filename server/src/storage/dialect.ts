/** The few expressions SQLite and PostgreSQL spell differently, for queries written once. */
import { sql, type RawBuilder } from 'kysely';
import type { Engine } from './engine';

/** The UTC day (`2026-11-26`) of a millisecond time column. */
export function dayOf(engine: Engine, column: string): RawBuilder<string> {
  return engine === 'postgres'
    ? sql<string>`to_char(to_timestamp(${sql.ref(column)} / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM-DD')`
    : sql<string>`date(${sql.ref(column)} / 1000, 'unixepoch')`;
}

/** A millisecond time column as ISO text to the second (`2026-11-26T10:00:00Z`). */
export function isoSecondOf(engine: Engine, expression: RawBuilder<number>): RawBuilder<string> {
  return engine === 'postgres'
    ? sql<string>`to_char(to_timestamp(${expression} / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`
    : sql<string>`strftime('%Y-%m-%dT%H:%M:%SZ', ${expression} / 1000, 'unixepoch')`;
}
