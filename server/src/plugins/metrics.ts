/**
 * Figures for a self-hoster's monitoring (Prometheus, or anything that reads its text format):
 * `GET /metrics` with `Authorization: Bearer <METRICS_TOKEN>`. Off unless METRICS_TOKEN is
 * set, and then answered only with it: the figures name routes and tell the traffic.
 *
 * prom-client (the Node.js Prometheus client everyone's dashboards expect: its `process_*`
 * and `nodejs_*` names are what ready-made Node.js dashboards read) keeps the figures; each
 * instance has its own, so monitoring scrapes each instance, not the proxy in front of them.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { diskSpaceOf, type DiskSpace } from '../storage/disk-space';
import { outboxCounts } from '../mail/outbox';
import { SERVER_VERSION } from '../version';

export const METRICS_PATH = '/metrics';
export const METRICS_TOKEN_NEEDED = 'This needs the bearer token set in METRICS_TOKEN.';

/** Why a request was refused for the database's sake (plugins/errors.ts). */
export type DatabaseRefusal = 'unavailable' | 'disk_full' | 'damaged';

export interface ServerMetrics {
  databaseRefused(reason: DatabaseRefusal): void;
  visitorDataRefused(): void;
}

/** Seconds: from a cached page's milliseconds to an upload's minutes. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * The process's own figures (memory, CPU, event-loop delay, garbage collection) are the
 * process's, whatever number of servers it builds (tests build many): collected once, by
 * observers that live as long as the process.
 */
let processFigures: Registry | null = null;
function processRegistry(): Registry {
  if (!processFigures) {
    processFigures = new Registry();
    collectDefaultMetrics({ register: processFigures });
  }
  return processFigures;
}

/**
 * prom-client writes an event-loop delay histogram with no samples yet (its first 10 ms, or two
 * scrapes within them) with a minimum of 9.2e9 s and a mean and deviation of NaN; those three
 * are left out of such a scrape, since an alert on them would fire at every start.
 */
const EMPTY_LAG_HISTOGRAM = /^nodejs_eventloop_lag_mean_seconds nan$/im;
const LAG_HISTOGRAM_FIGURES = /^nodejs_eventloop_lag_(?:min|mean|stddev)_seconds .*\n/gm;
export const withoutEmptyLagFigures = (text: string): string => (EMPTY_LAG_HISTOGRAM.test(text) ? text.replace(LAG_HISTOGRAM_FIGURES, '') : text);

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The bearer token, compared in constant time (through digests, which have one length). */
function hasToken(request: FastifyRequest, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1]?.trim();
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

/** Decorates `app.metrics` (counted whether or not anything reads it) and, with a token, answers `/metrics`. */
export function registerMetrics(app: FastifyInstance, token: string | null): void {
  const registry = new Registry();
  const registers = [registry];
  // The process's observers start with the server, so that the first scrape has figures to read.
  if (token) processRegistry();
  const refusedForDatabase = new Counter({
    name: 'tessera_database_refused_requests_total',
    help: 'Requests answered 503 (database unavailable or its disk full) or 500 (database file damaged), by reason.',
    labelNames: ['reason'] as const,
    registers,
  });
  const refusedVisitorData = new Counter({
    name: 'tessera_visitor_data_refused_requests_total',
    help: 'Visitor-data requests answered 429 for passing VISITOR_DATA_PER_MINUTE.',
    registers,
  });
  app.decorate('metrics', {
    databaseRefused: (reason: DatabaseRefusal) => refusedForDatabase.inc({ reason }),
    visitorDataRefused: () => refusedVisitorData.inc(),
  } satisfies ServerMetrics);
  if (token === null) return;

  new Gauge({
    name: 'tessera_info',
    help: 'Always 1; its labels say the server version and the database engine.',
    labelNames: ['version', 'engine'] as const,
    registers,
    collect() {
      this.set({ version: SERVER_VERSION, engine: app.storage.engine }, 1);
    },
  });
  const durations = new Histogram({
    name: 'tessera_http_request_duration_seconds',
    help: 'Time to answer each request, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  new Gauge({
    name: 'tessera_ingest_waiting_rows',
    help: 'Visitor-data rows taken and not yet written: a figure that keeps growing means the database cannot keep up.',
    registers,
    collect() {
      this.set(app.ingest.waitingRows());
    },
  });
  if (app.mail) {
    new Gauge({
      name: 'tessera_mail_outbox_notices',
      help: "The owner's notices in the outbox (SMTP_URL): queued (due, or waiting to be tried again), sending, failed (refused for good; kept 30 days).",
      labelNames: ['status'] as const,
      registers,
      async collect() {
        for (const [status, count] of Object.entries(await outboxCounts(app.storage))) this.set({ status }, count);
      },
    });
  }
  if (app.storage.engine === 'postgres') {
    new Gauge({
      name: 'tessera_database_connections',
      help: "This instance's PostgreSQL connections: open, idle, and queries waiting for one (DATABASE_POOL_SIZE).",
      labelNames: ['state'] as const,
      registers,
      collect() {
        const pool = app.storage.connections();
        if (!pool) return;
        for (const state of ['open', 'idle', 'waiting'] as const) this.set({ state }, pool[state]);
      },
    });
  } else {
    // The two figures come from one statfs a scrape (the registry collects its figures side by side).
    let reading: Promise<DiskSpace | null> | null = null;
    const readDisk = () => (reading ??= diskSpaceOf(app.settings.dataDir).finally(() => (reading = null)));
    const diskGauge = (name: string, help: string, field: keyof DiskSpace) =>
      new Gauge({
        name,
        help,
        registers,
        async collect() {
          const space = await readDisk();
          if (space) this.set(space[field]);
        },
      });
    diskGauge('tessera_disk_free_bytes', 'Space left for the SQLite database on the disk that holds DATA_DIR.', 'freeBytes');
    diskGauge('tessera_disk_size_bytes', 'Size of the disk that holds DATA_DIR.', 'totalBytes');
  }

  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url;
    // Unrouted addresses share one label: a crawler's made-up paths must not each make a series.
    if (route !== METRICS_PATH) durations.observe({ method: request.method, route: route ?? '(no route)', status: reply.statusCode }, reply.elapsedTime / 1000);
    done();
  });

  app.get(METRICS_PATH, { logLevel: 'silent' }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    if (!hasToken(request, token)) return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').send({ error: METRICS_TOKEN_NEEDED });
    const figures = await Promise.all([processRegistry().metrics().then(withoutEmptyLagFigures), registry.metrics()]);
    return reply.type(registry.contentType).send(figures.join('\n'));
  });
}
