/**
 * The database's tables as Kysely sees them, one interface per table; the same on SQLite and
 * PostgreSQL (migrations in server/src/migrations/). Times are milliseconds since the epoch
 * (bigint, read as numbers), flags are 0/1 integers, and JSON is text, so that one query
 * builder path serves both engines.
 */
import type { ColumnType, Generated } from 'kysely';

type Millis = number;
type Flag = number;

export interface Tables {
  settings: { key: string; value: string };
  accounts: { id: string; email: string; password_hash: string; roles: string; created_at: Millis };
  sessions: { token_hash: string; account_id: string; created_at: Millis; expires_at: Millis };
  form_keys: { key: string; created_at: Millis; expires_at: Millis; used_at: Millis | null };
  form_submissions: {
    id: Generated<number>;
    form_id: string;
    collection_id: string | null;
    values_json: string;
    page_url: string;
    visitor: string | null;
    is_overlay_form: Flag;
    created_at: Millis;
  };
  /** unsubscribe_token: set on every row the server stores (null only on rows written around it). */
  newsletter_subscribers: { list_id: string; email: string; created_at: Millis; unsubscribe_token: ColumnType<string | null, string | null | undefined, string | null> };
  census_form_renders: { id: Generated<number>; form_id: string; page_url: string; website_id: string | null; visitor: string | null; created_at: Millis };
  census_overlays: { id: Generated<number>; event: string; page_url: string; website_id: string | null; visitor: string | null; created_at: Millis };
  census_hits: {
    id: Generated<number>;
    event: string;
    path: string;
    referrer: string | null;
    website_id: string | null;
    visitor_id: string | null;
    data_json: string;
    created_at: Millis;
  };
  track_hits: { id: Generated<number>; landing: string; refer: string | null; lang: string | null; screen: string | null; marketing_json: string; created_at: Millis };
  analytics_events: { id: Generated<number>; analytics_id: string; schema_name: string; action: string; common_json: string; custom_json: string; created_at: Millis };
  census_buttons: {
    id: Generated<number>;
    kind: string;
    button_id: string;
    button_text: string;
    clickthrough_url: string;
    page_url: string;
    website_id: string | null;
    visitor: string | null;
    created_at: Millis;
  };
  js_errors: { id: Generated<number>; message: string; source: string | null; count: number; data_json: string; page: string | null; browser: string | null; created_at: Millis };
  trace_events: { id: Generated<number>; type: string; page_url: string; data_json: string; created_at: Millis };
  performance_records: { page_load_id: string; path: string; metrics_json: string; data_json: string; created_at: Millis };
  legacy_events: { id: Generated<number>; event: string; data_json: string; created_at: Millis };
  site_users: { id: string; email: string; password_hash: string; created_at: Millis };
  site_user_sessions: { token_hash: string; user_id: string; xsrf_token: string; created_at: Millis; expires_at: Millis };
  carts: { token: string; user_id: string | null; created_at: Millis; purchased_at: Millis | null };
  cart_entries: { cart_token: string; sku: string; product_id: string; quantity: number; added_at: Generated<Millis> };
  orders: {
    id: string;
    order_number: number;
    kind: string;
    email: string;
    name: string;
    currency: string;
    total_cents: number;
    lines_json: string;
    details_json: string;
    created_at: Millis;
  };
  review_requests: { token: string; order_id: string; product_id: string; product_title: string; expires_at: Millis; reviewed_at: Millis | null; position: Generated<number> };
  reviews: { id: Generated<number>; request_token: string; product_id: string; rating: number; body: string; created_at: Millis };
  datasets: { id: string; name: string; columns_json: string; rows_json: string; updated_at: Millis };
  mailing_lists: { id: string; name: string };
  newsletter_connections: { form_id: string; list_id: string };
  /** `content_key`: the bytes in file_contents; null for a file still in DATA_DIR/files (from before 009). */
  files: { name: string; type: string; size: number; widths_json: Generated<string>; created_at: Millis; updated_at: Millis; content_key: string | null };
  /** A file's bytes by their SHA-256 (`<hex>`), or one of its widths (`<hex>.500w`). */
  file_contents: { key: string; bytes: Buffer; created_at: Millis };
  /** A chunk of the runtime (`accordion-D0fYTH.js`) as built and compressed; `seen_at`: when an instance last served it from its own build. */
  runtime_chunks: { name: string; plain: Buffer; brotli: Buffer | null; gzip: Buffer | null; seen_at: Millis };
  page_settings: { path: string; workflow_state: Generated<number>; locked: Generated<Flag>; members_only: Generated<Flag>; publish_at: Millis | null; updated_at: Millis };
  block_overrides: { block_id: string; json: string; updated_at: Millis };
  taxonomy: { kind: 'tag' | 'category'; name: string; created_at: Millis };
  census_daily: { day: string; views: number; visitors: number };
  census_daily_paths: { day: string; path: string; views: number };
  census_daily_referrers: { day: string; referrer: string; views: number };
  /** Written by versions before migration 017 only: kept while an older instance may still write it during an upgrade. */
  track_daily_campaigns: { day: string; source: string; campaign: string; landings: number };
  /** Landings per day by campaign: the pixel's `source`, `channel` and `campaign` (else the address's utm_ ones); '' for one not given. */
  track_daily_landings: { day: string; source: string; channel: string; campaign: string; landings: number };
  census_visitor_days: { day: string; visitor_id: string };
  js_error_daily: { day: string; message: string; count: number; reports: number; last_seen: Millis };
  performance_daily: { day: string; path: string; metric: string; value: number; samples: number };
  performance_daily_loads: { day: string; path: string; loads: number };
  site_pages: { path: string; title: string; body: string };
  image_jobs: {
    id: string;
    file: string;
    status: 'queued' | 'running' | 'complete' | 'failed' | 'cancelled';
    widths_json: Generated<string>;
    worker: string | null;
    claimed_at: Millis | null;
    attempts: Generated<number>;
    created_at: Millis;
    updated_at: Millis;
  };
  member_password_resets: { token_hash: string; user_id: string; created_at: Millis; expires_at: Millis };
  account_password_resets: { token_hash: string; account_id: string; created_at: Millis; expires_at: Millis };
  mail_outbox: {
    id: string;
    /** null: the owner's addresses (NOTIFY_EMAIL) as the notice is sent. */
    to_address: string | null;
    subject: string;
    body: string;
    reply_to: string | null;
    status: 'queued' | 'sending' | 'failed';
    attempts: Generated<number>;
    due_at: Millis;
    worker: string | null;
    claimed_at: Millis | null;
    last_error: string | null;
    created_at: Millis;
    updated_at: Millis;
  };
  limit_counters: { key: string; count: number; locked_until: Generated<Millis>; expires_at: Millis };
}
