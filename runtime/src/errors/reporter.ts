import { CRUMB_COOKIE } from '../net/crumb';
import { sendNow } from '../net/beacon';
import { readCookie } from '../platform/cookies';
import { listen } from '../platform/events';
import { handErrorsTo } from './capture';
import type * as Paths from '../../../contract/api/paths';
import { CRUMB_HEADER } from '../../../contract/crumb';
import type { ErrorEvent, ErrorReport as Report, MAX_ERRORS_PER_BATCH } from '../../../contract/model/api/errors';

export type { ErrorEvent };

/** Spec part 1 §7, §9: the endpoint, its crumb header, and the limits. */
export const ERRORS_PATH: typeof Paths.JAVASCRIPT_ERRORS_PATH = '/api/events/RecordJavascriptErrors';
export { CRUMB_HEADER };
export const STACK_LIMIT = 5000;
export const SEND_DEBOUNCE_MS = 1000;
export const MAX_QUEUED: typeof MAX_ERRORS_PER_BATCH = 10;
export const MAX_BATCHES = 20;
export const CROSS_ORIGIN_HINT =
  'Script error. (A cross-origin script failed: serve it with CORS and add crossorigin="anonymous" to its script tag to see the details.)';
const EXTENSION_URL = /(chrome|moz|safari(-web)?)-extension:\/\//;

/** Stacks that only ever mention extension URLs belong to an extension, not to the page. */
export const fromExtension = (stack: string) => EXTENSION_URL.test(stack) && !/https?:\/\//.test(stack.replace(/\S*-extension:\/\/\S*/g, ''));

/**
 * Reports uncaught errors, unhandled rejections and the runtime's own reported problems, without
 * ever flooding: identical errors are counted, not repeated; at most 10 wait, in at most 20
 * batches a page, each sent 1 s after the last error with the crumb header.
 */
export function createReporter(send: (batch: ErrorEvent[]) => void = defaultSend) {
  const queued = new Map<string, Report>();
  const seen = new Set<string>();
  let batches = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let crossOriginReported = false;

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!queued.size || batches >= MAX_BATCHES) return;
    batches += 1;
    const batch = [...queued.values()].map((report) => ({ event: 'javascript_error', data: JSON.stringify(report), timestamp: Date.now() }));
    queued.clear();
    send(batch);
  };

  const report = (error: unknown, message?: string, detail?: Record<string, unknown>, where: { source?: string; line?: number; column?: number } = {}) => {
    const err = error instanceof Error ? error : null;
    let text = message || err?.message || String(error);
    const stack = (err?.stack ?? '').slice(0, STACK_LIMIT);
    if (stack && fromExtension(stack)) return;
    if (text === 'Script error.' || text === 'Script error') {
      if (crossOriginReported) return;
      crossOriginReported = true;
      text = CROSS_ORIGIN_HINT;
    }
    const key = `${text}|${where.source ?? ''}|${where.line ?? ''}`;
    const waiting = queued.get(key);
    if (waiting) {
      waiting.count += 1;
      return;
    }
    if (seen.has(key) || queued.size >= MAX_QUEUED || batches >= MAX_BATCHES) return;
    seen.add(key);
    queued.set(key, { message: text.slice(0, STACK_LIMIT), stack, source: where.source ?? location.href, line: where.line ?? 0, column: where.column ?? 0, count: 1, detail });
    clearTimeout(timer);
    timer = setTimeout(flush, SEND_DEBOUNCE_MS);
  };

  return { report, flush };
}

function defaultSend(batch: ErrorEvent[]): void {
  // A beacon cannot carry the crumb header, so this goes by fetch keepalive.
  sendNow(ERRORS_PATH, JSON.stringify(batch), { headers: { [CRUMB_HEADER]: readCookie(CRUMB_COOKIE) ?? '' } });
}

/**
 * Takes over from the capture in site.js (errors/capture): everything caught since the first
 * line, then every later error, goes to one reporter, flushed when the page is left.
 */
export function startErrorReporting(send: (batch: ErrorEvent[]) => void = defaultSend): () => void {
  const reporter = createReporter(send);
  handErrorsTo(reporter.report);
  const stop = listen(window, 'pagehide', reporter.flush);
  return () => {
    stop();
    reporter.flush();
  };
}
