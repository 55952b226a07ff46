import { reportError } from '../platform/report';
import { wordsReady } from '../platform/strings';
import { turn } from '../platform/yield';

/** Spec part 1 §8: chunk loading fails with ChunkLoadError after 120 s or on a missing file. */
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/** `label` names the chunk in the error (a block type); without one, the browser's message names its file. */
export function loadChunk<T>(load: () => Promise<T>, label?: string, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  const chunk = label ? `Loading chunk ${label}` : 'Loading a chunk';
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError(`${chunk} timed out after ${timeoutMs} ms`)), timeoutMs);
  });
  // Each import takes a turn (platform/yield.ts): starting one costs milliseconds of its own,
  // and a page that needs many chunks at once should not start them all in one task.
  // A chunk's UI waits for the page's words (platform/strings.ts), fetched beside the first chunk.
  const loaded = turn()
    .then(() => Promise.all([load(), wordsReady()]))
    .then(([module]) => module)
    .catch((error: unknown) => {
      throw new ChunkLoadError(`${chunk} failed: ${(error as Error | undefined)?.message ?? error}`);
    });
  return Promise.race([loaded, timeout]).finally(() => clearTimeout(timer));
}

/**
 * A page service's chunk: loaded in its turn, then `use`d; a failure of either (a missing file,
 * a timeout, an exception) is reported as `failure` and stops nothing else.
 */
export const withChunk = <T>(load: () => Promise<T>, use: (module: T) => unknown, failure: string): Promise<unknown> =>
  loadChunk(load).then(use).catch((error: unknown) => reportError(error, failure));

/**
 * A chunk for work that can wait (analytics): offline, it is not asked for until the browser is
 * back online, since some browsers keep a failed module fetch for the page's life and never ask
 * again (Chromium 150 did; 156 asks again); a load that fails because the network went away
 * meanwhile is tried once more when it returns, for the browsers that do ask again.
 */
export const loadChunkOnline = <T>(load: () => Promise<T>, label: string): Promise<T> =>
  (navigator.onLine === false ? new Promise((online) => addEventListener('online', online, { once: true })) : Promise.resolve())
    .then(() => loadChunk(load, label))
    .catch((error: unknown) => (navigator.onLine === false ? loadChunkOnline(load, label) : Promise.reject(error)));
