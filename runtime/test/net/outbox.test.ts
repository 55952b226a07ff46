import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

let online = true;
let sent: Array<{ url: string; items: unknown; type: string }>;

beforeEach(() => {
  online = true;
  sent = [];
  vi.resetModules();
  vi.useFakeTimers();
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  vi.stubGlobal('navigator', Object.assign(navigator, {
    sendBeacon: (url: string, body: Blob) => {
      void body.text().then((text) => sent.push({ url, type: body.type, items: body.type.startsWith('text/plain') ? JSON.parse(text) : text }));
      return true;
    },
  }));
});
/** Each page's stop: the module copies a test loaded stop listening, so none hears the next test's events. */
const stops: Array<() => void> = [];
afterEach(() => {
  stops.splice(0).forEach((stop) => stop());
  localStorage.clear();
  vi.useRealTimers();
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
});

/** The transport as a page loads it (a fresh copy after `vi.resetModules()`). */
async function loadBeacon() {
  const [beacon, lifetime] = await Promise.all([import('../../src/net/beacon'), import('../../src/platform/lifetime')]);
  stops.push(lifetime.stopShared);
  return beacon;
}

const settle = () => vi.advanceTimersByTimeAsync(1);

describe('the collectors\' transport while offline', () => {
  it('keeps batches while offline and sends them when the browser is back online', async () => {
    const { enqueue, FLUSH_DELAY_MS, OUTBOX_KEY } = await loadBeacon();
    online = false;
    enqueue('/api/census/RecordHit', { n: 1 });
    enqueue('/api/census/RecordHit', { n: 2 });
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS * 3);
    expect(sent).toEqual([]);
    online = true;
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(sent.map((s) => [new URL(s.url).pathname, s.items])).toEqual([['/api/census/RecordHit', [{ n: 1 }, { n: 2 }]]]);
    expect(localStorage.getItem(OUTBOX_KEY)).toBeNull();
  });

  it('a page left offline keeps its batches for the next page, which sends them with its own', async () => {
    const first = await loadBeacon();
    online = false;
    first.enqueue('/api/performance/records', { page: 'first' }, { flushDelayMs: 30_000 });
    window.dispatchEvent(new Event('pagehide'));
    await settle();
    expect(sent).toEqual([]);
    expect(JSON.parse(localStorage.getItem(first.OUTBOX_KEY)!)).toEqual({ '/api/performance/records': { items: [{ page: 'first' }], options: { flushDelayMs: 30_000 } } });

    // The next page, online: a fresh module, as after a navigation.
    vi.resetModules();
    online = true;
    const next = await loadBeacon();
    next.enqueue('/api/performance/records', { page: 'next' });
    expect(localStorage.getItem(next.OUTBOX_KEY)).toBeNull();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(sent.map((s) => s.items)).toEqual([[{ page: 'first' }, { page: 'next' }]]);
  });

  it('a page hidden twice while offline keeps both batches', async () => {
    const { enqueue, OUTBOX_KEY } = await loadBeacon();
    online = false;
    enqueue('/api/census/RecordHit', { n: 1 });
    document.dispatchEvent(new Event('visibilitychange')); // jsdom's visibilityState is not hidden
    window.dispatchEvent(new Event('pagehide'));
    enqueue('/api/census/RecordHit', { n: 2 });
    window.dispatchEvent(new Event('pagehide'));
    expect(JSON.parse(localStorage.getItem(OUTBOX_KEY)!)['/api/census/RecordHit'].items).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('drops a damaged outbox and carries on', async () => {
    localStorage.setItem('site-outbox', '{not json');
    const { enqueue, flush } = await loadBeacon();
    enqueue('/api/census/RecordHit', { n: 1 });
    flush();
    await settle();
    expect(sent.map((s) => s.items)).toEqual([[{ n: 1 }]]);
    expect(localStorage.getItem('site-outbox')).toBeNull();
  });

  it('a single send made offline (a button click, a V1 event) goes once the browser is back online, as it was', async () => {
    const { sendNow } = await loadBeacon();
    online = false;
    expect(sendNow('/api/census/button-click', JSON.stringify({ buttonId: 'b1' }))).toBe('beacon');
    expect(sendNow('/api/v1/events', 'analyticsId=a&customSchemaName=custom', { contentType: 'application/x-www-form-urlencoded' })).toBe('beacon');
    await settle();
    expect(sent).toEqual([]);
    online = true;
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(sent.map((s) => [new URL(s.url).pathname, s.type, s.items])).toEqual([
      ['/api/census/button-click', 'text/plain;charset=utf-8', { buttonId: 'b1' }],
      ['/api/v1/events', 'application/x-www-form-urlencoded', 'analyticsId=a&customSchemaName=custom'],
    ]);
  });

  it('a page left offline keeps its single sends (an error report) for the next page, which sends them at once', async () => {
    const first = await loadBeacon();
    online = false;
    first.sendNow('/api/events/RecordJavascriptErrors', JSON.stringify([{ message: 'boom' }]));
    window.dispatchEvent(new Event('pagehide'));
    await settle();
    expect(sent).toEqual([]);
    expect(JSON.parse(localStorage.getItem(first.OUTBOX_KEY)!)).toEqual({ '/api/events/RecordJavascriptErrors': { bodies: ['[{"message":"boom"}]'], options: {} } });

    vi.resetModules();
    online = true;
    const next = await loadBeacon();
    next.enqueue('/api/census/RecordHit', { n: 1 });
    await settle();
    expect(sent.map((s) => s.items)).toEqual([[{ message: 'boom' }]]);
    expect(localStorage.getItem(next.OUTBOX_KEY)).toBeNull();
  });

  it('keeps at most MAX_QUEUED_PER_ENDPOINT single sends per endpoint, the newest', async () => {
    const { sendNow, MAX_QUEUED_PER_ENDPOINT } = await loadBeacon();
    online = false;
    for (let n = 0; n < MAX_QUEUED_PER_ENDPOINT + 5; n++) sendNow('/api/census/button-click', JSON.stringify({ n }));
    online = true;
    window.dispatchEvent(new Event('online'));
    await settle();
    const clicks = sent.filter((s) => s.url.includes('/button-click'));
    expect(clicks).toHaveLength(MAX_QUEUED_PER_ENDPOINT);
    expect(clicks[0]!.items).toEqual({ n: 5 });
  });
});
