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
