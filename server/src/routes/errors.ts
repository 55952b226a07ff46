import type { FastifyInstance, FastifyReply } from 'fastify';
import { crumbQuery } from '../schemas';
import { isJsonObject, parseVisitorJson } from '../security/json-depth';
import { JAVASCRIPT_ERRORS_PATH, TRACE_PATH } from '../../../contract/api/paths';
import { ERROR_DATA_MAX_LENGTH, errorBatchSchema, traceBatchSchema, type ErrorEvent, type ErrorReport, type TraceEvent } from '../../../contract/model/api/errors';
import { OWNER_PATHS } from '../../../contract/api/owner-paths';
import { errorsIn } from '../repositories/dashboards';
import { dayRangeQuery } from '../ingest/day-range';
import { siteDayRange } from '../site-day';
import type { ErrorsAnswer } from '../../../contract/api/owner-answers';
import { indexable } from '../storage/text-values';

/** A report as it arrives: its fields are the visitor's, checked one by one. */
type Reported = { [K in keyof ErrorReport]?: unknown };

export default async function errorRoutes(app: FastifyInstance): Promise<void> {
  // The crumb comes as a header here (spec part 1 §7); the crumb check accepts either.
  app.post(
    JAVASCRIPT_ERRORS_PATH,
    { config: { visitorData: true }, schema: { querystring: crumbQuery, body: errorBatchSchema } },
    async (request, reply) => {
      const events = request.body as ErrorEvent[];
      const now = Date.now();
      const rows: Array<{ message: string; source: string | null; count: number; data_json: string; created_at: number }> = [];
      for (const event of events) {
        const parsed = parseVisitorJson(event.data);
        if (!isJsonObject(parsed)) return reply.code(400).send({ error: 'data must be a JSON object.' });
        const report = parsed as Reported;
        const count = typeof report.count === 'number' && report.count > 0 ? Math.min(report.count, 1_000_000) : 1;
        rows.push({ message: indexable(String(report.message ?? event.event)), source: typeof report.source === 'string' ? report.source.slice(0, 2048) : null, count, data_json: event.data, created_at: now });
      }
      await app.ingest.write('js_errors', rows);
      return {};
    },
  );

  app.post(
    TRACE_PATH,
    { config: { visitorData: true }, schema: { querystring: crumbQuery, body: traceBatchSchema } },
    async (request) => {
      const events = request.body as Array<Omit<TraceEvent, 'data'> & { data?: unknown }>;
      const now = Date.now();
      await app.ingest.write(
        'trace_events',
        events.map((event) => ({ type: event.type, page_url: event.pageUrl, data_json: JSON.stringify(event.data ?? null).slice(0, ERROR_DATA_MAX_LENGTH), created_at: now })),
      );
      return {};
    },
  );

  app.get(OWNER_PATHS.errors, { schema: { querystring: dayRangeQuery } }, async (request, reply): Promise<ErrorsAnswer | FastifyReply> => {
    const range = await siteDayRange(app, request.query);
    if ('error' in range) return reply.code(400).send({ error: range.error });
    return { ...range, errors: await errorsIn(app.storage, range) };
  });
}
