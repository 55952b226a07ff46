import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultContext } from '../../src/context/read';
import { enqueue, flush, sendNow } from '../../src/net/beacon';
import { HAS_LANDED_KEY, land, trackQuery } from '../../src/tracking/landing';
import { pageViewTracked, trackingActive } from '../../src/core/tracking-policy';
import { formatVisitorRecord, nextVisitorRecord, parseVisitorRecord, touchVisitor, validVisitTime } from '../../src/tracking/visitor';

const now = 1_800_000_000_000;
const id = () => 'new-id';

describe('visitor record (spec part 1 §3–5)', () => {
  it('parses five pipe-separated parts: an id and four positive integers', () => {
    expect(parseVisitorRecord('abc|1|2|3|4')).toEqual({ id: 'abc', firstVisit: 1, previousVisit: 2, latestVisit: 3, visitCount: 4 });
    for (const bad of ['abc|1|2|3', 'abc|1|2|3|0', '|1|2|3|4', 'abc|1|2|x|4', 'abc|1|2|3|4|5', 'abc|-1|2|3|4', null]) {
      expect(parseVisitorRecord(bad), String(bad)).toBeNull();
    }
    expect(formatVisitorRecord({ id: 'a', firstVisit: 1, previousVisit: 2, latestVisit: 3, visitCount: 4 })).toBe('a|1|2|3|4');
  });

  it('starts a record with count 1 when missing or invalid', () => {
    expect(nextVisitorRecord(null, false, now, id)).toEqual({ id: 'new-id', firstVisit: now, previousVisit: now, latestVisit: now, visitCount: 1 });
  });

  it('keeps the record within a visit; a new visit moves latest to previous and counts one more', () => {
    const record = { id: 'v', firstVisit: 10, previousVisit: 20, latestVisit: 30, visitCount: 3 };
    expect(nextVisitorRecord(record, true, now, id)).toBe(record);
    expect(nextVisitorRecord(record, false, now, id)).toEqual({ id: 'v', firstVisit: 10, previousVisit: 30, latestVisit: now, visitCount: 4 });
  });

  it('validates the visit-time cookie as a positive integer', () => {
    expect(validVisitTime('123')).toBe(true);
    expect(validVisitTime('0')).toBe(false);
    expect(validVisitTime('12a')).toBe(false);
    expect(validVisitTime(null)).toBe(false);
  });

  it('writes ss_cvr, ss_cvt and ss_lastid, replacing an invalid record', () => {
    document.cookie = 'ss_cvr=garbage; path=/';
    const record = touchVisitor(now, 'item-7');
    expect(record.visitCount).toBe(1);
    expect(document.cookie).toContain(`ss_cvr=${record.id}|${now}|${now}|${now}|1`);
    expect(document.cookie).toContain(`ss_cvt=${now}`);
    expect(document.cookie).toContain('ss_lastid=item-7');
    expect(touchVisitor(now + 1000).visitCount).toBe(1); // same visit
  });
});

