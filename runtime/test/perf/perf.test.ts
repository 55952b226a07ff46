import { describe, expect, it } from 'vitest';
import { navigationTimings, timeToInteractive } from '../../src/perf/collector';
import { collectionFlags } from '../../src/perf/settings';

describe('performance settings gating (spec part 1 §4)', () => {
  const rollout = { rum: true, apps: ['site'], pageSpeed: true, userTiming: false };
  it('collects only with rum rolled out to this app and one of the two flags', () => {
    expect(collectionFlags({ rollout })).toEqual({ pageSpeed: true, userTiming: false });
    expect(collectionFlags({ rollout: { ...rollout, rum: false } })).toBeNull();
    expect(collectionFlags({ rollout: { ...rollout, apps: ['other'] } })).toBeNull();
    expect(collectionFlags({ rollout: { ...rollout, pageSpeed: false } })).toBeNull();
    expect(collectionFlags({ rollout: { ...rollout, pageSpeed: false, userTiming: true } })).toEqual({ pageSpeed: false, userTiming: true });
    expect(collectionFlags(null)).toBeNull();
  });
});

describe('timings', () => {
  it('time to interactive: the last long task before 5 s of quiet after FCP', () => {
    expect(timeToInteractive(1000, [])).toBe(1000);
    expect(timeToInteractive(1000, [{ start: 1200, end: 1500 }, { start: 3000, end: 3400 }])).toBe(3400);
    expect(timeToInteractive(1000, [{ start: 1200, end: 1500 }, { start: 7000, end: 7400 }])).toBe(1500);
    expect(timeToInteractive(1000, [{ start: 100, end: 400 }])).toBe(1000);
  });

  it('navigation phases and body sizes from Navigation Timing', () => {
    const entry = {
      domainLookupStart: 10, domainLookupEnd: 15, connectStart: 15, connectEnd: 40, secureConnectionStart: 25, responseStart: 80,
      domContentLoadedEventStart: 200, domContentLoadedEventEnd: 210, loadEventStart: 300, loadEventEnd: 305, encodedBodySize: 1000, decodedBodySize: 3000,
    } as PerformanceNavigationTiming;
    expect(navigationTimings(entry)).toEqual({
      domainLookup: 5, tcpConnection: 25, tlsNegotiation: 15, responseStart: 80, domContentLoadedStart: 200, domContentLoadedEnd: 210,
      loadEventStart: 300, loadEventEnd: 305, encodedBodySize: 1000, decodedBodySize: 3000,
    });
    expect(navigationTimings(undefined)).toEqual({});
    const prerendered = navigationTimings({ ...entry, activationStart: 150 } as PerformanceNavigationTiming);
    expect(prerendered).toMatchObject({ responseStart: 0, domContentLoadedStart: 50, loadEventEnd: 155 });
  });
});
