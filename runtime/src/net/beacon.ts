import { listen } from '../platform/events';
import { withCrumb } from './crumb';

/**
 * One transport for every collector (census, analytics, errors, performance): a bounded queue
 * per endpoint, flushed in batches after a short delay and whenever the page is hidden or left,
 * by sendBeacon, else fetch with keepalive (every browser the build targets has both). A failed
 * send never reports itself.
 */
export const MAX_REQUEST_BYTES = 64 * 1024; // the browser's keepalive budget
export const MAX_QUEUED_PER_ENDPOINT = 100;
export const FLUSH_DELAY_MS = 1000;

export type Delivery = 'beacon' | 'xhr';

export interface SendOptions {
  /** Headers force fetch keepalive: a beacon cannot carry them. */
  headers?: Record<string, string>;
  /** Abort after this long (census: 2500 ms); beacons are fire-and-forget. */
  timeoutMs?: number;
  /** Prefer XHR (a plain request that can be awaited) over a beacon. */
  xhr?: boolean;
  /** For queued items: how long a batch may wait before it goes (default 1000 ms). */
  flushDelayMs?: number;
}

function absolute(path: string): string {
  return withCrumb(new URL(path, location.href)).toString();
}

/** Sends one body now; answers how it went out, or null when nothing could send it. */
export function sendNow(path: string, body: string, options: SendOptions = {}): Delivery | null {
  const url = absolute(path);
  if (!options.headers && !options.xhr && typeof navigator.sendBeacon === 'function') {
    try {
      if (navigator.sendBeacon(url, new Blob([body], { type: 'text/plain;charset=UTF-8' }))) return 'beacon';
    } catch {
      /* fall through to fetch */
    }
  }
  const controller = options.timeoutMs ? new AbortController() : null;
  const timer = controller ? setTimeout(() => controller.abort(), options.timeoutMs) : undefined;
  try {
    fetch(url, {
      method: 'POST',
      body,
      keepalive: body.length <= MAX_REQUEST_BYTES,
      credentials: 'same-origin',
      headers: { 'Content-Type': 'text/plain;charset=UTF-8', ...options.headers },
      signal: controller?.signal,
    })
      .catch(() => undefined)
      .finally(() => clearTimeout(timer));
  } catch {
    return null; // no fetch at all: nothing can send it
  }
  return options.xhr ? 'xhr' : 'beacon';
}

interface Queue {
  items: unknown[];
  options: SendOptions;
  timer?: ReturnType<typeof setTimeout>;
}

const queues = new Map<string, Queue>();
let listening = false;

/** Sends every queued batch (or one endpoint's), split so no request passes MAX_REQUEST_BYTES. */
export function flush(only?: string): void {
  for (const [path, queue] of queues) {
    if (only && path !== only) continue;
    clearTimeout(queue.timer);
    queue.timer = undefined;
    let batch: unknown[] = [];
    let size = 2;
    for (const item of queue.items.splice(0)) {
      const length = JSON.stringify(item).length + 1;
      if (batch.length && size + length > MAX_REQUEST_BYTES) {
        sendNow(path, JSON.stringify(batch), queue.options);
        batch = [];
        size = 2;
      }
      batch.push(item);
      size += length;
    }
    if (batch.length) sendNow(path, JSON.stringify(batch), queue.options);
  }
}

/** Queues one item for `path`; the batch goes out within FLUSH_DELAY_MS or when the page hides. */
export function enqueue(path: string, item: unknown, options: SendOptions = {}): void {
  if (!listening) {
    listening = true;
    listen(document, 'visibilitychange', () => document.visibilityState === 'hidden' && flush());
    listen(window, 'pagehide', () => flush());
  }
  const queue = queues.get(path) ?? { items: [], options };
  queues.set(path, queue);
  if (queue.items.length >= MAX_QUEUED_PER_ENDPOINT) queue.items.shift(); // bounded: oldest first
  queue.items.push(item);
  queue.timer ??= setTimeout(() => flush(path), options.flushDelayMs ?? FLUSH_DELAY_MS);
}
