/**
 * The settings table: one value per key for what the owner sets site-wide (the announcement,
 * code injection, the heading font, the plan, a form's success text) and the server's own
 * secrets. Read on every page served, so an owner's change shows on every instance at once.
 */
import type { Executor } from '../storage/locked';
import type { Storage } from '../storage/open';

type Store = Storage | { db: Executor };

export async function readSetting(store: Store, key: string): Promise<string | null> {
  return (await store.db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst())?.value ?? null;
}

/** Several settings in one query (a page reads four). */
export async function readSettings(store: Store, keys: string[]): Promise<Map<string, string>> {
  const rows = await store.db.selectFrom('settings').select(['key', 'value']).where('key', 'in', keys).execute();
  return new Map(rows.map((row) => [row.key, row.value]));
}

export async function writeSetting(store: Store, key: string, value: string): Promise<void> {
  await store.db.insertInto('settings').values({ key, value }).onConflict((conflict) => conflict.column('key').doUpdateSet({ value })).execute();
}

export async function deleteSetting(store: Store, key: string): Promise<void> {
  await store.db.deleteFrom('settings').where('key', '=', key).execute();
}
