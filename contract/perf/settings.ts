/** Performance collection settings (spec part 1 §4, §7, §9). Pure. */
import type * as Paths from '../api/paths';
const PERFORMANCE_RECORDS_PATH: typeof Paths.PERFORMANCE_RECORDS_PATH = '/api/1/performance/records';
const PERFORMANCE_SETTINGS_PATH: typeof Paths.PERFORMANCE_SETTINGS_PATH = '/api/1/performance/settings';
export const SETTINGS_PATH = PERFORMANCE_SETTINGS_PATH;
export const RECORDS_PATH = PERFORMANCE_RECORDS_PATH;
export const PERF_VERSION = '4.0.7';
export const PERF_INTERVAL_MS = 30_000;
export const METRIC_WAIT_MS = 60_000;
export const REQUEST_TIMEOUT_MS = 10_000;
export const APP_NAME = 'site';
export const NO_PAGE_LOAD_ID = 'Unable to resolve pageLoadId';
export const SETTINGS_TIMEOUT = 'Metric settings request timeout';
export const DATA_IS_EMPTY = 'Data is empty';
export const unexpectedStatus = (status: number) => `XHR request DONE with unexpected status: ${status}`;

export interface PerfSettings {
  pageLoadId?: string;
  rollout?: { rum?: boolean; apps?: string[]; pageSpeed?: boolean; userTiming?: boolean };
}

/** Collection runs only with 'rum' rolled out to this app; page speed and user timing each have a flag. */
export function collectionFlags(settings: PerfSettings | null): { pageSpeed: boolean; userTiming: boolean } | null {
  const rollout = settings?.rollout;
  if (!rollout?.rum || !rollout.apps?.includes(APP_NAME)) return null;
  if (!rollout.pageSpeed && !rollout.userTiming) return null;
  return { pageSpeed: !!rollout.pageSpeed, userTiming: !!rollout.userTiming };
}

/** POST .../performance/records: one page load's record, sent again as its metrics change. */
export interface PerfRecord {
  app: string;
  event: string;
  pageLoadId: string;
  timestamp: number;
  data: { pathname?: string; metrics?: Record<string, number>; [field: string]: unknown };
}

export const MAX_PERF_RECORDS_PER_BATCH = 100;

export const perfRecordSchema = {
  type: 'object',
  required: ['app', 'event', 'pageLoadId', 'timestamp', 'data'],
  properties: {
    app: { type: 'string', maxLength: 32 },
    event: { type: 'string', maxLength: 32 },
    pageLoadId: { type: 'string', minLength: 1, maxLength: 64 },
    timestamp: { type: 'number' },
    data: { type: 'object', properties: { pathname: { type: 'string', maxLength: 2048 }, metrics: { type: 'object' } } },
  },
} as const;

export const perfRecordBatchSchema = { type: 'array', maxItems: MAX_PERF_RECORDS_PER_BATCH, items: perfRecordSchema } as const;
