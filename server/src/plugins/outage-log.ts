/**
 * What a self-hoster reads while the database is away: the first request refused for a reason
 * is logged whole (its request id, the database's code and words); the others refused for it
 * in the next minute are counted, and said in one line when the minute ends. An outage at a
 * hundred requests a second would otherwise bury everything else in the log, and fill its disk.
 * Slow answers are told the same way, as warnings.
 */
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';

export const OUTAGE_LOG_WINDOW_MS = 60_000;

interface Window {
  count: number;
  codes: Set<string>;
  timer: ReturnType<typeof setTimeout>;
}

export interface OutageLog {
  /** Logs `message` for this request (refused, or slow), or counts it when the same message was logged less than a window ago. */
  tell(request: FastifyRequest, message: string, fields: { code?: unknown; [field: string]: unknown }): void;
  /** Says what was counted and not yet said (the server stops). */
  close(): void;
}

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

/** `level`: how the lines are logged (a refused request is an error; a slow answer, a warning). */
export function createOutageLog(log: FastifyBaseLogger, windowMs = OUTAGE_LOG_WINDOW_MS, level: 'error' | 'warn' = 'error'): OutageLog {
  const windows = new Map<string, Window>();
  const end = (message: string) => {
    const window = windows.get(message);
    if (!window) return;
    clearTimeout(window.timer);
    windows.delete(message);
    if (window.count) log[level]({ codes: [...window.codes], count: window.count }, `${plural(window.count, 'more request')} since: ${message}`);
  };
  return {
    tell(request, message, fields) {
      const open = windows.get(message);
      if (open) {
        open.count += 1;
        if (fields.code !== undefined) open.codes.add(String(fields.code));
        return;
      }
      request.log[level](fields, message);
      const timer = setTimeout(() => end(message), windowMs);
      timer.unref();
      windows.set(message, { count: 0, codes: new Set(), timer });
    },
    close() {
      for (const message of [...windows.keys()]) end(message);
    },
  };
}
