import type { FastifyInstance } from 'fastify';
import { dropExpiredCounters } from '../security/limits';
import { dropExpiredFormKeys } from '../forms/keys';

/** How often rows whose time is over are dropped (by their expiry indexes). */
export const HOUSEKEEPING_INTERVAL_MS = 60_000;

/** Drops expired limit counters and form keys now and then; stops when the server closes. */
export function registerHousekeeping(app: FastifyInstance): void {
  const sweep = () =>
    Promise.all([dropExpiredCounters(app.storage), dropExpiredFormKeys(app.storage)]).catch((error: unknown) =>
      app.log.error({ err: error }, 'housekeeping failed; it runs again in a minute'),
    );
  const timer = setInterval(() => void sweep(), HOUSEKEEPING_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