describe('tracking rules (spec part 1 §4, part 2 §6)', () => {
  const site = { ...defaultContext(), website: { id: 'w' }, env: 'prod', pageType: 2 };
  it('tracks anonymous visitors on ordinary pages', () => {
    expect(trackingActive(site, '/')).toBe(true);
    expect(trackingActive({ ...site, website: {} }, '/')).toBe(false);
  });

  it('not on not-found, lock screen or member-area denied pages, nor with census disabled', () => {
    for (const pageType of [100, 103, 106]) expect(trackingActive({ ...site, pageType }, '/')).toBe(false);
    expect(trackingActive({ ...site, websiteSettings: { isCensusDisabled: true } }, '/')).toBe(false);
  });

  it('viewer-only members count as anonymous except on config paths; others are not tracked', () => {
    const viewer = { ...site, authenticatedAccount: { id: 'a' }, websiteRoles: { '10': true } };
    expect(trackingActive(viewer, '/shop')).toBe(true);
    expect(trackingActive(viewer, '/config/')).toBe(false);
    expect(trackingActive({ ...viewer, websiteRoles: { '1': true } }, '/shop')).toBe(false);
    expect(trackingActive({ ...viewer, websiteRoles: { '10': true, '4': true } }, '/shop')).toBe(false);
  });

  it('respects consent under a restrictive policy', () => {
    const restrictive = { ...site, cookieSettings: { isRestrictiveCookiePolicyEnabled: true, isCookieBannerEnabled: true } };
    expect(trackingActive(restrictive, '/')).toBe(false);
    document.cookie = 'ss_cookieAllowed=true; path=/';
    expect(trackingActive(restrictive, '/')).toBe(true);
  });

  it('excludes /search from page views', () => {
    expect(pageViewTracked('/search')).toBe(false);
    expect(pageViewTracked('/search/')).toBe(false);
    expect(pageViewTracked('/searching')).toBe(true);
  });

  it('builds the Track query with the marketing parameters present', () => {
    const query = trackQuery(new URL('https://x.test/a?source=s&mkwid=m&other=o'), 'https://ref.test/', 'de-DE', '390x844');
    expect(query.get('landing')).toBe('/a?source=s&mkwid=m&other=o');
    expect(query.get('refer')).toBe('https://ref.test/');
    expect(query.get('lang')).toBe('de-DE');
    expect(query.get('screen')).toBe('390x844');
    expect(query.get('rk')).toMatch(/^\w+$/);
    expect(query.get('source')).toBe('s');
    expect(query.get('mkwid')).toBe('m');
    expect(query.has('campaign')).toBe(false);
    expect(query.has('other')).toBe(false);
  });

  it('offline, the landing pixel waits for the network, then goes once', () => {
    sessionStorage.removeItem(HAS_LANDED_KEY);
    const pixels: string[] = [];
    vi.stubGlobal('Image', class {
      set src(url: string) {
        pixels.push(url);
      }
    });
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    land();
    land();
    expect(pixels).toEqual([]);
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    window.dispatchEvent(new Event('online'));
    expect(pixels).toHaveLength(1);
    expect(new URL(pixels[0]!).pathname).toBe('/api/track/Track');
    vi.unstubAllGlobals();
    onLine.mockRestore();
  });
});

describe('beacon transport', () => {
  afterEach(() => flush());

  it('batches per endpoint and sends by beacon with the crumb', () => {
    document.cookie = 'crumb=c1; path=/';
    const beacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: beacon });
    enqueue('/api/a', { n: 1 });
    enqueue('/api/a', { n: 2 });
    enqueue('/api/b', { n: 3 });
    flush();
    expect(beacon).toHaveBeenCalledTimes(2);
    const calls = beacon.mock.calls as unknown as Array<[string, Blob]>;
    expect(calls[0]![0]).toBe(`${location.origin}/api/a?crumb=c1`);
  });

  it('flushes when the page is hidden', () => {
    const beacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: beacon });
    enqueue('/api/hide', { n: 1 });
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    expect(beacon).toHaveBeenCalledOnce();
  });

  it('splits batches so that no request passes 64 KB', () => {
    const bodies: number[] = [];
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: (_url: string, blob: Blob) => (bodies.push(blob.size), true) });
    for (let i = 0; i < 5; i += 1) enqueue('/api/big', { text: 'x'.repeat(20_000) });
    flush();
    expect(bodies.length).toBeGreaterThan(1);
    for (const size of bodies) expect(size).toBeLessThanOrEqual(64 * 1024);
  });

  it('falls back to fetch keepalive (headers force it), and reports the delivery type', () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response('{}')));
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: () => false });
    expect(sendNow('/api/x', '[]')).toBe('beacon');
    expect(sendNow('/api/x', '[]', { headers: { 'X-CSRF-Token': 't' } })).toBe('beacon');
    expect(sendNow('/api/x', '[]', { xhr: true })).toBe('xhr');
    const init = (fetchMock.mock.calls as unknown as Array<[string, RequestInit]>)[1]![1];
    expect(init.keepalive).toBe(true);
    expect((init.headers as Record<string, string>)['X-CSRF-Token']).toBe('t');
  });
});
