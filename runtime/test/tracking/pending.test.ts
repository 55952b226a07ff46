import { afterEach, describe, expect, it } from 'vitest';
import { analyticsQueue, MAX_PENDING_ANALYTICS, PENDING_ANALYTICS_KEY, type PendingEvent } from '../../src/tracking/pending';

const kept = () => JSON.parse(localStorage.getItem(PENDING_ANALYTICS_KEY) ?? 'null') as PendingEvent[] | null;
const never = () => new Promise<never>(() => undefined);

describe('analytics events waiting in the core', () => {
  afterEach(() => localStorage.clear());

  it('go to the chunk in order, with where and when they were tracked, once it arrives', async () => {
    let arrive!: (send: (event: unknown, at: { href: string; time: number }) => boolean) => void;
    const chunk = new Promise<Parameters<typeof arrive>[0]>((resolve) => (arrive = resolve));
    const queue = analyticsQueue(() => chunk);
    const sent: Array<[unknown, string]> = [];
    const first = queue.track({ action: 'a' });
    history.replaceState(null, '', '/elsewhere?x=1');
    const second = queue.track({ action: 'b' });
    arrive((event, at) => (sent.push([event, new URL(at.href).pathname]), true));
    expect(await Promise.all([first, second])).toEqual([true, true]);
    expect(sent).toEqual([
      [{ action: 'a' }, '/'],
      [{ action: 'b' }, '/elsewhere'],
    ]);
    // Nothing was waiting when the page was left: nothing is kept.
    dispatchEvent(new Event('pagehide'));
    expect(kept()).toBeNull();
    history.replaceState(null, '', '/');
  });

  it('are kept for the next page when this one is left first, the last 20, over a damaged store', () => {
    localStorage.setItem(PENDING_ANALYTICS_KEY, '{not json');
    const queue = analyticsQueue(never);
    for (let i = 0; i < MAX_PENDING_ANALYTICS + 5; i += 1) void queue.track({ action: `e${i}` });
    dispatchEvent(new Event('pagehide'));
    const saved = kept()!;
    expect(saved).toHaveLength(MAX_PENDING_ANALYTICS);
    expect(saved[0]!.event).toEqual({ action: 'e5' });
    expect(saved[0]!.at).toMatchObject({ href: location.href, referrer: document.referrer });
    expect(typeof saved[0]!.at.time).toBe('number');
    // Added to what an earlier page kept.
    void analyticsQueue(never).track({ action: 'later' });
    dispatchEvent(new Event('pagehide'));
    expect(kept()!.at(-1)!.event).toEqual({ action: 'later' });
  });

  it('stop lets go of the page-hide listener', () => {
    const queue = analyticsQueue(never);
    void queue.track({ action: 'x' });
    queue.stop();
    dispatchEvent(new Event('pagehide'));
    expect(kept()).toBeNull();
  });
});
