/** Chart datasets the owner keeps (part 2 §1): stored with their columns and rows as JSON. */
import type { Selectable } from 'kysely';
import type { Storage } from '../storage/open';
import type { Tables } from '../storage/tables';
import type { Dataset } from '../../../contract/chart/dataset';

export type DatasetRow = Selectable<Tables['datasets']>;

/**
 * Makes a dataset the site folder declares, once per id: a marker in the settings table says it
 * was made, so one the owner deleted stays deleted (and of several instances starting at once,
 * one makes it).
 */
export async function seedDatasetOnce(store: Storage, id: string, name: string, dataset: Dataset): Promise<void> {
  await store.db.transaction().execute(async (trx) => {
    const marked = await trx.insertInto('settings').values({ key: `seeded-dataset:${id}`, value: String(Date.now()) }).onConflict((conflict) => conflict.column('key').doNothing()).executeTakeFirst();
    if (Number(marked.numInsertedOrUpdatedRows ?? 0) === 0) return;
    await trx
      .insertInto('datasets')
      .values({ id, name, columns_json: JSON.stringify(dataset.columns), rows_json: JSON.stringify(dataset.rows), updated_at: Date.now() })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
  });
}

export const findDataset = (store: Storage, id: string): Promise<DatasetRow | undefined> => store.db.selectFrom('datasets').selectAll().where('id', '=', id).executeTakeFirst();

export const listDatasets = (store: Storage): Promise<DatasetRow[]> => store.db.selectFrom('datasets').selectAll().orderBy('updated_at', 'desc').orderBy('id').execute();

export async function saveDataset(store: Storage, id: string, name: string, dataset: Dataset): Promise<void> {
  const values = { name, columns_json: JSON.stringify(dataset.columns), rows_json: JSON.stringify(dataset.rows), updated_at: Date.now() };
  await store.db.insertInto('datasets').values({ id, ...values }).onConflict((conflict) => conflict.column('id').doUpdateSet(values)).execute();
}

export async function deleteDataset(store: Storage, id: string): Promise<void> {
  await store.db.deleteFrom('datasets').where('id', '=', id).execute();
}
