import type Database from 'better-sqlite3';

/**
 * The SQLite connection the routes not yet moved to Kysely repositories use (the storage is
 * opened, migrated and closed by storage/open.ts; on SQLite this is that same connection).
 */
export type Db = Database.Database;

/** A value kept across restarts (the crumb secret), created on first use. */
export function setting(db: Db, key: string, create: () => string): string {
  const row = db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined;
  if (row) return row.value;
  const value = create();
  db.prepare('INSERT INTO settings (key, value) VALUES (?, ?)').run(key, value);
  return value;
}
