import { afterEach, describe, expect, it, vi } from 'vitest';

class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  observed = new Set<Element>();
  constructor(
    readonly callback: (entries: Array<{ target: Element; isIntersecting: boolean }>, observer: FakeIntersectionObserver) => void,
    readonly options: { rootMargin: string },
  ) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(element: Element) {
    this.observed.add(element);
  }
  unobserve(element: Element) {
    this.observed.delete(element);
  }
  disconnected = false;
  disconnect() {
    this.disconnected = true;
  }
  fire(target: Element, isIntersecting: boolean) {
    this.callback([{ target, isIntersecting }], this);
  }
}

describe('watchNearViewport', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
    FakeIntersectionObserver.instances = [];
  });

  it('shares one observer per margin, tells late watchers the last answer, and lets go', async () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const { watchNearViewport } = await import('../../src/platform/viewport');
    const a = document.createElement('div');
    const b = document.createElement('div');
    const seenA: boolean[] = [];
    const seenB: boolean[] = [];
    const stopA = watchNearViewport(a, 200, (near) => seenA.push(near));
    const stopB = watchNearViewport(b, 200, (near) => seenB.push(near));
    expect(FakeIntersectionObserver.instances).toHaveLength(1);
    const [observer] = FakeIntersectionObserver.instances;
    expect(observer!.options.rootMargin).toBe('200px');
    observer!.fire(a, true);
    expect(seenA).toEqual([true]);
    expect(seenB).toEqual([]);
    const late: boolean[] = [];
    const stopLate = watchNearViewport(a, 200, (near) => late.push(near));
    expect(late).toEqual([true]);
    observer!.fire(a, false);
    expect(seenA).toEqual([true, false]);
    expect(late).toEqual([true, false]);
    stopA();
    expect(observer!.observed.has(a)).toBe(true);
    stopLate();
    expect(observer!.observed.has(a)).toBe(false);
    expect(observer!.disconnected).toBe(false);
    stopB();
    expect(observer!.observed.size).toBe(0);
    // The last watcher gone, so is the observer: the next one makes another.
    expect(observer!.disconnected).toBe(true);
    watchNearViewport(a, 200, () => undefined);
    watchNearViewport(a, 0, () => undefined);
    expect(FakeIntersectionObserver.instances).toHaveLength(3);
  });

  it('without IntersectionObserver everything counts as near', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const { watchNearViewport } = await import('../../src/platform/viewport');
    const seen: boolean[] = [];
    watchNearViewport(document.createElement('div'), 0, (near) => seen.push(near));
    expect(seen).toEqual([true]);
  });
});
