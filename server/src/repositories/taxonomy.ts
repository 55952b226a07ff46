/** Tags and categories (part 2 §1): names compared and sorted without case, on either engine. */
import { sql } from 'kysely';
import { lockedTransaction } from '../storage/locked';
import type { Storage } from '../storage/open';

export type TaxonomyKind = 'tag' | 'category';
const named = (name: string) => sql<boolean>`lower(name) = ${name.toLowerCase()}`;

export async function taxonomyNames(store: Storage, kind: TaxonomyKind): Promise<string[]> {
  return (await store.db.selectFrom('taxonomy').select('name').where('kind', '=', kind).orderBy(sql`lower(name)`).orderBy('name').execute()).map((row) => row.name);
}

/** Adds `name`, or renames `from` to it; answers false when another entry has that name already. */
export function saveTaxonomyName(store: Storage, kind: TaxonomyKind, name: string, from?: string): Promise<boolean> {
  return lockedTransaction(store, [`taxonomy:${kind}`], async (trx) => {
    const exists = await trx.selectFrom('taxonomy').select('name').where('kind', '=', kind).where(named(name)).executeTakeFirst();
    if (exists && name.toLowerCase() !== from?.toLowerCase()) return false;
    if (from) await trx.deleteFrom('taxonomy').where('kind', '=', kind).where(named(from)).execute();
    await trx.deleteFrom('taxonomy').where('kind', '=', kind).where(named(name)).execute();
    await trx.insertInto('taxonomy').values({ kind, name, created_at: Date.now() }).execute();
    return true;
  });
}

export async function deleteTaxonomyName(store: Storage, kind: TaxonomyKind, name: string): Promise<void> {
  await store.db.deleteFrom('taxonomy').where('kind', '=', kind).where(named(name)).execute();
}
