import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

export type Db = Database.Database;

/**
 * Schema migrations, in order; `PRAGMA user_version` records how many have run. Later issues
 * append their tables here; a migration never changes once it has shipped.
 */
export const MIGRATIONS: string[] = [
  `CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
   CREATE TABLE accounts (
     id TEXT PRIMARY KEY,
     email TEXT NOT NULL UNIQUE COLLATE NOCASE,
     password_hash TEXT NOT NULL,
     roles TEXT NOT NULL,
     created_at INTEGER NOT NULL
   );
   CREATE TABLE sessions (
     token_hash TEXT PRIMARY KEY,
     account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
     created_at INTEGER NOT NULL,
     expires_at INTEGER NOT NULL
   );
   CREATE INDEX sessions_expiry ON sessions(expires_at);`,
  `CREATE TABLE form_keys (
     key TEXT PRIMARY KEY,
     created_at INTEGER NOT NULL,
     expires_at INTEGER NOT NULL,
     used_at INTEGER
   );
   CREATE TABLE form_submissions (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     form_id TEXT NOT NULL,
     collection_id TEXT,
     values_json TEXT NOT NULL,
     page_url TEXT NOT NULL,
     visitor TEXT,
     is_overlay_form INTEGER NOT NULL,
     created_at INTEGER NOT NULL
   );
   CREATE INDEX form_submissions_form ON form_submissions(form_id, created_at);
   CREATE TABLE newsletter_subscribers (
     list_id TEXT NOT NULL,
     email TEXT NOT NULL COLLATE NOCASE,
     created_at INTEGER NOT NULL,
     PRIMARY KEY (list_id, email)
   );
   CREATE TABLE census_form_renders (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     form_id TEXT NOT NULL,
     page_url TEXT NOT NULL,
     website_id TEXT,
     visitor TEXT,
     created_at INTEGER NOT NULL
   );`,
  `CREATE TABLE census_overlays (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     event TEXT NOT NULL,
     page_url TEXT NOT NULL,
     website_id TEXT,
     visitor TEXT,
     created_at INTEGER NOT NULL
   );`,
  `CREATE TABLE census_hits (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     event TEXT NOT NULL,
     path TEXT NOT NULL,
     referrer TEXT,
     website_id TEXT,
     visitor_id TEXT,
     data_json TEXT NOT NULL,
     created_at INTEGER NOT NULL
   );
   CREATE INDEX census_hits_event ON census_hits(event, created_at);
   CREATE TABLE track_hits (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     landing TEXT NOT NULL,
     refer TEXT,
     lang TEXT,
     screen TEXT,
     marketing_json TEXT NOT NULL,
     created_at INTEGER NOT NULL
   );`,
  `CREATE TABLE analytics_events (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     analytics_id TEXT NOT NULL,
     schema_name TEXT NOT NULL,
     action TEXT NOT NULL,
     common_json TEXT NOT NULL,
     custom_json TEXT NOT NULL,
     created_at INTEGER NOT NULL
   );
   CREATE TABLE census_buttons (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     kind TEXT NOT NULL,
     button_id TEXT NOT NULL,
     button_text TEXT NOT NULL,
     clickthrough_url TEXT NOT NULL,
     page_url TEXT NOT NULL,
     website_id TEXT,
     visitor TEXT,
     created_at INTEGER NOT NULL
   );
   CREATE TABLE js_errors (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     message TEXT NOT NULL,
     source TEXT,
     count INTEGER NOT NULL,
     data_json TEXT NOT NULL,
     created_at INTEGER NOT NULL
   );
   CREATE INDEX js_errors_message ON js_errors(message);
   CREATE TABLE trace_events (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     type TEXT NOT NULL,
     page_url TEXT NOT NULL,
     data_json TEXT NOT NULL,
     created_at INTEGER NOT NULL
   );
   CREATE TABLE performance_records (
     page_load_id TEXT PRIMARY KEY,
     path TEXT NOT NULL,
     metrics_json TEXT NOT NULL,
     data_json TEXT NOT NULL,
     created_at INTEGER NOT NULL
   );
   CREATE TABLE legacy_events (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     event TEXT NOT NULL,
     data_json TEXT NOT NULL,
     created_at INTEGER NOT NULL
   );`,
  `CREATE TABLE site_users (
     id TEXT PRIMARY KEY,
     email TEXT NOT NULL UNIQUE COLLATE NOCASE,
     password_hash TEXT NOT NULL,
     created_at INTEGER NOT NULL
   );
   CREATE TABLE site_user_sessions (
     token_hash TEXT PRIMARY KEY,
     user_id TEXT NOT NULL REFERENCES site_users(id) ON DELETE CASCADE,
     xsrf_token TEXT NOT NULL,
     created_at INTEGER NOT NULL,
     expires_at INTEGER NOT NULL
   );
   CREATE TABLE carts (
     token TEXT PRIMARY KEY,
     user_id TEXT REFERENCES site_users(id) ON DELETE SET NULL,
     created_at INTEGER NOT NULL,
     purchased_at INTEGER
   );
   CREATE TABLE cart_entries (
     cart_token TEXT NOT NULL REFERENCES carts(token) ON DELETE CASCADE,
     sku TEXT NOT NULL,
     product_id TEXT NOT NULL,
     quantity INTEGER NOT NULL CHECK (quantity > 0),
     PRIMARY KEY (cart_token, sku)
   );
   CREATE TABLE orders (
     id TEXT PRIMARY KEY,
     order_number INTEGER NOT NULL UNIQUE,
     kind TEXT NOT NULL,
     email TEXT NOT NULL,
     name TEXT NOT NULL,
     currency TEXT NOT NULL,
     total_cents INTEGER NOT NULL,
     lines_json TEXT NOT NULL,
     details_json TEXT NOT NULL,
     created_at INTEGER NOT NULL
   );
   CREATE TABLE review_requests (
     token TEXT PRIMARY KEY,
     order_id TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
     product_id TEXT NOT NULL,
     product_title TEXT NOT NULL,
     expires_at INTEGER NOT NULL,
     reviewed_at INTEGER
   );
   CREATE TABLE reviews (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     request_token TEXT NOT NULL UNIQUE REFERENCES review_requests(token),
     product_id TEXT NOT NULL,
     rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
     body TEXT NOT NULL,
     created_at INTEGER NOT NULL
   );`,
  `CREATE TABLE datasets (
     id TEXT PRIMARY KEY,
     name TEXT NOT NULL,
     columns_json TEXT NOT NULL,
     rows_json TEXT NOT NULL,
     updated_at INTEGER NOT NULL
   );
   CREATE TABLE mailing_lists (
     id TEXT PRIMARY KEY,
     name TEXT NOT NULL
   );
   CREATE TABLE newsletter_connections (
     form_id TEXT PRIMARY KEY,
     list_id TEXT NOT NULL REFERENCES mailing_lists(id) ON DELETE CASCADE
   );
   CREATE TABLE files (
     name TEXT PRIMARY KEY,
     type TEXT NOT NULL,
     size INTEGER NOT NULL,
     widths_json TEXT NOT NULL DEFAULT '[]',
     created_at INTEGER NOT NULL,
     updated_at INTEGER NOT NULL
   );
   CREATE TABLE page_settings (
     path TEXT PRIMARY KEY,
     workflow_state INTEGER NOT NULL DEFAULT 1,
     locked INTEGER NOT NULL DEFAULT 0,
     members_only INTEGER NOT NULL DEFAULT 0,
     publish_at INTEGER,
     updated_at INTEGER NOT NULL
   );
   CREATE TABLE block_overrides (
     block_id TEXT PRIMARY KEY,
     json TEXT NOT NULL,
     updated_at INTEGER NOT NULL
   );
   CREATE TABLE taxonomy (
     kind TEXT NOT NULL CHECK (kind IN ('tag', 'category')),
     name TEXT NOT NULL COLLATE NOCASE,
     created_at INTEGER NOT NULL,
     PRIMARY KEY (kind, name)
   );`,
  // Limits shared by every instance on one database (sign-in failures, form and key rates);
  // expired form keys are found by their expiry instead of a scan of every key.
  `CREATE TABLE limit_counters (
     key TEXT PRIMARY KEY,
     count INTEGER NOT NULL,
     locked_until INTEGER NOT NULL DEFAULT 0,
     expires_at INTEGER NOT NULL
   );
   CREATE INDEX limit_counters_expiry ON limit_counters(expires_at);
   CREATE INDEX form_keys_expiry ON form_keys(expires_at);`,
];

export function openDatabase(dataDir: string): Db {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, 'site.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

/** A database written by a newer server: this one would misread it, so it does not start. */
export class NewerSchemaError extends Error {
  constructor(found: number, known: number) {
    super(`The database has schema version ${found}, newer than this server's ${known}. Run the newer server, or restore a backup made with this version (docs/deployment.md, "Backups").`);
    this.name = 'NewerSchemaError';
  }
}

/** How many migrations the database has had. */
export const schemaVersion = (db: Db): number => db.pragma('user_version', { simple: true }) as number;

export function migrate(db: Db): void {
  const applied = schemaVersion(db);
  if (applied > MIGRATIONS.length) throw new NewerSchemaError(applied, MIGRATIONS.length);
  for (let index = applied; index < MIGRATIONS.length; index += 1) {
    db.transaction(() => {
      db.exec(MIGRATIONS[index]!);
      db.pragma(`user_version = ${index + 1}`);
    })();
  }
}

/** A value kept across restarts (the crumb secret), created on first use. */
export function setting(db: Db, key: string, create: () => string): string {
  const row = db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined;
  if (row) return row.value;
  const value = create();
  db.prepare('INSERT INTO settings (key, value) VALUES (?, ?)').run(key, value);
  return value;
}
