import { describe, expect, it, vi } from 'vitest';
import { defaultContext } from '../../src/context/read';
import { startPerformance } from '../../src/perf/index';
import { setConsent } from '../../src/core/consent';
import { setErrorSink } from '../../src/platform/report';
import { collect, navigationTimings, pageSpeedFields, timeToInteractive } from '../../src/perf/collector';
import { ANALYTICS_ID_KEY } from '../../../contract/model/analytics-id';
import { collectionFlags } from '../../../contract/perf/settings';

/** A site page where tracking is on: records are sent. */
const site = { ...defaultContext(), website: { id: 'w1' }, env: 'prod' as const, pageType: 2 };

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

describe('page-speed fields', () => {
  it('carry the analytics id itself, not the stored JSON, and null once it has expired or is broken', () => {
    const later = Date.now() + 86_400_000;
    localStorage.setItem(ANALYTICS_ID_KEY, JSON.stringify({ id: 'a-1', expires: later }));
    expect(pageSpeedFields(defaultContext(), 'beacon').analyticsId).toBe('a-1');
    localStorage.setItem(ANALYTICS_ID_KEY, JSON.stringify({ id: 'a-1', expires: 1 }));
    expect(pageSpeedFields(defaultContext(), 'beacon').analyticsId).toBeNull();
    localStorage.setItem(ANALYTICS_ID_KEY, '{broken');
    expect(pageSpeedFields(defaultContext(), 'beacon').analyticsId).toBeNull();
    localStorage.removeItem(ANALYTICS_ID_KEY);
    expect(pageSpeedFields(defaultContext(), 'beacon').analyticsId).toBeNull();
  });

  it('name the page loaded, not one a theme swapped in after it (its record is sent when the visitor leaves)', async () => {
    history.replaceState(null, '', '/landing?mkwid=m-7#top');
    const beacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: beacon });
    vi.stubGlobal('performance', Object.assign(Object.create(performance) as Performance, { getEntriesByType: () => [] })); // jsdom has no timeline
    const stop = collect(site, 'load-1', { pageSpeed: false, userTiming: false }, false);
    history.pushState(null, '', '/next-page');
    stop();
    const [url, body] = (beacon.mock.calls as unknown as Array<[string, Blob]>)[0]!;
    expect(url).toContain('/api/1/performance/records');
    const [record] = [JSON.parse(await body.text())].flat() as Array<{ pageLoadId: string; data: Record<string, unknown> }>;
    expect(record).toMatchObject({ pageLoadId: 'load-1', data: { pathname: '/landing', hash: '#top', marketingId: 'm-7' } });
    history.replaceState(null, '', '/');
  });

  it('send nothing more once the visitor declines after accepting (SiteRuntime.consent.decline())', () => {
    const beacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: beacon });
    vi.stubGlobal('performance', Object.assign(Object.create(performance) as Performance, { getEntriesByType: () => [] }));
    const restrictive = { ...site, cookieSettings: { isRestrictiveCookiePolicyEnabled: true, isCookieBannerEnabled: true } };
    setConsent(true);
    const stop = collect(restrictive, 'load-3', { pageSpeed: false, userTiming: false }, false);
    setConsent(false);
    stop();
    expect(beacon).not.toHaveBeenCalled();
    document.cookie = 'ss_cookieAllowed=; path=/; max-age=0';
  });
});

describe('a theme that swaps the next page in before collection starts (a slow phone, a quick visitor)', () => {
  it('asks for and names the page loaded, not the page on screen by then', async () => {
    history.replaceState(null, '', '/landing?mkwid=m-7#top');
    const loaded = new URL(location.href); // as the collectors chunk starts
    history.pushState(null, '', '/next-page');
    let asked = '';
    vi.stubGlobal('fetch', (input: URL) => ((asked = String(input)), Promise.resolve(Response.json({ rollout: { rum: true, apps: ['site'], pageSpeed: true }, pageLoadId: 'load-2' }))));
    const beacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: beacon });
    const timeline = vi.fn(() => []);
    vi.stubGlobal('performance', Object.assign(Object.create(performance) as Performance, { getEntriesByType: timeline })); // jsdom has no timeline
    const stop = startPerformance({ ...defaultContext(), website: { id: 'w1' }, env: 'prod' as const, pageType: 2 }, loaded);
    await vi.waitFor(() => expect(timeline).toHaveBeenCalled()); // the collector has started
    expect(new URL(asked).searchParams.get('path')).toBe('/landing');
    stop();
    const [, body] = (beacon.mock.calls as unknown as Array<[string, Blob]>)[0]!;
    const [record] = [JSON.parse(await body.text())].flat() as Array<{ pageLoadId: string; data: Record<string, unknown> }>;
    expect(record).toMatchObject({ pageLoadId: 'load-2', data: { pathname: '/landing', hash: '#top', marketingId: 'm-7' } });
    history.replaceState(null, '', '/');
    vi.unstubAllGlobals();
  });
});

