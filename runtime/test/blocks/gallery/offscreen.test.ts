/**
 * A slideshow far below the fold sets no autoplay timer until it comes near the viewport (a
 * page of them would otherwise set and clear one each as it mounts), and stops again when it
 * leaves. Its own file: the viewport observer is shared module state.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountGalleryBlock } from '../../../src/blocks/gallery/index';
import { readContext } from '../../../src/context/read';
import { galleryInBody } from './fixture';

type Deliver = (entries: Array<Partial<IntersectionObserverEntry>>, observer: unknown) => void;
const observers: Array<{ deliver: Deliver; targets: Element[]; observer: unknown }> = [];
class FakeIntersectionObserver {
  targets: Element[] = [];
  constructor(deliver: Deliver) {
    observers.push({ deliver, targets: this.targets, observer: this });
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  unobserve() {}
  disconnect() {}
}
/** What the browser reports for `element`, to every observer watching it. */
const near = (element: Element, isIntersecting: boolean) => {
  for (const { deliver, targets, observer } of observers) if (targets.includes(element)) deliver([{ target: element, isIntersecting }], observer);
};

describe('autoplay far from the viewport', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    document.body.replaceChildren();
  });

  it('sets no timer until the slideshow is near, then advances; leaving stops it again', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const element = galleryInBody('block-g');
    const setTimer = vi.spyOn(globalThis, 'setTimeout');
    const clearTimer = vi.spyOn(globalThis, 'clearTimeout');
    const config = { design: 'slideshow', autoplay: true, 'autoplay-duration': 2 };
    const instance = (await mountGalleryBlock(element, config, { ...readContext(), featureFlags: [] })) as unknown as { index: number; destroy(): void };
    const autoplayTimers = () => setTimer.mock.calls.filter(([, ms]) => ms === 2000).length;
    expect(autoplayTimers()).toBe(0);
    vi.advanceTimersByTime(10_000);
    expect(instance.index).toBe(0);
    expect(clearTimer).not.toHaveBeenCalled();
    near(element, true);
    expect(autoplayTimers()).toBe(1);
    vi.advanceTimersByTime(2000);
    expect(instance.index).toBe(1);
    near(element, false);
    vi.advanceTimersByTime(10_000);
    expect(instance.index).toBe(1);
    instance.destroy();
  });
});
