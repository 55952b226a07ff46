/**
 * A visitor says the site was slow at 9:14; the log says which answers were, and their request
 * ids. An answer that took more than SLOW_ANSWER_MS to prepare (from its body read to its
 * answer ready: the database, the disk or the machine, not the visitor's network) is logged as
 * a warning, the first of each route in a minute whole, the others counted in one line as the
 * minute ends (as the outage log does), so that a slow database does not flood the log.
 * `/metrics` has the times of every answer.
 */
import { performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createOutageLog } from './outage-log';

export const SLOW_ANSWER_MS = 5_000;

export const slowAnswerLine = (route: string, thresholdMs: number) =>
  `Slow answer on ${route}: more than ${thresholdMs / 1000} s to prepare (the database, its disk or this machine is slow; /metrics has the times of every route).`;

export function registerSlowAnswerLog(app: FastifyInstance, thresholdMs = SLOW_ANSWER_MS): void {
  const slow = createOutageLog(app.log, app.settings.outageLogWindowMs, 'warn');
  app.addHook('onClose', async () => slow.close());
  const started = new WeakMap<FastifyRequest, number>();
  app.addHook('preHandler', (request, _reply, done) => {
    started.set(request, performance.now());
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const start = started.get(request);
    if (start !== undefined) {
      const ms = performance.now() - start;
      // Route patterns, not addresses: one line per route a minute, whatever the paths asked.
      if (ms > thresholdMs) slow.tell(request, slowAnswerLine(`${request.method} ${request.routeOptions.url ?? '(no route)'}`, thresholdMs), { code: reply.statusCode, ms: Math.round(ms) });
    }
    done(null, payload);
  });
}
