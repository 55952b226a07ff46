import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { DATA_IS_EMPTY, perfRecordBatchSchema, type PerfRecord } from '../../../contract/perf/settings';
import { crumbQuery } from '../schemas';
import { readSiteSettings } from '../site-page';
import { PERFORMANCE_RECORDS_PATH, PERFORMANCE_SETTINGS_PATH } from '../../../contract/api/paths';
import { OWNER_PATHS } from '../../../contract/api/owner-paths';
import { performanceIn } from '../repositories/dashboards';
import { dayRangeQuery } from '../ingest/day-range';
import { siteDayRange } from '../site-day';
import type { PerformanceAnswer } from '../../../contract/api/owner-answers';
import { indexable } from '../storage/text-values';

interface PerformanceSettings {
  rum?: boolean;
  apps?: string[];
  pageSpeed?: boolean;
  userTiming?: boolean;
  sampleRate?: number;
  offPaths?: string[];
}

export default async function performanceRoutes(app: FastifyInstance): Promise<void> {
  const settings = async (): Promise<PerformanceSettings> => ((await readSiteSettings(app)) as { performanceSettings?: PerformanceSettings }).performanceSettings ?? {};

  app.get(
    PERFORMANCE_SETTINGS_PATH,
    { schema: { querystring: { type: 'object', properties: { ...crumbQuery.properties, path: { type: 'string', maxLength: 2048 } } } } },
    async (request) => {
      const s = await settings();
      const { path: pagePath } = request.query as { path?: string };
      const sampled = Math.random() < (s.sampleRate ?? 1);
      const on = !!s.rum && sampled && !(pagePath && s.offPaths?.includes(pagePath));
      return { pageLoadId: randomUUID(), rollout: { rum: on, apps: s.apps ?? [], pageSpeed: !!s.pageSpeed, userTiming: !!s.userTiming } };
    },
  );

  app.post(
    PERFORMANCE_RECORDS_PATH,
    { config: { visitorData: true }, schema: { querystring: crumbQuery, body: perfRecordBatchSchema } },
    async (request, reply) => {
      const records = request.body as PerfRecord[];
      if (records.length === 0) return reply.code(400).send({ error: DATA_IS_EMPTY });
      // The latest record of each page load wins, within the batch as across batches (ingest/performance-rollups.ts).
      const now = Date.now();
      await app.ingest.write(
        'performance_records',
        records.map((record) => ({
          page_load_id: record.pageLoadId,
          path: indexable(record.data.pathname ?? '/'),
          metrics_json: JSON.stringify(record.data.metrics ?? {}),
          data_json: JSON.stringify(record.data).slice(0, 16_384),
          created_at: now,
        })),
      );
      return {};
    },
  );

  app.get(OWNER_PATHS.performance, { schema: { querystring: dayRangeQuery } }, async (request, reply): Promise<PerformanceAnswer | FastifyReply> => {
    const range = await siteDayRange(app, request.query);
    if ('error' in range) return reply.code(400).send({ error: range.error });
    return { ...range, ...(await performanceIn(app.storage, range)) };
  });
}
