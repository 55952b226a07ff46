/**
 * Error reports and trace events as the runtime sends them and the server stores them (spec
 * part 1 §7, §9): the payload types and the JSON schemas the server validates them with.
 */

/** What one reported error carries, as JSON in an ErrorEvent's `data`. */
export interface ErrorReport {
  message: string;
  stack: string;
  source: string;
  line: number;
  column: number;
  /** Identical errors are counted, not repeated. */
  count: number;
  detail?: Record<string, unknown>;
}

/** POST .../RecordJavascriptErrors: a batch of these, with the crumb header. */
export interface ErrorEvent {
  event: string;
  /** An ErrorReport as JSON. */
  data: string;
  timestamp: number;
}

/** At most this many errors wait, and go, in one batch. */
export const MAX_ERRORS_PER_BATCH = 10;
export const ERROR_DATA_MAX_LENGTH = 16_384;

export const errorEventSchema = {
  type: 'object',
  required: ['event', 'data', 'timestamp'],
  properties: { event: { type: 'string', maxLength: 64 }, data: { type: 'string', maxLength: ERROR_DATA_MAX_LENGTH }, timestamp: { type: 'number' } },
} as const;

export const errorBatchSchema = { type: 'array', minItems: 1, maxItems: MAX_ERRORS_PER_BATCH, items: errorEventSchema } as const;

/** POST .../Trace: what a block traced (a video embed's provider, say). */
export interface TraceEvent {
  pageUrl: string;
  type: string;
  data: unknown;
}

export const MAX_TRACE_EVENTS_PER_BATCH = 100;

export const traceEventSchema = {
  type: 'object',
  required: ['pageUrl', 'type'],
  properties: { pageUrl: { type: 'string', maxLength: 2048 }, type: { type: 'string', maxLength: 64 }, data: {} },
} as const;

export const traceBatchSchema = { type: 'array', minItems: 1, maxItems: MAX_TRACE_EVENTS_PER_BATCH, items: traceEventSchema } as const;
