import { enqueue } from './beacon';
import type * as Paths from '../../../contract/api/paths';
import type { TraceEvent } from '../../../contract/model/api/errors';

/** Spec part 1 §7, §9: trace events batch and flush every 30000 ms or when the page goes. */
export const TRACE_PATH: typeof Paths.TRACE_PATH = '/api/events/Trace';
export const TRACE_FLUSH_MS = 30_000;

export type { TraceEvent };

/** Queues one trace event (a video embed's, say); failures are ignored. */
export function trace(type: string, data: unknown): void {
  enqueue(TRACE_PATH, { pageUrl: location.href, type, data } satisfies TraceEvent, { flushDelayMs: TRACE_FLUSH_MS });
}
