import type { FastifyInstance } from 'fastify';
import { dropExpiredCounters } from '../security/limits';
import { dropExpiredFormKeys } from '../forms/keys';
import { dropExpiredVisitorData } from '../ingest/retention';
import { refreshStoredChunks, type ChunkFolder } from '../build-chunks';
import { watchDiskSpace } from '../storage/disk-space';
import { dropAbandonedCarts } from '../commerce/store';
import { dropOldFailedNotices } from '../mail/outbox';
import { dropExpiredPasswordLinks } from '../password-links';

/** How often rows whose time is over are dropped (by their expiry indexes). */
export const HOUSEKEEPING_INTERVAL_MS = 60_000;

export const HOUSEKEEPING_FAILED = 'Housekeeping failed (expired keys, counters and old rows are not dropped meanwhile); it runs again each minute and says nothing more until it works.';
export const HOUSEKEEPING_WORKS = 'Housekeeping works again.';

/** How often the daily work runs: an instance marks its build's chunks (the runtime's, the owner app's) as still in use and drops those of builds long gone; abandoned carts are dropped. */
export const DAILY_WORK_INTERVAL_MS = 86_400_000;

/**
 * `task` at most once a day from a sweep; `lastRun` null: at the first sweep (a server that
 * restarts more often than daily still does it), else a day after that time.
 */
function daily<T>(task: () => Promise<T>, lastRun: number | null): () => Promise<T> | 0 {
  return () => {
    if (lastRun !== null && Date.now() - lastRun < DAILY_WORK_INTERVAL_MS) return 0;
    lastRun = Date.now();
    return task();
  };
}

/**
 * Drops expired limit counters, form keys, password-reset links, notices failed a month ago and (with RETENTION_DAYS)
 * old visitor rows now and
 * then; once a day drops abandoned carts and refreshes the stored chunks of builds; on SQLite,
 * says in the log when the disk that holds the database runs low (at start too); stops when the
 * server closes.
 */
export function registerHousekeeping(app: FastifyInstance, chunkFolders: ChunkFolder[]): void {
  // The chunks were stored as the server started: the next refresh is a day on.
  const refreshChunks = daily(() => refreshStoredChunks(app.storage, chunkFolders), Date.now());
  const dropCarts = daily(() => dropAbandonedCarts(app.storage), null);
  const disk = app.storage.engine === 'sqlite' ? watchDiskSpace(app.log, app.settings.dataDir) : null;
  // While the database is away, one line when the sweep fails and one when it works again, not one a minute.
  let failing = false;
  // A sweep still running (a slow database) is not joined by the next: they would only wait on each other.
  let running: Promise<void> | null = null;
  const sweep = () => (running ??= sweepOnce().finally(() => (running = null)));
  const sweepOnce = () =>
    Promise.all([
      disk?.check(),
      dropExpiredCounters(app.storage),
      dropExpiredFormKeys(app.storage),
      dropOldFailedNotices(app.storage),
      dropExpiredPasswordLinks(app.storage),
      app.settings.retentionDays === null ? 0 : dropExpiredVisitorData(app.storage, app.settings.retentionDays),
      refreshChunks(),
      dropCarts(),
    ]).then(
      () => {
        if (failing) app.log.info(HOUSEKEEPING_WORKS);
        failing = false;
      },
      (error: unknown) => {
        if (!failing) app.log.error({ err: error }, HOUSEKEEPING_FAILED);
        failing = true;
      },
    );
  app.addHook('onReady', async () => void (await disk?.check()));
  const timer = setInterval(() => void sweep(), HOUSEKEEPING_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
