/**
 * Nothing is laid out by force while blocks mount: sizes come from ResizeObserver notices (or
 * one batched read), and a host the page does not render is not measured at all. A theme that
 * keeps off-screen sections unrendered (`content-visibility: auto`) would otherwise have each
 * of them laid out, one at a time.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import imageBlock, { NARROW_CLASS } from '../../src/blocks/image/index';
import { mountGalleryBlock } from '../../src/blocks/gallery/index';
import { defaultContext, readContext } from '../../src/context/read';
import { watchWidth } from '../../src/platform/size';
import { ImageLoader, waitForHost } from '../../src/ui/responsive-images';
import { galleryInBody } from '../blocks/gallery/fixture';

type Notice = (entries: Array<Partial<ResizeObserverEntry>>) => void;
const observed = new Map<Element, Notice>();
let disconnected = 0;
class FakeResizeObserver {
  constructor(private readonly notice: Notice) {}
  observe(element: Element) {
    observed.set(element, this.notice);
  }
  unobserve(element: Element) {
    observed.delete(element);
  }
  disconnect() {
    disconnected++;
  }
}
/** What the browser does after a layout: tells the observer the element's new size. */
const laidOut = (element: Element, width: number) =>
  observed.get(element)!([{ target: element, contentRect: { width, height: 100 } as DOMRectReadOnly, borderBoxSize: [{ inlineSize: width, blockSize: 100 }] }]);

describe('layout reads while blocks mount', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    vi.restoreAllMocks();
    observed.clear();
    disconnected = 0;
    document.body.replaceChildren();
  });

  it('watchWidth takes widths from the observer and reads nothing; without one it reads in the batch and on resizes', async () => {
    vi.useFakeTimers();
    const element = document.body.appendChild(document.createElement('div'));
    const read = vi.spyOn(element, 'getBoundingClientRect').mockImplementation(() => ({ width: 321 }) as DOMRect);
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    const widths: number[] = [];
    const stop = watchWidth(element, (width) => widths.push(width));
    laidOut(element, 500);
    laidOut(element, 300);
    expect(widths).toEqual([500, 300]);
    stop();
    expect(disconnected).toBe(1);
    vi.unstubAllGlobals();
    vi.stubGlobal('ResizeObserver', undefined);
    const stopFallback = watchWidth(element, (width) => widths.push(width));
    expect(read).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    window.dispatchEvent(new Event('resize'));
    await vi.advanceTimersByTimeAsync(1);
    expect(widths).toEqual([500, 300, 321, 321]);
    stopFallback();
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('the image block is narrow from the observer notices, without measuring itself', async () => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    const element = document.body.appendChild(document.createElement('div'));
    element.innerHTML = '<img data-src="/a.jpg" alt="A">';
    const read = vi.spyOn(element, 'getBoundingClientRect');
    const instance = await imageBlock.mount(element, { id: 'i', config: {}, page: defaultContext() });
    laidOut(element, 300);
    expect(element.classList.contains(NARROW_CLASS)).toBe(true);
    laidOut(element, 800);
    expect(element.classList.contains(NARROW_CLASS)).toBe(false);
    expect(read).not.toHaveBeenCalled();
    instance.destroy();
  });

  it('a lazy image is not measured as it is added: the intersection observer measures it when it comes near', async () => {
    vi.useFakeTimers();
    const watched: Element[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe(element: Element) {
          watched.push(element);
        }
        unobserve() {}
        disconnect() {}
      },
    );
    const host = document.body.appendChild(document.createElement('section'));
    const img = host.appendChild(document.createElement('img'));
    img.dataset.src = '/a.jpg';
    const reads = [vi.spyOn(host, 'getBoundingClientRect'), vi.spyOn(img, 'getBoundingClientRect')];
    const loader = new ImageLoader();
    await loader.add(img);
    await vi.advanceTimersByTimeAsync(50);
    expect(watched).toEqual([img]);
    for (const read of reads) expect(read).not.toHaveBeenCalled();
    loader.destroy();
  });

  it('an image whose host is not rendered (content-visibility, display: none) is not measured: the observers take over at once', async () => {
    const host = document.body.appendChild(document.createElement('section'));
    const img = host.appendChild(document.createElement('img'));
    const read = vi.spyOn(host, 'getBoundingClientRect');
    const visible = vi.fn(() => false);
    Object.assign(host, { checkVisibility: visible });
    await waitForHost(img);
    expect(visible).toHaveBeenCalledWith({ contentVisibilityAuto: true });
    expect(read).not.toHaveBeenCalled();
    // A rendered host with a width is measured (once, in the batch) and done.
    visible.mockReturnValue(true);
    read.mockImplementation(() => ({ width: 640 }) as DOMRect);
    await waitForHost(img);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('a strip is measured at its first layout notice (layout is fresh there) and placed in the next frame', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    const element = galleryInBody('block-s');
    const reads = vi.fn(() => 1000);
    Object.defineProperty(element, 'clientWidth', { get: reads });
    element.querySelectorAll('figure').forEach((figure, i) => {
      Object.defineProperty(figure, 'offsetLeft', { get: () => i * 300 });
      Object.defineProperty(figure, 'offsetWidth', { get: () => 300 });
    });
    const instance = await mountGalleryBlock(element, { design: 'slider', alignment: 'left' }, { ...readContext(), featureFlags: [] });
    await vi.advanceTimersByTimeAsync(50);
    expect(reads).not.toHaveBeenCalled();
    expect(element.style.getPropertyValue('--tg-offset')).toBe('');
    laidOut(element, 1000);
    expect(reads).toHaveBeenCalledTimes(1);
    // Not written at the notice: another strip's read in the same notices would force a layout.
    expect(element.style.getPropertyValue('--tg-offset')).toBe('');
    await vi.advanceTimersByTimeAsync(17);
    expect(reads).toHaveBeenCalledTimes(1);
    expect(element.style.getPropertyValue('--tg-offset')).toBe('0px');
    instance.destroy();
  });
});
