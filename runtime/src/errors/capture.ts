import { listen } from '../platform/events';
import { setErrorSink } from '../platform/report';

/** Where an uncaught error happened (from the window `error` event). */
export interface ErrorPlace {
  source?: string;
  line?: number;
  column?: number;
}

export type ErrorHandler = (error: unknown, message?: string, detail?: Record<string, unknown>, where?: ErrorPlace) => void;

/** Errors kept while the reporter's chunk is on its way: the reporter keeps at most 10 anyway. */
export const MAX_CAPTURED = 20;

let handler: ErrorHandler | null = null;
const captured: Parameters<ErrorHandler>[] = [];

/**
 * The part of error reporting that lives in site.js: from the first line on, window errors,
 * unhandled rejections and the runtime's own reported problems are caught and kept (bounded)
 * until the reporter in the collectors chunk takes over with `handErrorsTo`.
 */
export function captureErrors(): () => void {
  const handle: ErrorHandler = (...args) => (handler ? handler(...args) : captured.length < MAX_CAPTURED && void captured.push(args));
  const teardowns = [
    listen(window, 'error', (event: globalThis.ErrorEvent) =>
      // The Error itself names the problem; event.message adds the browser's "Uncaught" prefix.
      handle(event.error ?? event.message, event.error ? undefined : event.message, undefined, { source: event.filename, line: event.lineno, column: event.colno }),
    ),
    listen(window, 'unhandledrejection', (event: PromiseRejectionEvent) => handle(event.reason, undefined, { kind: 'unhandledrejection' })),
    setErrorSink((error, message, detail) => handle(error, message, detail)),
  ];
  return () => {
    teardowns.forEach((teardown) => teardown());
    handler = null;
    captured.length = 0;
  };
}

/** Hands every error caught so far, and every later one, to `next`. */
export function handErrorsTo(next: ErrorHandler): void {
  handler = next;
  for (const args of captured.splice(0)) next(...args);
}
