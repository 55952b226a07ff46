import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { DATA_IS_EMPTY, perfRecordBatchSchema, type PerfRecord } from '../../../contract/perf/settings';
import { crumbQuery } from '../schemas';
import { PERFORMANCE_RECORDS_PATH, PERFORMANCE_SETTINGS_PATH } from '../../../contract/api/paths';
import { OWNER_PATHS } from '../../../contract/api/owner-paths';
import { performanceIn, storePerformanceRecords } from '../repositories/dashboards';
import { dayRange, dayRangeQuery } from '../ingest/day-range';
import type { PerformanceAnswer } from '../../../contract/api/owner-answers';

interface PerformanceSettings {
  rum?: boolean;
  apps?: string[];
  pageSpeed?: boolean;
  userTiming?: boolean;
  sampleRate?: number;
  offPaths?: string[];
}

/** p75 of a list of numbers (nearest rank). */
export function p75(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(sorted.length * 0.75) - 1)] ?? 0;
}

export default async function performanceRoutes(app: FastifyInstance): Promise<void> {
  const settingsFile = path.join(app.settings.siteDir, 'site.json');
  const settings = (): PerformanceSettings => {
    try {
      return (JSON.parse(fs.readFileSync(settingsFile, 'utf8')) as { performanceSettings?: PerformanceSettings }).performanceSettings ?? {};
    } catch {
      return {};
    }
  };

  app.get(
    PERFORMANCE_SETTINGS_PATH,
    { schema: { querystring: { type: 'object', properties: { ...crumbQuery.properties, path: { type: 'string', maxLength: 2048 } } } } },
    async (request) => {
      const s = settings();
      const { path: pagePath } = request.query as { path?: string };
      const sampled = Math.random() < (s.sampleRate ?? 1);
      const on = !!s.rum && sampled && !(pagePath && s.offPaths?.includes(pagePath));
      return { pageLoadId: randomUUID(), rollout: { rum: on, apps: s.apps ?? [], pageSpeed: !!s.pageSpeed, userTiming: !!s.userTiming } };
    },
  );

  app.post(
    PERFORMANCE_RECORDS_PATH,
    { schema: { querystring: crumbQuery, body: perfRecordBatchSchema } },
    async (request, reply) => {
      const records = request.body as PerfRecord[];
      if (records.length === 0) return reply.code(400).send({ error: DATA_IS_EMPTY });
      // The latest record of each page load wins, within the batch as across batches.
      const latest = new Map(records.map((record) => [record.pageLoadId, record]));
      const now = Date.now();
      await storePerformanceRecords(
        app.storage,
        [...latest.values()].map((record) => ({
          page_load_id: record.pageLoadId,
          path: record.data.pathname ?? '/',
          metrics_json: JSON.stringify(record.data.metrics ?? {}),
          data_json: JSON.stringify(record.data).slice(0, 16_384),
          created_at: now,
        })),
      );
      return {};
    },
  );

  app.get(OWNER_PATHS.performance, { schema: { querystring: dayRangeQuery } }, async (request, reply): Promise<PerformanceAnswer | FastifyReply> => {
    const range = dayRange(request.query as { from?: string; to?: string });
    if ('error' in range) return reply.code(400).send({ error: range.error });
    const rows = await performanceIn(app.storage, range);
    const groups = new Map<string, Map<string, number[]>>();
    for (const row of rows) {
      for (const key of [`path:${row.path}`, `day:${row.day}`]) {
        const metrics = groups.get(key) ?? new Map<string, number[]>();
        groups.set(key, metrics);
        for (const [name, value] of Object.entries(JSON.parse(row.metrics) as Record<string, unknown>)) {
          if (typeof value === 'number' && Number.isFinite(value)) metrics.set(name, [...(metrics.get(name) ?? []), value]);
        }
      }
    }
    const summary = (prefix: string) =>
      [...groups]
        .filter(([key]) => key.startsWith(prefix))
        .map(([key, metrics]) => ({ key: key.slice(prefix.length), p75: Object.fromEntries([...metrics].map(([name, values]) => [name, p75(values)])), samples: Math.max(0, ...[...metrics.values()].map((v) => v.length)) }));
    const all = new Map<string, number[]>();
    for (const [key, metrics] of groups) if (key.startsWith('day:')) for (const [name, values] of metrics) all.set(name, [...(all.get(name) ?? []), ...values]);
    const overall = Object.fromEntries([...all].map(([name, values]) => [name, p75(values)]));
    return {
      ...range,
      records: rows.length,
      overall,
      perPath: summary('path:').map(({ key, ...rest }) => ({ path: key, ...rest })),
      perDay: summary('day:').map(({ key, ...rest }) => ({ day: key, ...rest })),
    };
  });
}
