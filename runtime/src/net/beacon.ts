import { listen } from '../platform/events';
import { untilDestroyed } from '../platform/lifetime';
import { safeStorage } from '../platform/storage';
import { apiCredentials, apiUrl } from './api-base';
import { crumbReady } from './crumb-ready';

/**
 * One transport for every collector (census, analytics, errors, performance): a bounded queue
 * per endpoint, flushed in batches after a short delay and whenever the page is hidden or left,
 * by sendBeacon, else fetch with keepalive (every browser the build targets has both). A failed
 * send never reports itself and is never retried. While the browser is offline, batches and
 * single sends wait: they go when it is back online, and a page left offline keeps them in
 * localStorage for the next page to send.
 */
export const MAX_REQUEST_BYTES = 64 * 1024; // the browser's keepalive budget
export const MAX_QUEUED_PER_ENDPOINT = 100;
export const FLUSH_DELAY_MS = 1000;
/** localStorage key of the batches a page could not send before it was left offline. */
export const OUTBOX_KEY = 'site-outbox';

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
  /** The body's type: JSON as text/plain by default (no CORS preflight); V1 analytics send a form. */
  contentType?: string;
}

const TEXT = 'text/plain;charset=UTF-8';

/**
 * Sends one body now (offline: as soon as the browser is back online); answers how it went out,
 * or null when nothing could send it.
 */
export function sendNow(path: string, body: string, options: SendOptions = {}): Delivery | null {
  if (isOffline()) {
    hold(path, body, options);
    return options.xhr ? 'xhr' : 'beacon';
  }
  const target = apiUrl(path);
  const url = target.toString();
  const type = options.contentType ?? TEXT;
  if (!options.headers && !options.xhr && typeof navigator.sendBeacon === 'function') {
    try {
      if (navigator.sendBeacon(url, new Blob([body], { type }))) return 'beacon';
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
      credentials: apiCredentials(target),
      headers: { 'Content-Type': type, ...options.headers },
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
  /** Items sent together as one JSON array (enqueue). */
  items: unknown[];
  /** Bodies sent one by one (sendNow while offline). */
  bodies: string[];
  options: SendOptions;
  timer?: ReturnType<typeof setTimeout>;
}

const queues = new Map<string, Queue>();
let listening = false;

const isOffline = () => navigator.onLine === false;

function queueOf(path: string, options: SendOptions): Queue {
  let queue = queues.get(path);
  if (!queue) queues.set(path, (queue = { items: [], bodies: [], options }));
  return queue;
}

/** Bounded: the oldest goes first. */
const keepLast = <T>(list: T[]): T[] => list.slice(-MAX_QUEUED_PER_ENDPOINT);

function hold(path: string, body: string, options: SendOptions): void {
  listenOnce();
  const queue = queueOf(path, options);
  queue.bodies = keepLast([...queue.bodies, body]);
}

/** Sends every queued batch (or one endpoint's), split so no request passes MAX_REQUEST_BYTES; offline, they wait. */
export function flush(only?: string): void {
  if (isOffline()) return;
  for (const [path, queue] of queues) {
    if (only && path !== only) continue;
    for (const body of queue.bodies.splice(0)) sendNow(path, body, queue.options);
  }
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

type Outbox = Record<string, { items?: unknown[]; bodies?: string[]; options: SendOptions }>;

/** The page hides: send everything, or, offline, keep it for the next page (or this one, back online). */
function leave(): void {
  if (!isOffline()) return flush();
  const store = safeStorage('local');
  let outbox: Outbox = {};
  try {
    // Added to what an earlier hide of this page (or another tab) left, not written over it.
    outbox = JSON.parse(store.get(OUTBOX_KEY) ?? '{}') as Outbox;
  } catch {
    /* a damaged outbox is replaced */
  }
  let added = false;
  for (const [path, queue] of queues) {
    if (!queue.items.length && !queue.bodies.length) continue;
    const kept = (outbox[path] ??= { options: queue.options });
    if (queue.items.length) kept.items = keepLast([...(kept.items ?? []), ...queue.items.splice(0)]);
    if (queue.bodies.length) kept.bodies = keepLast([...(kept.bodies ?? []), ...queue.bodies.splice(0)]);
    added = true;
  }
  if (added) store.set(OUTBOX_KEY, JSON.stringify(outbox));
}

/** Takes back what a page left offline, and sends it with this page's batches. */
function takeBackOutbox(): void {
  const store = safeStorage('local');
  const saved = store.get(OUTBOX_KEY);
  if (!saved || isOffline()) return;
  store.remove(OUTBOX_KEY);
  try {
    for (const [path, { items = [], bodies = [], options }] of Object.entries(JSON.parse(saved) as Outbox)) {
      for (const item of items) add(path, item, options);
      for (const body of bodies) sendNow(path, body, options);
    }
  } catch {
    /* a damaged outbox is dropped */
  }
}

function add(path: string, item: unknown, options: SendOptions): void {
  const queue = queueOf(path, options);
  if (queue.items.length >= MAX_QUEUED_PER_ENDPOINT) queue.items.shift(); // bounded: oldest first
  queue.items.push(item);
  // On another origin the first batch waits for the page's crumb (leaving the page does not).
  queue.timer ??= setTimeout(() => {
    const waiting = crumbReady();
    if (waiting) void waiting.then(() => flush(path));
    else flush(path);
  }, options.flushDelayMs ?? FLUSH_DELAY_MS);
}

function listenOnce(): void {
  if (listening) return;
  listening = true;
  const stops = [
    listen(document, 'visibilitychange', () => document.visibilityState === 'hidden' && leave()),
    listen(window, 'pagehide', leave),
    listen(window, 'online', () => {
      takeBackOutbox();
      flush();
    }),
  ];
  // The runtime destroyed: what is queued goes now (or to the outbox), as on leaving.
  untilDestroyed(() => {
    stops.forEach((stop) => stop());
    listening = false;
    leave();
  });
  takeBackOutbox();
}

/** Queues one item for `path`; the batch goes out within FLUSH_DELAY_MS or when the page hides. */
export function enqueue(path: string, item: unknown, options: SendOptions = {}): void {
  listenOnce();
  add(path, item, options);
}
