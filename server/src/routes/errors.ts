import type { FastifyInstance, FastifyReply } from 'fastify';
import { crumbQuery } from '../schemas';
import { isJsonObject, parseVisitorJson } from '../security/json-depth';
import { JAVASCRIPT_ERRORS_PATH, TRACE_PATH } from '../../../contract/api/paths';
import { ERROR_DATA_MAX_LENGTH, errorBatchSchema, traceBatchSchema, type ErrorEvent, type ErrorReport, type TraceEvent } from '../../../contract/model/api/errors';
import { OWNER_PATHS } from '../../../contract/api/owner-paths';
import { errorReport, errorsIn } from '../repositories/dashboards';
import { dayRangeQuery } from '../ingest/day-range';
import { siteDayRange } from '../site-day';
import type { ErrorReportAnswer, ErrorsAnswer } from '../../../contract/api/owner-answers';
import type { Insertable } from 'kysely';
import type { Tables } from '../storage/tables';
import { indexable } from '../storage/text-values';

export const REPORT_GONE = 'That report is no longer kept: reports go after RETENTION_DAYS, their counts stay.';

/** The page a report came from (the request's Referer): its address without the query or fragment, which may hold a token. */
function pageOf(referer: string | undefined): string | null {
  if (!referer) return null;
  try {
    const url = new URL(referer);
    return url.protocol === 'http:' || url.protocol === 'https:' ? `${url.origin}${url.pathname}`.slice(0, 2048) : null;
  } catch {
    return null;
  }
}

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
      const rows: Array<Insertable<Tables['js_errors']>> = [];
      const page = pageOf(request.headers.referer);
      const browser = request.headers['user-agent']?.slice(0, 512) ?? null;
      for (const event of events) {
        const parsed = parseVisitorJson(event.data);
        if (!isJsonObject(parsed)) return reply.code(400).send({ error: 'data must be a JSON object.' });
        const report = parsed as Reported;
        const count = typeof report.count === 'number' && report.count > 0 ? Math.min(report.count, 1_000_000) : 1;
        rows.push({ message: indexable(String(report.message ?? event.event)), source: typeof report.source === 'string' ? report.source.slice(0, 2048) : null, count, data_json: event.data, page, browser, created_at: now });
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

  app.get(
    OWNER_PATHS.errorReport,
    { schema: { params: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } } } } },
    async (request, reply): Promise<ErrorReportAnswer | FastifyReply> => {
      const report = await errorReport(app.storage, (request.params as { id: number }).id);
      return report ?? reply.code(404).send({ error: REPORT_GONE });
    },
  );
}
