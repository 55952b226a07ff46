/**
 * A loader with a scope (a gallery's element) watches its lazy images for the viewport only
 * once the scope is near it: until then the browser has one element to compute per gallery
 * in every frame, not one per image. Its own file: the viewport observer is shared module state.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  observed = new Set<Element>();
  constructor(readonly callback: (entries: Array<Partial<IntersectionObserverEntry>>, observer: FakeIntersectionObserver) => void) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(element: Element) {
    this.observed.add(element);
  }
  unobserve(element: Element) {
    this.observed.delete(element);
  }
  disconnect() {
    this.observed.clear();
  }
  fire(target: Element, isIntersecting: boolean) {
    this.callback([{ target, isIntersecting, boundingClientRect: { width: 300, height: 200 } as DOMRectReadOnly }], this);
  }
}
const watching = (element: Element) => FakeIntersectionObserver.instances.filter((o) => o.observed.has(element));

/** A gallery of two images whose host has a width (jsdom lays nothing out). */
function gallery(): { scope: HTMLElement; images: HTMLImageElement[] } {
  const scope = document.createElement('div');
  scope.innerHTML = '<figure><img data-src="/a.jpg" data-image-dimensions="1200x800"></figure><figure><img data-src="/b.jpg" data-image-dimensions="1200x800"></figure>';
  document.body.append(scope);
  for (const figure of scope.querySelectorAll('figure')) figure.getBoundingClientRect = () => ({ width: 300, height: 200 }) as DOMRect;
  return { scope, images: [...scope.querySelectorAll('img')] };
}

describe('image loader with a scope', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
    FakeIntersectionObserver.instances = [];
    document.body.replaceChildren();
  });

  it('watches the scope alone until it is near, then each image, and loads those in view', async () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const { ImageLoader } = await import('../../src/ui/responsive-images');
    const { scope, images } = gallery();
    const loader = new ImageLoader(true, scope);
    await Promise.all(images.map((img) => loader.add(img)));
    expect(images.flatMap(watching)).toEqual([]);
    expect(watching(scope)).toHaveLength(1);

    const [scopeObserver] = watching(scope);
    scopeObserver!.fire(scope, true);
    const [imageObserver] = watching(images[0]!);
    expect(imageObserver).toBeDefined();
    expect(imageObserver).not.toBe(scopeObserver);
    expect(watching(images[1]!)).toEqual([imageObserver]);
    expect(images[0]!.getAttribute('src')).toBeNull();

    imageObserver!.fire(images[0]!, true);
    await vi.waitFor(() => expect(images[0]!.getAttribute('src')).toMatch(/^\/a\.jpg\?format=\d+w$/));
    expect(images[1]!.getAttribute('src')).toBeNull();
    loader.destroy();
    expect(watching(scope)).toEqual([]);
  });

  it('without a scope watches every image at once, as before', async () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const { ImageLoader } = await import('../../src/ui/responsive-images');
    const { images } = gallery();
    const loader = new ImageLoader(true);
    await Promise.all(images.map((img) => loader.add(img)));
    expect(images.every((img) => watching(img).length === 1)).toBe(true);
    loader.destroy();
  });
});
