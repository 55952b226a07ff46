/**
 * For a load balancer or an orchestrator: `/healthz` answers while the process runs,
 * `/readyz` only while the database answers and has every migration this server knows.
 * Neither needs a crumb or a session, and neither is logged per request.
 */
import type { FastifyInstance } from 'fastify';
import { MIGRATIONS, schemaVersion } from '../db';

export const HEALTH_PATH = '/healthz';
export const READY_PATH = '/readyz';

export default async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get(HEALTH_PATH, { logLevel: 'silent' }, async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));

  app.get(READY_PATH, { logLevel: 'silent' }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    try {
      const version = schemaVersion(app.db);
      if (version < MIGRATIONS.length) return reply.code(503).send({ status: 'not ready', reason: `migrations applied: ${version} of ${MIGRATIONS.length}` });
      app.db.prepare('SELECT 1').get();
      return reply.send({ status: 'ready', schema: version });
    } catch (error) {
      request.log.error(error, 'readiness check failed');
      return reply.code(503).send({ status: 'not ready', reason: 'the database does not answer' });
    }
  });
}
