/**
 * The content-hashed chunks of every build still in use, kept in the database (migration 010):
 * the runtime's (`/runtime/chunks/`) and the owner app's (`/config/chunks/`). A chunk's name
 * carries its content hash, so a new build has new names and lacks the old ones: during a
 * rolling upgrade behind a load balancer, a page from an upgraded instance asks an old one for
 * chunks only the new build has (and the other way round), and a tab opened before a restart
 * asks for chunks the new build no longer has. Each instance stores its build's chunks as it
 * starts, before it listens; whichever instance is asked for a chunk its own build lacks
 * answers from here. A chunk that no running instance has had in its build for
 * CHUNK_KEEP_DAYS is dropped.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Storage } from './storage/open';

/** How long the chunks of a build no instance runs any more are kept (a tab left open that long). */
export const CHUNK_KEEP_DAYS = 30;

const DAY_MS = 86_400_000;

/** A content-hashed chunk's file name, as rollup writes it (`[name]-[hash].js`). */
export const CHUNK_NAME = /^[\w.-]+-[\w-]{6,}\.js$/;

/** Rows per INSERT: a chunk and its two compressed forms are tens of KB. */
const CHUNKS_PER_INSERT = 20;

/** Where a build's chunks are (`dir`) and the URL they are served at (`url`, ending in `/`). */
export interface ChunkFolder {
  url: string;
  dir: string;
}

/** The built runtime (`npm run build`) that the server serves at /runtime/. */
export const builtRuntimeDir = (rootDir: string): string => path.join(rootDir, 'dist', 'runtime');

/** The built owner app, served at /config/. */
export const builtOwnerAppDir = (rootDir: string): string => path.join(rootDir, 'dist', 'preview');

export const runtimeChunks = (rootDir: string): ChunkFolder => ({ url: '/runtime/chunks/', dir: path.join(builtRuntimeDir(rootDir), 'chunks') });
export const ownerAppChunks = (rootDir: string): ChunkFolder => ({ url: '/config/chunks/', dir: path.join(builtOwnerAppDir(rootDir), 'chunks') });

/** A chunk's key in the database: its URL without the leading slash (`runtime/chunks/accordion-D0fYTH.js`). */
export const chunkKey = (folder: ChunkFolder, file: string): string => `${folder.url.slice(1)}${file}`;

/** The chunk files of the build in `folder` (none where it is not built). */
async function builtChunks(folder: ChunkFolder): Promise<string[]> {
  const files = await readdir(folder.dir).catch(() => [] as string[]);
  return files.filter((file) => CHUNK_NAME.test(file)).sort();
}

const optional = (file: string): Promise<Buffer | null> => readFile(file).catch(() => null);

/**
 * Stores the chunks of the build in `folder` that the database lacks, and marks all of them
 * seen now. Answers the build's chunk files and how many of them it stored.
 */
export async function storeBuiltChunks(store: Storage, folder: ChunkFolder, now = Date.now()): Promise<{ files: string[]; stored: number }> {
  const files = await builtChunks(folder);
  if (!files.length) return { files, stored: 0 };
  const keys = files.map((file) => chunkKey(folder, file));
  const present = new Set((await store.db.selectFrom('runtime_chunks').select('name').where('name', 'in', keys).execute()).map((row) => row.name));
  const missing = files.filter((file) => !present.has(chunkKey(folder, file)));
  for (let start = 0; start < missing.length; start += CHUNKS_PER_INSERT) {
    const rows = await Promise.all(
      missing.slice(start, start + CHUNKS_PER_INSERT).map(async (file) => {
        const built = path.join(folder.dir, file);
        const [plain, brotli, gzip] = await Promise.all([readFile(built), optional(`${built}.br`), optional(`${built}.gz`)]);
        return { name: chunkKey(folder, file), plain, brotli, gzip, seen_at: now };
      }),
    );
    // Several instances of one build may start at once: the first to store a chunk keeps it.
    await store.db.insertInto('runtime_chunks').values(rows).onConflict((conflict) => conflict.column('name').doNothing()).execute();
  }
  await store.db.updateTable('runtime_chunks').set({ seen_at: now }).where('name', 'in', keys).execute();
  return { files, stored: missing.length };
}

/**
 * Marks this build's chunks seen and drops those of builds no instance has run for
 * CHUNK_KEEP_DAYS. Each running instance does it once a day (housekeeping), so the chunks of
 * every build still running stay. Answers how many it dropped.
 */
export async function refreshStoredChunks(store: Storage, folders: ChunkFolder[], now = Date.now()): Promise<number> {
  for (const folder of folders) {
    const keys = (await builtChunks(folder)).map((file) => chunkKey(folder, file));
    if (keys.length) await store.db.updateTable('runtime_chunks').set({ seen_at: now }).where('name', 'in', keys).execute();
  }
  const dropped = await store.db.deleteFrom('runtime_chunks').where('seen_at', '<', now - CHUNK_KEEP_DAYS * DAY_MS).executeTakeFirst();
  return Number(dropped.numDeletedRows);
}

export type ChunkEncoding = 'br' | 'gzip' | 'identity';

const COLUMNS = { br: 'brotli', gzip: 'gzip', identity: 'plain' } as const;

const asBuffer = (bytes: Uint8Array): Buffer => (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));

/** A stored chunk in the encoding asked for, else as built (null: no such chunk). */
export async function readStoredChunk(store: Storage, key: string, encoding: ChunkEncoding): Promise<{ body: Buffer; encoding: ChunkEncoding } | null> {
  const read = async (wanted: ChunkEncoding) => {
    const row = await store.db.selectFrom('runtime_chunks').select(COLUMNS[wanted]).where('name', '=', key).executeTakeFirst();
    return row && (row as Record<string, Uint8Array | null>)[COLUMNS[wanted]];
  };
  const bytes = await read(encoding);
  if (bytes) return { body: asBuffer(bytes), encoding };
  // null: no such chunk; a row without that compressed form: the chunk as built.
  const plain = bytes === null ? await read('identity') : undefined;
  return plain ? { body: asBuffer(plain), encoding: 'identity' } : null;
}
