/** The owner's files (the bytes are in DATA_DIR/files; the rows say what is there and which widths were made). */
import type { Selectable } from 'kysely';
import type { Storage } from '../storage/open';
import type { Tables } from '../storage/tables';

export type FileRow = Selectable<Tables['files']>;

export const findFile = (store: Storage, name: string): Promise<FileRow | undefined> => store.db.selectFrom('files').selectAll().where('name', '=', name).executeTakeFirst();

export const listFiles = (store: Storage): Promise<FileRow[]> => store.db.selectFrom('files').selectAll().orderBy('updated_at', 'desc').orderBy('name').execute();

/** A new file, or new bytes under a name: its widths are made again. */
export async function storeFile(store: Storage, name: string, type: string, size: number, now = Date.now()): Promise<void> {
  await store.db
    .insertInto('files')
    .values({ name, type, size, widths_json: '[]', created_at: now, updated_at: now })
    .onConflict((conflict) => conflict.column('name').doUpdateSet({ type, size, widths_json: '[]', updated_at: now }))
    .execute();
}

export async function renameFileRow(store: Storage, from: string, to: string): Promise<void> {
  await store.db.updateTable('files').set({ name: to, updated_at: Date.now() }).where('name', '=', from).execute();
}

export async function deleteFileRow(store: Storage, name: string): Promise<void> {
  await store.db.deleteFrom('files').where('name', '=', name).execute();
}

export async function setFileWidths(store: Storage, name: string, widths: number[]): Promise<void> {
  await store.db.updateTable('files').set({ widths_json: JSON.stringify(widths) }).where('name', '=', name).execute();
}
