import { readSetting } from './repositories/settings';
import type { Storage } from './storage/open';

/**
 * A value kept across restarts and shared by every instance (the crumb and captcha secrets),
 * created on first use; when two instances create it at once, both keep the first one stored.
 */
export async function setting(store: Storage, key: string, create: () => string): Promise<string> {
  const stored = await readSetting(store, key);
  if (stored !== null) return stored;
  await store.db.insertInto('settings').values({ key, value: create() }).onConflict((conflict) => conflict.column('key').doNothing()).execute();
  return (await readSetting(store, key))!;
}
