/**
 * The bytes of the owner's files, in the database (migration 009): every instance serves every
 * upload, a backup holds them, and a copy between engines takes them along. A content is stored
 * once under its SHA-256, however many files have it; an image's widths are stored under that
 * key and the width. A content no file names any more is removed with its widths.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { lockedTransaction, type Executor } from '../storage/locked';
import type { Storage } from '../storage/open';
import type { Tables } from '../storage/tables';

/** The key of a file's bytes: their SHA-256 in hex. */
export const contentKey = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/** The key of one responsive width of a content (`<key>.500w`). */
export const widthKey = (key: string, width: number): string => `${key}.${width}w`;

type Db = Kysely<Tables>;

/**
 * A transaction that stores or removes contents, holding each key's lock (storage/locked.ts):
 * a file removed while another with the same bytes is uploaded must not take those bytes away.
 */
export const withContentLocks = <T>(store: Storage, keys: Array<string | null | undefined>, work: (db: Executor) => Promise<T>): Promise<T> =>
  lockedTransaction(store, keys.filter((key): key is string => !!key).map((key) => `file-content:${key}`), work);

/** Stores bytes under a key; bytes already there under it are the same bytes, and stay. */
export async function saveContent(db: Db, key: string, bytes: Buffer, now = Date.now()): Promise<void> {
  await db.insertInto('file_contents').values({ key, bytes, created_at: now }).onConflict((conflict) => conflict.column('key').doNothing()).execute();
}

// Both drivers answer a Buffer; anything else (a Uint8Array) is wrapped, not copied.
const asBuffer = (bytes: Uint8Array): Buffer => (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));

export async function readContent(store: Storage, key: string): Promise<Buffer | null> {
  const row = await store.db.selectFrom('file_contents').select('bytes').where('key', '=', key).executeTakeFirst();
  return row ? asBuffer(row.bytes as Uint8Array) : null;
}

/** How many bytes a content has, without reading them (null: none under that key). */
export async function contentSize(store: Storage, key: string): Promise<number | null> {
  const row = await store.db.selectFrom('file_contents').select(sql<number>`length(bytes)`.as('size')).where('key', '=', key).executeTakeFirst();
  return row ? Number(row.size) : null;
}

/**
 * Bytes `start` to `end` (both included) of a content: the database reads and sends only those
 * (a player seeking in a 20 MB recording asks for many small parts). substr counts from 1 on both engines.
 */
export async function readContentPart(store: Storage, key: string, start: number, end: number): Promise<Buffer | null> {
  const row = await store.db
    .selectFrom('file_contents')
    .select(sql<Uint8Array>`substr(bytes, ${start + 1}, ${end - start + 1})`.as('part'))
    .where('key', '=', key)
    .executeTakeFirst();
  return row ? asBuffer(row.part) : null;
}

/** Removes the widths made from a content. */
export async function dropWidths(db: Db, key: string): Promise<void> {
  await db.deleteFrom('file_contents').where('key', 'like', `${key}.%`).execute();
}

/** Removes a content and its widths unless a file still names it. */
export async function dropIfUnused(db: Db, key: string | null): Promise<void> {
  if (!key) return;
  const used = await db.selectFrom('files').select('name').where('content_key', '=', key).limit(1).executeTakeFirst();
  if (used) return;
  await db.deleteFrom('file_contents').where((eb) => eb.or([eb('key', '=', key), eb('key', 'like', `${key}.%`)])).execute();
}

export interface DiskImport {
  moved: string[];
  /** Listed files whose bytes are not in this instance's DATA_DIR/files (another instance may have them). */
  missing: string[];
}

/**
 * Moves the files stored in DATA_DIR/files before migration 009 into the database, each with
 * the widths made from it. Instances that start together may both move a file: the same bytes
 * go under the same key, so the second changes nothing. The files on disk are left as they are.
 */
export async function importDiskFiles(store: Storage, dir: string): Promise<DiskImport> {
  const result: DiskImport = { moved: [], missing: [] };
  const rows = await store.db.selectFrom('files').select(['name', 'widths_json']).where('content_key', 'is', null).execute();
  for (const row of rows) {
    const file = path.join(dir, row.name);
    const bytes = await fs.readFile(file).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (!bytes) {
      result.missing.push(row.name);
      continue;
    }
    const key = contentKey(bytes);
    const widths: number[] = [];
    for (const width of JSON.parse(row.widths_json) as number[]) {
      // A width was stored beside its file under the name its key has now (`photo.jpg.500w`).
      const made = await fs.readFile(widthKey(file, width)).catch(() => null);
      if (!made) continue;
      await saveContent(store.db, widthKey(key, width), made);
      widths.push(width);
    }
    await saveContent(store.db, key, bytes);
    await store.db.updateTable('files').set({ content_key: key, widths_json: JSON.stringify(widths) }).where('name', '=', row.name).where('content_key', 'is', null).execute();
    result.moved.push(row.name);
  }
  return result;
}
