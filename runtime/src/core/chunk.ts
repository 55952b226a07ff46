import { turn } from '../platform/yield';

/** Spec part 1 §8: chunk loading fails with ChunkLoadError after 120 s or on a missing file. */
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

export function loadChunk<T>(load: () => Promise<T>, label: string, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError(`Loading chunk ${label} timed out after ${timeoutMs} ms`)), timeoutMs);
  });
  // Each import takes a turn (platform/yield.ts): starting one costs milliseconds of its own,
  // and a page that needs many chunks at once should not start them all in one task.
  const loaded = turn()
    .then(load)
    .catch((error: unknown) => {
      throw new ChunkLoadError(`Loading chunk ${label} failed: ${(error as Error | undefined)?.message ?? error}`);
    });
  return Promise.race([loaded, timeout]).finally(() => clearTimeout(timer));
}

/**
 * A chunk for work that can wait (analytics): a load that failed because the browser is offline
 * is tried again once it is back online. (Chromium fetches a failed module again.)
 */
export const loadChunkOnline = <T>(load: () => Promise<T>, label: string): Promise<T> =>
  loadChunk(load, label).catch((error: unknown) =>
    navigator.onLine === false ? new Promise((online) => addEventListener('online', online, { once: true })).then(() => loadChunk(load, label)) : Promise.reject(error),
  );
