/**
 * For a load balancer or an orchestrator: `/healthz` answers while the process runs,
 * `/readyz` only while the database answers and has every migration this server knows, and
 * no request has found its file damaged (then it stays 503, for monitoring to see, until the
 * server restarts on a restored copy). On SQLite it also tells the space on the database's disk
 * (`disk.low` for monitoring to alert on); a low disk is still ready, since pages are served.
 * Neither needs a crumb or a session, and neither is logged per request.
 */
import type { FastifyInstance } from 'fastify';
import { readiness } from '../storage/open';
import { damageOf } from '../storage/unavailable';
import { diskSpaceOf, isLowOnSpace } from '../storage/disk-space';

export const HEALTH_PATH = '/healthz';
export const READY_PATH = '/readyz';

export default async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get(HEALTH_PATH, { logLevel: 'silent' }, async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));

  app.get(READY_PATH, { logLevel: 'silent' }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    const damage = damageOf(app.storage);
    if (damage) return reply.code(503).send({ status: 'not ready', reason: `the database file is damaged (${damage}): stop the server and restore a backup` });
    try {
      const { applied, known } = await readiness(app.storage);
      if (applied < known) return reply.code(503).send({ status: 'not ready', reason: `migrations applied: ${applied} of ${known}` });
      const space = app.storage.engine === 'sqlite' ? await diskSpaceOf(app.settings.dataDir) : null;
      const disk = space ? { disk: { ...space, low: isLowOnSpace(space) } } : {};
      return reply.send({ status: 'ready', schema: applied, engine: app.storage.engine, ...disk });
    } catch (error) {
      request.log.error(error, 'readiness check failed');
      return reply.code(503).send({ status: 'not ready', reason: 'the database does not answer' });
    }
  });
}
