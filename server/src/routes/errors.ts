import type { FastifyInstance } from 'fastify';
import { crumbQuery } from '../schemas';
import { isJsonObject, parseVisitorJson } from '../security/json-depth';
import { JAVASCRIPT_ERRORS_PATH, TRACE_PATH } from '../../../contract/api/paths';
import { ERROR_DATA_MAX_LENGTH, errorBatchSchema, traceBatchSchema, type ErrorEvent, type ErrorReport, type TraceEvent } from '../../../contract/model/api/errors';
import { OWNER_PATHS } from '../../../contract/api/owner-paths';
import type { ErrorsAnswer } from '../../../contract/api/owner-answers';

/** A report as it arrives: its fields are the visitor's, checked one by one. */
type Reported = { [K in keyof ErrorReport]?: unknown };

export default async function errorRoutes(app: FastifyInstance): Promise<void> {
  // The crumb comes as a header here (spec part 1 §7); the crumb check accepts either.
  app.post(
    JAVASCRIPT_ERRORS_PATH,
    { schema: { querystring: crumbQuery, body: errorBatchSchema } },
    async (request, reply) => {
      const events = request.body as ErrorEvent[];
      const rows: Array<[string, string | null, number, string]> = [];
      for (const event of events) {
        const parsed = parseVisitorJson(event.data);
        if (!isJsonObject(parsed)) return reply.code(400).send({ error: 'data must be a JSON object.' });
        const report = parsed as Reported;
        const count = typeof report.count === 'number' && report.count > 0 ? Math.min(report.count, 1_000_000) : 1;
        rows.push([String(report.message ?? event.event).slice(0, 5000), typeof report.source === 'string' ? report.source.slice(0, 2048) : null, count, event.data]);
      }
      const insert = app.db.prepare('INSERT INTO js_errors (message, source, count, data_json, created_at) VALUES (?, ?, ?, ?, ?)');
      app.db.transaction(() => rows.forEach((row) => insert.run(...row, Date.now())))();
      return {};
    },
  );

  app.post(
    TRACE_PATH,
    { schema: { querystring: crumbQuery, body: traceBatchSchema } },
    async (request) => {
      const events = request.body as Array<Omit<TraceEvent, 'data'> & { data?: unknown }>;
      const insert = app.db.prepare('INSERT INTO trace_events (type, page_url, data_json, created_at) VALUES (?, ?, ?, ?)');
      app.db.transaction(() => events.forEach((event) => insert.run(event.type, event.pageUrl, JSON.stringify(event.data ?? null).slice(0, ERROR_DATA_MAX_LENGTH), Date.now())))();
      return {};
    },
  );

  app.get(OWNER_PATHS.errors, { schema: { querystring: crumbQuery } }, async (): Promise<ErrorsAnswer> => ({
    errors: app.db
      .prepare(
        "SELECT message, SUM(count) AS count, COUNT(*) AS reports, strftime('%Y-%m-%dT%H:%M:%SZ', MAX(created_at) / 1000, 'unixepoch') AS lastSeen FROM js_errors GROUP BY message ORDER BY MAX(created_at) DESC LIMIT 100",
      )
      .all() as ErrorsAnswer['errors'],
  }));
}
