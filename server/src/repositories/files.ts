/** The owner's files: names, types and which widths were made (the bytes: files/contents.ts). */
import type { Kysely, Selectable } from 'kysely';
import type { Storage } from '../storage/open';
import type { Tables } from '../storage/tables';

export type FileRow = Selectable<Tables['files']>;

export const findFile = (store: Storage, name: string): Promise<FileRow | undefined> => store.db.selectFrom('files').selectAll().where('name', '=', name).executeTakeFirst();

export const listFiles = (store: Storage): Promise<FileRow[]> => store.db.selectFrom('files').selectAll().orderBy('updated_at', 'desc').orderBy('name').execute();

/** A new file, or new bytes under a name (`contentKey`: in file_contents): its widths are made again. */
export async function storeFile(db: Kysely<Tables>, name: string, type: string, size: number, contentKey: string, now = Date.now()): Promise<void> {
  await db
    .insertInto('files')
    .values({ name, type, size, widths_json: '[]', content_key: contentKey, created_at: now, updated_at: now })
    .onConflict((conflict) => conflict.column('name').doUpdateSet({ type, size, widths_json: '[]', content_key: contentKey, updated_at: now }))
    .execute();
}

export async function renameFileRow(store: Storage, from: string, to: string): Promise<void> {
  await store.db.updateTable('files').set({ name: to, updated_at: Date.now() }).where('name', '=', from).execute();
}

export async function deleteFileRow(db: Kysely<Tables>, name: string): Promise<void> {
  await db.deleteFrom('files').where('name', '=', name).execute();
}

/** The widths made from a content, for the file that still has it (not one replaced meanwhile). */
export async function setFileWidths(store: Storage, name: string, contentKey: string, widths: number[]): Promise<void> {
  await store.db.updateTable('files').set({ widths_json: JSON.stringify(widths) }).where('name', '=', name).where('content_key', '=', contentKey).execute();
}
