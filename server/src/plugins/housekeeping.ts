import type { FastifyInstance } from 'fastify';
import { dropExpiredCounters } from '../security/limits';
import { dropExpiredFormKeys } from '../forms/keys';
import { dropExpiredVisitorData } from '../ingest/retention';
import { refreshStoredChunks, type ChunkFolder } from '../build-chunks';
import { watchDiskSpace } from '../storage/disk-space';
import { dropAbandonedCarts } from '../commerce/store';

/** How often rows whose time is over are dropped (by their expiry indexes). */
export const HOUSEKEEPING_INTERVAL_MS = 60_000;

/** How often abandoned carts are dropped (the first time a minute after the start). */
export const CART_SWEEP_INTERVAL_MS = 86_400_000;

/** How often an instance marks its build's chunks (the runtime's, the owner app's) as still in use, and drops those of builds long gone. */
export const CHUNK_REFRESH_INTERVAL_MS = 86_400_000;

/**
 * Drops expired limit counters, form keys and (with RETENTION_DAYS) old visitor rows now and
 * then; once a day drops abandoned carts and refreshes the stored chunks of builds; on SQLite,
 * says in the log when the disk that holds the database runs low (at start too); stops when the
 * server closes.
 */
export function registerHousekeeping(app: FastifyInstance, chunkFolders: ChunkFolder[]): void {
  let chunksRefreshedAt = Date.now();
  const refreshChunks = () => {
    if (Date.now() - chunksRefreshedAt < CHUNK_REFRESH_INTERVAL_MS) return 0;
    chunksRefreshedAt = Date.now();
    return refreshStoredChunks(app.storage, chunkFolders);
  };
  // A server that restarts more often than daily still drops them: the first sweep does.
  let cartsDroppedAt: number | null = null;
  const dropCarts = () => {
    if (cartsDroppedAt !== null && Date.now() - cartsDroppedAt < CART_SWEEP_INTERVAL_MS) return 0;
    cartsDroppedAt = Date.now();
    return dropAbandonedCarts(app.storage);
  };
  const disk = app.storage.engine === 'sqlite' ? watchDiskSpace(app.log, app.settings.dataDir) : null;
  const sweep = () =>
    Promise.all([
      disk?.check(),
      dropExpiredCounters(app.storage),
      dropExpiredFormKeys(app.storage),
      app.settings.retentionDays === null ? 0 : dropExpiredVisitorData(app.storage, app.settings.retentionDays),
      refreshChunks(),
      dropCarts(),
    ]).catch((error: unknown) =>
      app.log.error({ err: error }, 'housekeeping failed; it runs again in a minute'),
    );
  app.addHook('onReady', async () => void (await disk?.check()));
  const timer = setInterval(() => void sweep(), HOUSEKEEPING_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
