/**
 * The runtime's chunks of every build still in use, kept in the database (migration 010). A
 * chunk's name carries its content hash, so a new build has new names and lacks the old ones:
 * during a rolling upgrade behind a load balancer, a page from an upgraded instance asks an old
 * one for chunks only the new build has (and the other way round), and a tab opened before a
 * restart asks for chunks the new build no longer has. Each instance stores its build's chunks
 * as it starts, before it listens; whichever instance is asked for a chunk its own build lacks
 * answers from here. A chunk that no running instance has had in its build for
 * CHUNK_KEEP_DAYS is dropped.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Storage } from './storage/open';

/** The built runtime (`npm run build`) that the server serves at /runtime/. */
export const builtRuntimeDir = (rootDir: string): string => path.join(rootDir, 'dist', 'runtime');

/** How long the chunks of a build no instance runs any more are kept (a tab left open that long). */
export const CHUNK_KEEP_DAYS = 30;

const DAY_MS = 86_400_000;

/** A content-hashed chunk's file name, as rollup writes it (`[name]-[hash].js`). */
export const CHUNK_NAME = /^[\w.-]+-[\w-]{6}\.js$/;

/** Rows per INSERT: a chunk and its two compressed forms are tens of KB. */
const CHUNKS_PER_INSERT = 20;

const optional = (file: string): Promise<Buffer | null> => readFile(file).catch(() => null);

/** The chunk files of the build in `runtimeDir` (none where the runtime is not built). */
export async function builtChunks(runtimeDir: string): Promise<string[]> {
  const files = await readdir(path.join(runtimeDir, 'chunks')).catch(() => [] as string[]);
  return files.filter((file) => CHUNK_NAME.test(file)).sort();
}

/** Whether this instance's own build has the chunk (it is then served from the disk). */
export const builtChunkExists = (runtimeDir: string, name: string): Promise<boolean> =>
  stat(path.join(runtimeDir, 'chunks', name)).then((file) => file.isFile(), () => false);

/**
 * Stores the chunks of the build in `runtimeDir` that the database lacks, and marks all of its
 * chunks seen now. Answers how many it stored.
 */
export async function storeBuiltChunks(store: Storage, runtimeDir: string, now = Date.now()): Promise<number> {
  const names = await builtChunks(runtimeDir);
  if (!names.length) return 0;
  const present = new Set((await store.db.selectFrom('runtime_chunks').select('name').where('name', 'in', names).execute()).map((row) => row.name));
  const missing = names.filter((name) => !present.has(name));
  for (let start = 0; start < missing.length; start += CHUNKS_PER_INSERT) {
    const rows = await Promise.all(
      missing.slice(start, start + CHUNKS_PER_INSERT).map(async (name) => {
        const file = path.join(runtimeDir, 'chunks', name);
        const [plain, brotli, gzip] = await Promise.all([readFile(file), optional(`${file}.br`), optional(`${file}.gz`)]);
        return { name, plain, brotli, gzip, seen_at: now };
      }),
    );
    // Several instances of one build may start at once: the first to store a chunk keeps it.
    await store.db.insertInto('runtime_chunks').values(rows).onConflict((conflict) => conflict.column('name').doNothing()).execute();
  }
  await store.db.updateTable('runtime_chunks').set({ seen_at: now }).where('name', 'in', names).execute();
  return missing.length;
}

/**
 * Marks this build's chunks seen and drops those of builds no instance has run for
 * CHUNK_KEEP_DAYS. Each running instance does it once a day (housekeeping), so the chunks of
 * every build still running stay.
 */
export async function refreshStoredChunks(store: Storage, runtimeDir: string, now = Date.now()): Promise<number> {
  const names = await builtChunks(runtimeDir);
  if (names.length) await store.db.updateTable('runtime_chunks').set({ seen_at: now }).where('name', 'in', names).execute();
  const dropped = await store.db.deleteFrom('runtime_chunks').where('seen_at', '<', now - CHUNK_KEEP_DAYS * DAY_MS).executeTakeFirst();
  return Number(dropped.numDeletedRows);
}

export type ChunkEncoding = 'br' | 'gzip' | 'identity';

const COLUMNS = { br: 'brotli', gzip: 'gzip', identity: 'plain' } as const;

const asBuffer = (bytes: Uint8Array): Buffer => (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));

/** A stored chunk in the encoding asked for, else as built (null: no such chunk). */
export async function readStoredChunk(store: Storage, name: string, encoding: ChunkEncoding): Promise<{ body: Buffer; encoding: ChunkEncoding } | null> {
  const read = async (wanted: ChunkEncoding) => {
    const row = await store.db.selectFrom('runtime_chunks').select(COLUMNS[wanted]).where('name', '=', name).executeTakeFirst();
    return row && (row as Record<string, Uint8Array | null>)[COLUMNS[wanted]];
  };
  const bytes = await read(encoding);
  if (bytes) return { body: asBuffer(bytes), encoding };
  // null: no such chunk; a row without that compressed form: the chunk as built.
  const plain = bytes === null ? await read('identity') : undefined;
  return plain ? { body: asBuffer(plain), encoding: 'identity' } : null;
}
