/**
 * The schema as it stood when storage moved to Kysely, written once for both engines. Every
 * table and index is created only if missing, so a SQLite database made by the earlier
 * hand-written migrations (PRAGMA user_version 1–9) is adopted as it is.
 */
import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../storage/engine';

type Table = CreateTableBuilder<string, never>;

export function baseline(engine: Engine): Migration {
  const sqlite = engine === 'sqlite';
  /** An auto-numbered key: SQLite's rowid alias, PostgreSQL's identity. */
  const serial = (table: Table) =>
    sqlite ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()) : table.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity());
  const millis = (c: ColumnDefinitionBuilder) => c.notNull();
  /** Text compared without case (e-mail addresses, tag names): SQLite's NOCASE; PostgreSQL gets a lower() index below. */
  const caseless = (c: ColumnDefinitionBuilder) => (sqlite ? c.modifyEnd(sql`COLLATE NOCASE`) : c);

  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const table = (name: string) => db.schema.createTable(name).ifNotExists();
      const index = (name: string) => db.schema.createIndex(name).ifNotExists();

      await table('settings').addColumn('key', 'text', (c) => c.primaryKey()).addColumn('value', 'text', (c) => c.notNull()).execute();
      await table('accounts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => caseless(c.notNull().unique()))
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('roles', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', millis)
        .execute();
      await table('sessions')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', millis)
        .addColumn('expires_at', 'bigint', millis)
        .execute();
      await index('sessions_expiry').on('sessions').column('expires_at').execute();

      await table('form_keys')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('created_at', 'bigint', millis)
        .addColumn('expires_at', 'bigint', millis)
        .addColumn('used_at', 'bigint')
        .execute();
      await serial(table('form_submissions'))
        .addColumn('form_id', 'text', (c) => c.notNull())
        .addColumn('collection_id', 'text')
        .addColumn('values_json', 'text', (c) => c.notNull())
        .addColumn('page_url', 'text', (c) => c.notNull())
        .addColumn('visitor', 'text')
        .addColumn('is_overlay_form', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', millis)
        .execute();
      await index('form_submissions_form').on('form_submissions').columns(['form_id', 'created_at']).execute();
      await table('newsletter_subscribers')
        .addColumn('list_id', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => caseless(c.notNull()))
        .addColumn('created_at', 'bigint', millis)
        .addPrimaryKeyConstraint('newsletter_subscribers_pk', ['list_id', 'email'])
        .execute();
      for (const name of ['census_form_renders', 'census_overlays']) {
        await serial(table(name))
          .addColumn(name === 'census_overlays' ? 'event' : 'form_id', 'text', (c) => c.notNull())
          .addColumn('page_url', 'text', (c) => c.notNull())
          .addColumn('website_id', 'text')
          .addColumn('visitor', 'text')
          .addColumn('created_at', 'bigint', millis)
          .execute();
      }

      await serial(table('census_hits'))
        .addColumn('event', 'text', (c) => c.notNull())
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('referrer', 'text')
        .addColumn('website_id', 'text')
        .addColumn('visitor_id', 'text')
        .addColumn('data_json', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', millis)
        .execute();
      await index('census_hits_event').on('census_hits').columns(['event', 'created_at']).execute();
      await serial(table('track_hits'))
        .addColumn('landing', 'text', (c) => c.notNull())
        .addColumn('refer', 'text')
        .addColumn('lang', 'text')
        .addColumn('screen', 'text')
        .addColumn('marketing_json', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', millis)
        .execute();
      await serial(table('analytics_events'))
        .addColumn('analytics_id', 'text', (c) => c.notNull())
        .addColumn('schema_name', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('common_json', 'text', (c) => c.notNull())
        .addColumn('custom_json', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', millis)
        .execute();
      await serial(table('census_buttons'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('button_id', 'text', (c) => c.notNull())
        .addColumn('button_text', 'text', (c) => c.notNull())
        .addColumn('clickthrough_url', 'text', (c) => c.notNull())
        .addColumn('page_url', 'text', (c) => c.notNull())
        .addColumn('website_id', 'text')
        .addColumn('visitor', 'text')
        .addColumn('created_at', 'bigint', millis)
        .execute();
      await serial(table('js_errors'))
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('source', 'text')
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('data_json', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', millis)
        .execute();
      await index('js_errors_message').on('js_errors').column('message').execute();
      await serial(table('trace_events'))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('page_url', 'text', (c) => c.notNull())
        .addColumn('data_json', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', millis)
        .execute();
      await table('performance_records')
        .addColumn('page_load_id', 'text', (c) => c.primaryKey())
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('metrics_json', 'text', (c) => c.notNull())
        .addColumn('data_json', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', millis)
        .execute();
      await serial(table('legacy_events'))
        .addColumn('event', 'text', (c) => c.notNull())
        .addColumn('data_json', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', millis)
        .execute();

      await table('site_users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => caseless(c.notNull().unique()))
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', millis)
        .execute();
      await table('site_user_sessions')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('site_users.id').onDelete('cascade'))
        .addColumn('xsrf_token', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', millis)
        .addColumn('expires_at', 'bigint', millis)
        .execute();
      await table('carts')
        .addColumn('token', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.references('site_users.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', millis)
        .addColumn('purchased_at', 'bigint')
        .execute();
      await table('cart_entries')
        .addColumn('cart_token', 'text', (c) => c.notNull().references('carts.token').onDelete('cascade'))
        .addColumn('sku', 'text', (c) => c.notNull())
        .addColumn('product_id', 'text', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
        .addPrimaryKeyConstraint('cart_entries_pk', ['cart_token', 'sku'])
        .execute();
      await table('orders')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('order_number', 'integer', (c) => c.notNull().unique())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('total_cents', 'bigint', (c) => c.notNull())
        .addColumn('lines_json', 'text', (c) => c.notNull())
        .addColumn('details_json', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', millis)
        .execute();
      await table('review_requests')
        .addColumn('token', 'text', (c) => c.primaryKey())
        .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('product_id', 'text', (c) => c.notNull())
        .addColumn('product_title', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', millis)
        .addColumn('reviewed_at', 'bigint')
        .execute();
      await serial(table('reviews'))
        .addColumn('request_token', 'text', (c) => c.notNull().unique().references('review_requests.token'))
        .addColumn('product_id', 'text', (c) => c.notNull())
        .addColumn('rating', 'integer', (c) => c.notNull().check(sql`rating BETWEEN 1 AND 5`))
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', millis)
        .execute();

      await table('datasets')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('columns_json', 'text', (c) => c.notNull())
        .addColumn('rows_json', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', millis)
        .execute();
      await table('mailing_lists').addColumn('id', 'text', (c) => c.primaryKey()).addColumn('name', 'text', (c) => c.notNull()).execute();
      await table('newsletter_connections')
        .addColumn('form_id', 'text', (c) => c.primaryKey())
        .addColumn('list_id', 'text', (c) => c.notNull().references('mailing_lists.id').onDelete('cascade'))
        .execute();
      await table('files')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('widths_json', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('created_at', 'bigint', millis)
        .addColumn('updated_at', 'bigint', millis)
        .execute();
      await table('page_settings')
        .addColumn('path', 'text', (c) => c.primaryKey())
        .addColumn('workflow_state', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('locked', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('members_only', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('publish_at', 'bigint')
        .addColumn('updated_at', 'bigint', millis)
        .execute();
      await table('block_overrides')
        .addColumn('block_id', 'text', (c) => c.primaryKey())
        .addColumn('json', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', millis)
        .execute();
      await table('taxonomy')
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind IN ('tag', 'category')`))
        .addColumn('name', 'text', (c) => caseless(c.notNull()))
        .addColumn('created_at', 'bigint', millis)
        .addPrimaryKeyConstraint('taxonomy_pk', ['kind', 'name'])
        .execute();

      await table('limit_counters')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('locked_until', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('expires_at', 'bigint', millis)
        .execute();
      await index('limit_counters_expiry').on('limit_counters').column('expires_at').execute();
      await index('form_keys_expiry').on('form_keys').column('expires_at').execute();

      if (!sqlite) {
        // Case-insensitive uniqueness where SQLite has COLLATE NOCASE.
        await sql`CREATE UNIQUE INDEX IF NOT EXISTS accounts_email_lower ON accounts (lower(email))`.execute(db);
        await sql`CREATE UNIQUE INDEX IF NOT EXISTS site_users_email_lower ON site_users (lower(email))`.execute(db);
        await sql`CREATE UNIQUE INDEX IF NOT EXISTS newsletter_subscribers_lower ON newsletter_subscribers (list_id, lower(email))`.execute(db);
        await sql`CREATE UNIQUE INDEX IF NOT EXISTS taxonomy_lower ON taxonomy (kind, lower(name))`.execute(db);
      }
    },
  };
}
