import type { FastifyInstance } from 'fastify';
import { dropExpiredCounters } from '../security/limits';
import { dropExpiredFormKeys } from '../forms/keys';
import { dropExpiredVisitorData } from '../ingest/retention';
import { refreshStoredChunks, type ChunkFolder } from '../build-chunks';

/** How often rows whose time is over are dropped (by their expiry indexes). */
export const HOUSEKEEPING_INTERVAL_MS = 60_000;

/** How often an instance marks its build's chunks (the runtime's, the owner app's) as still in use, and drops those of builds long gone. */
export const CHUNK_REFRESH_INTERVAL_MS = 86_400_000;

/**
 * Drops expired limit counters, form keys and (with RETENTION_DAYS) old visitor rows now and
 * then, and once a day refreshes the stored chunks of builds; stops when the server closes.
 */
export function registerHousekeeping(app: FastifyInstance, chunkFolders: ChunkFolder[]): void {
  let chunksRefreshedAt = Date.now();
  const refreshChunks = () => {
    if (Date.now() - chunksRefreshedAt < CHUNK_REFRESH_INTERVAL_MS) return 0;
    chunksRefreshedAt = Date.now();
    return refreshStoredChunks(app.storage, chunkFolders);
  };
  const sweep = () =>
    Promise.all([
      dropExpiredCounters(app.storage),
      dropExpiredFormKeys(app.storage),
      app.settings.retentionDays === null ? 0 : dropExpiredVisitorData(app.storage, app.settings.retentionDays),
      refreshChunks(),
    ]).catch((error: unknown) =>
      app.log.error({ err: error }, 'housekeeping failed; it runs again in a minute'),
    );
  const timer = setInterval(() => void sweep(), HOUSEKEEPING_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
