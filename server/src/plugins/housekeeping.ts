import type { FastifyInstance } from 'fastify';
import { dropExpiredCounters } from '../security/limits';
import { dropExpiredFormKeys } from '../forms/keys';
import { dropExpiredVisitorData } from '../ingest/retention';

/** How often rows whose time is over are dropped (by their expiry indexes). */
export const HOUSEKEEPING_INTERVAL_MS = 60_000;

/** Drops expired limit counters, form keys and (with RETENTION_DAYS) old visitor rows now and then; stops when the server closes. */
export function registerHousekeeping(app: FastifyInstance): void {
  const sweep = () =>
    Promise.all([
      dropExpiredCounters(app.storage),
      dropExpiredFormKeys(app.storage),
      app.settings.retentionDays === null ? 0 : dropExpiredVisitorData(app.storage, app.settings.retentionDays),
    ]).catch((error: unknown) =>
      app.log.error({ err: error }, 'housekeeping failed; it runs again in a minute'),
    );
  const timer = setInterval(() => void sweep(), HOUSEKEEPING_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
