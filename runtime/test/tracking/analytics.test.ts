import { describe, expect, it, vi } from 'vitest';
import { defaultContext } from '../../src/context/read';
import { pageContexts } from '../../src/context/page-contexts';
import Ajv from 'ajv';
import fc from 'fast-check';
import { analyticsPayloadSchema, COMMON_FIELDS, missingRequired, splitEvent } from '../../../contract/model/api/analytics';
import { ANALYTICS_ID_KEY, analyticsId, buildPayload, track } from '../../src/tracking/analytics';

const event = { actor: 'visitor', action: 'click', event_owner_team: 'web', event_source: 'site', object_type: 'button' };

/** A site page's context, and its contexts as the runtime keeps them (no page is swapped in here). */
const trackedSite = () => {
  const site = { ...defaultContext(), website: { id: 'w' }, env: 'prod', pageType: 2 };
  return [site, pageContexts(site)] as const;
};

describe('V1 analytics events (spec part 1 §3)', () => {
  it('splits common and custom data; wrong-typed common fields are dropped with a warning', () => {
    const warn = vi.fn();
    const { common, custom } = splitEvent({ ...event, object_id: 7, destination_url: null, color: 'red' }, warn);
    expect(common).toEqual({ ...event, destination_url: null });
    expect(custom).toEqual({ color: 'red' });
    expect(warn).toHaveBeenCalledWith('Analytics field object_id must be a string; dropped.');
  });

  it('needs the five required strings', () => {
    expect(missingRequired({ actor: 'a' })).toEqual(['action', 'event_owner_team', 'event_source', 'object_type']);
    expect(missingRequired(event)).toEqual([]);
  });

  it('adds the sender fields, with en-US as the default locale', () => {
    const page = { ...defaultContext(), website: { id: 'w1' }, templateId: 't1', authenticatedAccount: { id: 'm1' } };
    const payload = buildPayload({ ...event, customSchemaName: 'demo' }, page)!;
    expect(payload.customSchemaName).toBe('demo');
    expect(payload.commonData).toMatchObject({ ...event, website_id: 'w1', template_id: 't1', member_account_id: 'm1', resolved_locale: 'en-US', page_path: location.pathname });
    expect(typeof payload.commonData.client_timestamp).toBe('number');
  });

  it('what it builds from any event fits the schema the server validates with, or it builds nothing', () => {
    const fits = new Ajv({ allowUnionTypes: true }).compile(analyticsPayloadSchema);
    const page = { ...defaultContext(), website: { id: 'w1' } };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const value = fc.oneof(fc.string(), fc.constant(''), fc.constant(null), fc.integer(), fc.boolean(), fc.dictionary(fc.string(), fc.string()));
    const key = fc.oneof(fc.constantFrom(...COMMON_FIELDS, 'customSchemaName', '__proto__'), fc.string());
    fc.assert(
      fc.property(fc.dictionary(key, value), fc.boolean(), (fields, complete) => {
        const payload = buildPayload(complete ? { ...fields, ...event } : fields, page);
        if (payload) expect(fits(JSON.parse(JSON.stringify(payload))), JSON.stringify(fits.errors)).toBe(true);
        else expect(complete).toBe(false);
      }),
      { numRuns: 500 },
    );
    warn.mockRestore();
  });

  it('keeps the analytics id for 390 days, then renews it', () => {
    localStorage.removeItem(ANALYTICS_ID_KEY);
    const now = Date.UTC(2026, 0, 1);
    const first = analyticsId(now);
    expect(analyticsId(now + 389 * 86_400_000)).toBe(first);
    expect(analyticsId(now + 391 * 86_400_000)).not.toBe(first);
    expect(JSON.parse(localStorage.getItem(ANALYTICS_ID_KEY)!).expires).toBe(now + 391 * 86_400_000 + 390 * 86_400_000);
  });

  it("warns 'Unable to store analyticsId' when storage refuses, and 'no payload' without an event", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    localStorage.removeItem(ANALYTICS_ID_KEY);
    expect(analyticsId()).toMatch(/\w/);
    expect(warn).toHaveBeenCalledWith('Unable to store analyticsId');
    expect(track(undefined, defaultContext())).toBe(false);
    expect(warn).toHaveBeenCalledWith('no payload');
  });
});

describe('admin broadcast and legacy events', () => {
  it('posts tracked events to other admin windows', () => {
    const posted: unknown[] = [];
    vi.stubGlobal('BroadcastChannel', class {
      constructor(readonly name: string) {}
      postMessage(message: unknown) {
        posted.push(message);
      }
    });
    track(event, { ...defaultContext(), accessPermissions: [1, 2] });
    expect(posted).toEqual([event]);
  });

  it('builds the V0 payload', async () => {
    const { legacyPayload } = await import('../../src/tracking/legacy');
    const page = { ...defaultContext(), website: { id: 'w' }, templateId: 't', authenticatedAccount: { id: 'm' }, templateInstallation: { templateWebsite: { id: 'v' } } };
    expect(legacyPayload(page)).toEqual({ websiteId: 'w', memberAccountId: 'm', website_locale: 'en-US', member_locale: navigator.language, templateId: 't', variantId: 'v', pageHash: '', pagePath: location.pathname });
  });
});