describe('consent given on the page', () => {
  it('starts collection then, as tracking does (not on the next page); a decline starts nothing', async () => {
    const page = {
      ...defaultContext(),
      website: { id: 'w1' },
      env: 'prod' as const,
      pageType: 2,
      cookieSettings: { isRestrictiveCookiePolicyEnabled: true, isCookieBannerEnabled: true },
    };
    const calls: string[] = [];
    vi.stubGlobal('fetch', (input: URL) => (calls.push(new URL(String(input)).pathname), Promise.resolve(Response.json({}))));
    startPerformance(page);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls).toEqual([]);
    setConsent(false);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls).toEqual([]);
    setConsent(true);
    await vi.waitFor(() => expect(calls).toEqual(['/api/1/performance/settings']));
    setConsent(true); // once
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls).toHaveLength(1);
    document.cookie = 'ss_cookieAllowed=; max-age=0; path=/';
    vi.unstubAllGlobals();
  });
});

describe('a page the browser prerenders', () => {
  it('asks for nothing until the visitor opens it, then collects as a page load does', async () => {
    const page = { ...defaultContext(), website: { id: 'w1' }, env: 'prod' as const, pageType: 2 };
    const calls: string[] = [];
    vi.stubGlobal('fetch', (input: URL) => (calls.push(new URL(String(input)).pathname), Promise.resolve(Response.json({}))));
    Object.defineProperty(document, 'prerendering', { value: true, configurable: true });
    const stop = startPerformance(page);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls).toEqual([]);
    Object.defineProperty(document, 'prerendering', { value: false, configurable: true });
    document.dispatchEvent(new Event('prerenderingchange'));
    await vi.waitFor(() => expect(calls).toEqual(['/api/1/performance/settings']));
    stop();
    delete (document as { prerendering?: boolean }).prerendering;
    vi.unstubAllGlobals();
  });
});

describe('the settings call (spec part 1 §7, §9)', () => {
  const page = { ...defaultContext(), website: { id: 'w1' }, env: 'prod' as const, pageType: 2 };
  async function reported(answer: () => Promise<Response>): Promise<{ messages: string[]; url: string }> {
    document.cookie = 'crumb=abc; path=/';
    let url = '';
    vi.stubGlobal('fetch', (input: URL) => ((url = String(input)), answer()));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const messages: string[] = [];
    const stop = setErrorSink((_error, message) => messages.push(message));
    startPerformance(page);
    await vi.waitFor(() => expect(messages.length).toBeGreaterThan(0));
    stop();
    return { messages, url };
  }

  it('asks with the path and the crumb, and names an unexpected status', async () => {
    const { messages, url } = await reported(() => Promise.resolve(new Response('{}', { status: 503 })));
    expect(messages).toEqual(['XHR request DONE with unexpected status: 503']);
    expect(new URL(url).pathname).toBe('/api/1/performance/settings');
    expect(Object.fromEntries(new URL(url).searchParams)).toEqual({ crumb: 'abc', path: location.pathname });
  });

  it('a network failure or time-out is the settings time-out; a rollout without a page load id says so', async () => {
    expect((await reported(() => Promise.reject(new TypeError('Failed to fetch')))).messages).toEqual(['Metric settings request timeout']);
    const rollout = { rum: true, apps: ['site'], pageSpeed: true };
    expect((await reported(() => Promise.resolve(Response.json({ rollout })))).messages).toEqual(['Unable to resolve pageLoadId']);
  });

  it('renews a stale crumb once, as the data layer does', async () => {
    document.cookie = 'crumb=stale; path=/';
    const crumbs: string[] = [];
    vi.stubGlobal('fetch', (input: URL) => {
      crumbs.push(new URL(String(input)).searchParams.get('crumb') ?? '');
      return Promise.resolve(crumbs.length === 1 ? Response.json({ crumbFail: true, crumb: 'fresh' }, { status: 403 }) : Response.json({ rollout: { rum: false } }));
    });
    startPerformance(page);
    await vi.waitFor(() => expect(crumbs).toEqual(['stale', 'fresh']));
    expect(document.cookie).toContain('crumb=fresh');
  });
});
