import type { Storage } from './storage/open';

/**
 * A value kept across restarts and shared by every instance (the crumb and captcha secrets),
 * created on first use; when two instances create it at once, both keep the first one stored.
 */
export async function setting(store: Storage, key: string, create: () => string): Promise<string> {
  const read = () => store.db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  const row = await read();
  if (row) return row.value;
  await store.db.insertInto('settings').values({ key, value: create() }).onConflict((conflict) => conflict.column('key').doNothing()).execute();
  return (await read())!.value;
}