describe('heartbeat', () => {
  it('beats every 30 s while visible, 20 times at most', async () => {
    vi.useFakeTimers();
    const beacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: beacon });
    const { startTracking } = await import('../../src/tracking/index');
    const { flush } = await import('../../src/net/beacon');
    const started = startTracking(...trackedSite());
    await vi.advanceTimersByTimeAsync(1); // the landing's task
    await vi.advanceTimersByTimeAsync(1); // the page view's
    await started;
    flush();
    const bodies = () => (beacon.mock.calls as unknown as Array<[string, Blob]>).filter(([url]) => url.includes('RecordHit'));
    expect(bodies()).toHaveLength(1); // the page view
    for (let i = 0; i < 25; i += 1) {
      vi.advanceTimersByTime(30_000);
      flush();
    }
    expect(bodies()).toHaveLength(21);
  });
});

describe('tracking as it starts', () => {
  /** The tracker, with beacons caught in real time, and how many page views it has sent so far. */
  async function tracker() {
    vi.useRealTimers();
    const beacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: beacon });
    const { startTracking } = await import('../../src/tracking/index');
    const { flush } = await import('../../src/net/beacon');
    const pageViews = () => {
      flush();
      return (beacon.mock.calls as unknown as Array<[string, Blob]>).filter(([url]) => url.includes('RecordHit')).length;
    };
    return { startTracking, pageViews };
  }

  it('takes three tasks: the visitor cookies, the landing flags, the page view', async () => {
    sessionStorage.clear();
    const { startTracking, pageViews } = await tracker();
    const { SESSION_ID_KEY } = await import('../../src/tracking/landing');
    const task = () => new Promise((resolve) => setTimeout(resolve));
    document.cookie = 'ss_cvr=; max-age=0; path=/';
    let done = false;
    const started = startTracking(...trackedSite()).tracked.then(() => (done = true));
    expect(document.cookie).toContain('ss_cvr=');
    expect(sessionStorage.getItem(SESSION_ID_KEY)).toBeNull();
    await task();
    expect(sessionStorage.getItem(SESSION_ID_KEY)).not.toBeNull();
    expect(pageViews()).toBe(0);
    expect(done).toBe(false);
    await started;
    expect(pageViews()).toBe(1);
    vi.unstubAllGlobals();
  });

  it('on a page the browser prerenders, counts nothing (no cookie, no page view) until the visitor opens it', async () => {
    const { startTracking, pageViews } = await tracker();
    document.cookie = 'ss_cvr=; max-age=0; path=/';
    Object.defineProperty(document, 'prerendering', { value: true, configurable: true });
    const { tracked, stop } = startTracking(...trackedSite());
    await tracked; // settles at once: the page's ready does not wait for a visit that may never come
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.cookie).not.toContain('ss_cvr=');
    expect(pageViews()).toBe(0);
    // Opened: the visit starts, with its page view.
    Object.defineProperty(document, 'prerendering', { value: false, configurable: true });
    document.dispatchEvent(new Event('prerenderingchange'));
    await vi.waitFor(() => expect(pageViews()).toBe(1));
    expect(document.cookie).toContain('ss_cvr=');
    stop();
    delete (document as { prerendering?: boolean }).prerendering;
    vi.unstubAllGlobals();
  });

  it('counts a page view again when the page comes back from the back/forward cache as it was, and not once stopped', async () => {
    vi.useRealTimers();
    const beacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: beacon });
    const { startTracking } = await import('../../src/tracking/index');
    const { watchRestores } = await import('../../src/platform/restore');
    const { flush } = await import('../../src/net/beacon');
    const hits = async () => {
      flush();
      const bodies = (beacon.mock.calls as unknown as Array<[string, Blob]>).filter(([url]) => url.includes('RecordHit')).map(([, body]) => body.text());
      return (await Promise.all(bodies)).flatMap((text) => [JSON.parse(text)].flat() as Array<{ event: string; data: string }>);
    };
    // The earlier tests' tracking, never stopped, is forgotten with the watch it belonged to.
    watchRestores('ss_cookieAllowed', () => undefined)();
    const stopWatching = watchRestores('ss_cookieAllowed', () => undefined);
    const { tracked, stop } = startTracking(...trackedSite());
    await tracked;
    expect((await hits()).map((hit) => hit.event)).toEqual(['pageView']);
    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }));
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    const again = await hits();
    expect(again.map((hit) => hit.event)).toEqual(['pageView', 'pageView']);
    expect(JSON.parse(again[1]!.data)).toMatchObject({ url: location.pathname });
    stop();
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    expect(await hits()).toHaveLength(2);
    stopWatching();
    vi.unstubAllGlobals();
  });
});
