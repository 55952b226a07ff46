import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import type { PageContext } from '../../../contract/context/types';
import { ANALYTICS_ID_KEY, storedAnalyticsId } from '../../../contract/model/analytics-id';
import { enqueue, flush } from '../net/beacon';
import { listen, type Teardown } from '../platform/events';
import { safeStorage } from '../platform/storage';
import { trackingActive } from '../core/tracking-policy';
import { APP_NAME, METRIC_WAIT_MS, PERF_INTERVAL_MS, PERF_VERSION, RECORDS_PATH, type PerfRecord } from '../../../contract/perf/settings';

const TTI_QUIET_MS = 5000;

/** Navigation Timing phases and sizes (spec part 1 §3 timings). */
export function navigationTimings(entry: PerformanceNavigationTiming | undefined): Record<string, number> {
  if (!entry) return {};
  // A prerendered page counts from its activation, as web-vitals does.
  const activation = (entry as PerformanceNavigationTiming & { activationStart?: number }).activationStart ?? 0;
  const since = (time: number) => Math.max(0, time - activation);
  return {
    domainLookup: entry.domainLookupEnd - entry.domainLookupStart,
    tcpConnection: entry.connectEnd - entry.connectStart,
    tlsNegotiation: entry.secureConnectionStart > 0 ? entry.connectEnd - entry.secureConnectionStart : 0,
    responseStart: since(entry.responseStart),
    domContentLoadedStart: since(entry.domContentLoadedEventStart),
    domContentLoadedEnd: since(entry.domContentLoadedEventEnd),
    loadEventStart: since(entry.loadEventStart),
    loadEventEnd: since(entry.loadEventEnd),
    encodedBodySize: entry.encodedBodySize,
    decodedBodySize: entry.decodedBodySize,
  };
}

/**
 * Time to interactive, our documented approximation: the end of the last long task before a
 * 5 s window without long tasks that starts after FCP (or FCP itself when there is none).
 */
export function timeToInteractive(fcp: number, longTasks: Array<{ start: number; end: number }>): number {
  let tti = fcp;
  for (const task of [...longTasks].sort((a, b) => a.start - b.start)) {
    if (task.end < tti) continue;
    if (task.start - tti >= TTI_QUIET_MS) break;
    tti = task.end;
  }
  return tti;
}

/** Where a page load is: a theme that swaps pages in (Turbo, htmx, swup) changes `location` after it loaded. */
export interface PageAddress {
  pathname: string;
  hash: string;
  search: string;
}

/** The record's fields; `at` is the address of the page loaded (a theme that swaps pages in changes the address after). */
export function pageSpeedFields(page: Readonly<PageContext>, delivery: string, at: PageAddress = location): Record<string, unknown> {
  const nav = navigator as Navigator & { connection?: { downlink?: number; effectiveType?: string; rtt?: number; saveData?: boolean }; deviceMemory?: number };
  return {
    context: page.pageType,
    analyticsId: storedAnalyticsId(safeStorage('local').get(ANALYTICS_ID_KEY), Date.now()),
    marketingId: new URLSearchParams(at.search).get('mkwid'),
    memberId: page.authenticatedAccount?.id ?? null,
    hostname: location.hostname,
    pathname: at.pathname,
    hash: at.hash,
    version: PERF_VERSION,
    deliveryType: delivery,
    connection: nav.connection ? { downlink: nav.connection.downlink, effectiveType: nav.connection.effectiveType, rtt: nav.connection.rtt, saveData: nav.connection.saveData } : null,
    display: { pixelRatio: devicePixelRatio, screenWidth: screen.width, screenHeight: screen.height, viewportWidth: innerWidth, viewportHeight: innerHeight },
    hardware: { deviceMemory: nav.deviceMemory ?? null, hardwareConcurrency: navigator.hardwareConcurrency ?? null },
  };
}

/** Collects one page load's record and queues it on hide, and every 30 s while it changes. */
export function collect(page: Readonly<PageContext>, pageLoadId: string, flags: { pageSpeed: boolean; userTiming: boolean }, restored: boolean, at: PageAddress = location): Teardown {
  const metrics: Record<string, number> = restored ? {} : navigationTimings(performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined);
  const longTasks: Array<{ start: number; end: number }> = [];
  const { pathname, hash, search } = at;
  let changed = !restored;
  const observers: PerformanceObserver[] = [];
  const observe = (type: string, handle: (entry: PerformanceEntry) => void) => {
    try {
      const observer = new PerformanceObserver((list) => list.getEntries().forEach(handle));
      observer.observe({ type, buffered: true });
      observers.push(observer);
    } catch {
      /* unsupported entry type: that metric stays absent */
    }
  };
  const set = (metric: Metric) => {
    metrics[metric.name.toLowerCase()] = metric.value;
    if (metric.name === 'FCP') metrics.tti = timeToInteractive(metric.value, longTasks);
    changed = true;
  };
  if (flags.pageSpeed) {
    onFCP(set);
    onLCP(set);
    onINP(set);
    onCLS(set);
    onTTFB(set);
    // web-vitals 5+ has no onFID: first input delay from its own entry.
    observe('first-input', (entry) => {
      const input = entry as PerformanceEventTiming;
      metrics.fid ??= input.processingStart - input.startTime;
      changed = true;
    });
    observe('longtask', (entry) => longTasks.push({ start: entry.startTime, end: entry.startTime + entry.duration }));
  }
  if (flags.userTiming) observe('measure', (entry) => ((metrics[`measure:${entry.name}`] = entry.duration), (changed = true)));

  let stopped = false;
  // A visitor who declines after accepting (SiteRuntime.consent.decline()): nothing more is sent.
  const send = (final: boolean) => {
    if (!changed || stopped || !trackingActive(page, pathname)) return;
    changed = false;
    if (metrics.fcp !== undefined) metrics.tti = timeToInteractive(metrics.fcp, longTasks);
    const record: PerfRecord = {
      app: APP_NAME,
      event: 'pageSpeed',
      pageLoadId,
      timestamp: Date.now(),
      data: { ...pageSpeedFields(page, 'beacon', { pathname, hash, search }), metrics: { ...metrics } },
    };
    enqueue(RECORDS_PATH, record, { flushDelayMs: PERF_INTERVAL_MS });
    if (final) flush(RECORDS_PATH);
  };
  // Interim records every 30 s for the first 60 s (the metric wait); after that, on hide only.
  const timer = setInterval(() => send(false), PERF_INTERVAL_MS);
  const waited = setTimeout(() => clearInterval(timer), METRIC_WAIT_MS);
  const stops = [
    listen(document, 'visibilitychange', () => document.visibilityState === 'hidden' && send(true), { capture: true }),
    listen(window, 'pagehide', () => {
      send(true);
      clearInterval(timer);
    }, { capture: true }),
  ];
  // The runtime destroyed: what was measured goes now. web-vitals has no way to stop its own
  // listeners; what they report after this is dropped.
  return () => {
    send(true);
    stopped = true;
    clearInterval(timer);
    clearTimeout(waited);
    stops.forEach((stop) => stop());
    observers.forEach((observer) => observer.disconnect());
  };
}
