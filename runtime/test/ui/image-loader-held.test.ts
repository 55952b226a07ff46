/**
 * A gallery's image loader is held: its lazy images are watched for the viewport only once the
 * gallery, which watches itself, has come near it. Until then the browser has one element to
 * compute per gallery in every frame, not one per image. Printing asks every loader for the
 * images it has not loaded. Its own file: the viewport observer and the loaders that printing
 * asks are shared module state.
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

/** A grid gallery of three images whose slides have a width (jsdom lays nothing out). */
async function mountGrid() {
  const { galleryInBody } = await import('../blocks/gallery/fixture');
  const { mountGalleryBlock } = await import('../../src/blocks/gallery/index');
  const { readContext } = await import('../../src/context/read');
  const element = galleryInBody('block-grid');
  for (const figure of element.querySelectorAll('figure')) figure.getBoundingClientRect = () => ({ width: 300, height: 200 }) as DOMRect;
  const instance = await mountGalleryBlock(element, { design: 'grid' }, { ...readContext(), featureFlags: [] });
  return { element, images: [...element.querySelectorAll('img')], instance };
}

/** A loader's module and the images of a gallery in the body, whose hosts have a width. */
async function imagesWithHosts(id: string) {
  const { ImageLoader } = await import('../../src/ui/responsive-images');
  const { galleryInBody } = await import('../blocks/gallery/fixture');
  const images = [...galleryInBody(id).querySelectorAll('img')];
  for (const img of images) img.parentElement!.getBoundingClientRect = () => ({ width: 300, height: 200 }) as DOMRect;
  return { ImageLoader, images };
}

describe('a gallery and its held image loader', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
    FakeIntersectionObserver.instances = [];
    document.body.replaceChildren();
  });

  it('watches the gallery alone until it is near, then each image, and loads those in view', async () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const { element, images, instance } = await mountGrid();
    await new Promise((resolve) => setTimeout(resolve, 20)); // the loader's host checks
    expect(images.flatMap(watching)).toEqual([]);
    const [galleryObserver] = watching(element);
    expect(galleryObserver).toBeDefined();
    expect(images.every((img) => img.getAttribute('src') === null)).toBe(true);

    galleryObserver!.fire(element, true);
    const [imageObserver] = watching(images[0]!);
    expect(imageObserver).toBeDefined();
    expect(imageObserver).not.toBe(galleryObserver);
    expect(images.every((img) => watching(img)[0] === imageObserver)).toBe(true);
    expect(images[0]!.getAttribute('src')).toBeNull();

    imageObserver!.fire(images[0]!, true);
    await vi.waitFor(() => expect(images[0]!.getAttribute('src')).toMatch(/^\/i\/0\.jpg\?format=\d+w$/));
    expect(images[1]!.getAttribute('src')).toBeNull();
    instance.destroy();
    expect(watching(element)).toEqual([]);
  });

  it('a loader not held (the image block, the lightbox) watches every image at once', async () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const { ImageLoader, images } = await imagesWithHosts('plain');
    const loader = new ImageLoader(true);
    await Promise.all(images.map((img) => loader.add(img)));
    expect(images.every((img) => watching(img).length === 1)).toBe(true);
    loader.destroy();
  });

  it('watches an image for its size only once it is near (or preloaded): far ones cost no frame', async () => {
    const sized = new Set<Element>();
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe = (element: Element) => sized.add(element);
        unobserve = (element: Element) => sized.delete(element);
        disconnect = () => sized.clear();
      },
    );
    const { ImageLoader, images } = await imagesWithHosts('plain');
    const loader = new ImageLoader(true);
    await Promise.all(images.map((img) => loader.add(img)));
    expect(sized.size).toBe(0);
    watching(images[0]!)[0]!.fire(images[0]!, true);
    loader.preload(images[2]!);
    expect([...sized]).toEqual([images[0], images[2]]);
    const eager = new ImageLoader(false);
    const [first] = (await imagesWithHosts('eager')).images;
    await eager.add(first!);
    expect(sized.has(first!)).toBe(true);
    loader.destroy();
    eager.destroy();
  });

  it('asks for every image not yet asked for when the visitor prints, as native lazy images, at the width each is drawn at', async () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const { ImageLoader, images } = await imagesWithHosts('print');
    const [near, far, unlaid] = images as [HTMLImageElement, HTMLImageElement, HTMLImageElement];
    unlaid.parentElement!.getBoundingClientRect = () => ({ width: 0, height: 0 }) as DOMRect;
    const loader = new ImageLoader(true, true);
    await Promise.all(images.map((img) => loader.add(img)));
    loader.release();
    watching(near)[0]!.fire(near, true);
    await vi.waitFor(() => expect(near.getAttribute('src')).toMatch(/\?format=300w$/));
    near.dispatchEvent(new Event('load'));
    expect(far.getAttribute('src')).toBeNull();

    dispatchEvent(new Event('beforeprint'));
    expect(far.getAttribute('src')).toBe('/i/1.jpg?format=300w');
    expect(far.getAttribute('loading')).toBe('lazy');
    expect(watching(far)).toEqual([]);
    // One with no box yet has no width to ask for; the one already loaded is left as it is.
    expect(unlaid.getAttribute('src')).toBeNull();
    expect(near.getAttribute('loading')).toBeNull();
    far.dispatchEvent(new Event('load'));
    expect(far.hasAttribute('data-image-loading')).toBe(false);

    // A loader destroyed no longer listens.
    loader.destroy();
    unlaid.parentElement!.getBoundingClientRect = () => ({ width: 300, height: 200 }) as DOMRect;
    dispatchEvent(new Event('beforeprint'));
    expect(unlaid.getAttribute('src')).toBeNull();
  });

  it('takes an image waiting in the queue out of it when printing asks for it', async () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const { ImageLoader, images } = await imagesWithHosts('queued');
    const loader = new ImageLoader(false);
    // 16 at a time: the first 16 start, the rest wait.
    const many = Array.from({ length: 18 }, (_, i) => {
      const img = images[i % images.length]!.cloneNode() as HTMLImageElement;
      img.dataset.src = `/q/${i}.jpg`;
      images[0]!.parentElement!.append(img);
      return img;
    });
    await Promise.all(many.map((img) => loader.add(img)));
    await vi.waitFor(() => expect(many.filter((img) => img.getAttribute('src') !== null)).toHaveLength(16));
    dispatchEvent(new Event('beforeprint'));
    expect(many.every((img) => img.getAttribute('src') !== null)).toBe(true);
    expect(many.slice(16).map((img) => img.getAttribute('loading'))).toEqual(['lazy', 'lazy']);
    // Each image is asked for once: as the first 16 finish, the queue does not start the printed ones again.
    const records = new MutationObserver(() => undefined);
    for (const img of many.slice(16)) records.observe(img, { attributeFilter: ['src'] });
    for (const img of many.slice(0, 16)) img.dispatchEvent(new Event('load'));
    expect(records.takeRecords()).toEqual([]);
    loader.destroy();
  });
});
