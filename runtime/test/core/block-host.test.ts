import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultContext } from '../../src/context/read';
import { BlockHost, blockIdOf, readBlockConfig } from '../../src/core/block-host';
import { ChunkLoadError, loadChunk, loadChunkOnline, withChunk } from '../../src/core/chunk';
import { registerBlock } from '../../src/core/registry';
import type { BlockInstance, BlockMountContext } from '../../src/core/types';
import { setErrorSink } from '../../src/platform/report';
import { pageContexts } from '../../src/context/page-contexts';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
/** Chunk imports and mounts wait for their turns (platform/yield.ts): a few tasks, not one. */
const flushUntil = async (done: () => boolean) => {
  for (let i = 0; i < 20 && !done(); i++) await flush();
};

let mounts: Array<{ element: HTMLElement; context: BlockMountContext }>;
let destroyed: HTMLElement[];
let teardowns: Array<() => void>;
let reported: string[];
let host: BlockHost;

function testBlock(type: string, mount?: (element: HTMLElement) => void) {
  teardowns.push(
    registerBlock(type, async () => ({
      mount(element: HTMLElement, context: BlockMountContext): BlockInstance {
        mount?.(element);
        mounts.push({ element, context });
        return { destroy: () => destroyed.push(element), name: type };
      },
    })),
  );
}

beforeEach(() => {
  mounts = [];
  destroyed = [];
  teardowns = [];
  reported = [];
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  teardowns.push(setErrorSink((_error, message) => reported.push(message)));
  testBlock('test');
  testBlock('broken', () => {
    throw new Error('boom');
  });
  host = new BlockHost(pageContexts(defaultContext()));
});

afterEach(() => {
  host.destroy();
  for (const teardown of teardowns) teardown();
});

describe('BlockHost', () => {
  it('mounts every block present at start with its id and config, then resolves', async () => {
    document.body.innerHTML = `
      <div id="block-a1" data-block-type="test" data-block-json='{"x": 1}'></div>
      <section><div id="other" data-block-type="test"></div></section>`;
    await host.start();
    expect(mounts.map((m) => m.context.id)).toEqual(['a1', null]);
    expect(mounts[0]!.context.config).toEqual({ x: 1 });
    expect(mounts[1]!.context.config).toEqual({});
    expect(document.getElementById('block-a1')!.getAttribute('data-block-status')).toBe('mounted');
    expect(host.instance(document.getElementById('block-a1')!)?.name).toBe('test');
  });

  it('keeps going when one block fails: malformed JSON, a throwing mount, an unknown type', async () => {
    document.body.innerHTML = `
      <div id="block-bad" data-block-type="test" data-block-json='{"x": '></div>
      <div id="block-throws" data-block-type="broken"></div>
      <div id="block-unknown" data-block-type="nope"></div>
      <div id="block-good" data-block-type="test"></div>`;
    await host.start();
    expect(mounts.map((m) => m.element.id)).toEqual(['block-good']);
    for (const id of ['block-bad', 'block-throws', 'block-unknown']) {
      expect(document.getElementById(id)!.getAttribute('data-block-status')).toBe('failed');
    }
    expect(reported).toEqual(['Block "test" (#block-bad) failed to initialise.', 'Block "broken" (#block-throws) failed to initialise.']);
    expect(console.error).toHaveBeenCalledWith(expect.any(String), expect.objectContaining({ message: expect.stringContaining('has malformed data-block-json') }));
  });

  it('mounts blocks added later, once, and destroys removed ones', async () => {
    await host.start();
    const late = document.createElement('div');
    late.innerHTML = '<div id="block-inner" data-block-type="test"></div>';
    late.setAttribute('data-block-type', 'test');
    document.body.appendChild(late);
    await flushUntil(() => mounts.length >= 2);
    expect(mounts.map((m) => m.element)).toEqual([late, late.firstElementChild]);
    late.remove();
    await flush();
    expect(destroyed).toEqual([late, late.firstElementChild]);
    expect(host.instance(late)).toBeUndefined();
  });

  it('does not remount an element moved within the document', async () => {
    document.body.innerHTML = '<div id="a"></div><div id="b"><div id="block-m" data-block-type="test"></div></div>';
    await host.start();
    const element = document.getElementById('block-m')!;
    const instance = host.instance(element);
    document.getElementById('a')!.appendChild(element);
    for (let i = 0; i < 5; i++) await flush(); // time enough for a remount's turns, were there one
    expect(mounts).toHaveLength(1);
    expect(destroyed).toEqual([]);
    expect(host.instance(element)).toBe(instance);
  });

  it('destroy(root) tears down that part and init(root) mounts it again', async () => {
    document.body.innerHTML = '<div id="r1"><div data-block-type="test"></div></div><div id="r2"><div data-block-type="test"></div></div>';
    await host.start();
    const r1 = document.getElementById('r1')!;
    host.destroy(r1);
    expect(destroyed).toEqual([r1.firstElementChild]);
    expect(r1.firstElementChild!.hasAttribute('data-block-status')).toBe(false);
    await host.init(r1);
    expect(mounts).toHaveLength(3);
  });

  it('destroy() tears everything down and stops watching', async () => {
    document.body.innerHTML = '<div data-block-type="test"></div>';
    await host.start();
    host.destroy();
    expect(destroyed).toHaveLength(1);
    document.body.insertAdjacentHTML('beforeend', '<div data-block-type="test"></div>');
    for (let i = 0; i < 5; i++) await flush();
    expect(mounts).toHaveLength(1);
  });


  it("lets htmx keep the page's blocks as served: destroyed for its copy, mounted again if the page stays, not if it is swapped out", async () => {
    document.body.innerHTML = '<div id="old" data-block-type="test"></div>';
    await host.start();
    const old = document.getElementById('old')!;
    const snapshot = () => document.body.dispatchEvent(new CustomEvent('htmx:beforeHistorySave', { bubbles: true }));
    snapshot();
    // What htmx keeps, read right after the event.
    const copy = document.body.innerHTML;
    expect(destroyed).toEqual([old]);
    expect(copy).not.toContain('data-block-status');
    // The swap did not come: the block mounts again.
    await flushUntil(() => mounts.length === 2);
    expect(mounts.map(({ element }) => element)).toEqual([old, old]);
    expect(old.getAttribute('data-block-status')).toBe('mounted');

    // The swap came at once: the old block stays down, the new one mounts once.
    snapshot();
    document.body.innerHTML = '<div id="new" data-block-type="test"></div>';
    await flushUntil(() => mounts.length === 3);
    for (let i = 0; i < 5; i++) await flush();
    expect(mounts.map(({ element }) => element.id)).toEqual(['old', 'old', 'new']);
    expect(destroyed).toEqual([old, old]);
  });

  it('with hx-history-elt, htmx keeps that element only: the blocks outside it stay mounted', async () => {
    document.body.innerHTML = '<header><div id="menu" data-block-type="test"></div></header><main><div id="inside" data-block-type="test"></div></main>';
    await host.start();
    const main = document.querySelector('main')!;
    document.body.dispatchEvent(new CustomEvent('htmx:beforeHistorySave', { bubbles: true, detail: { path: '/', historyElt: main } }));
    expect(destroyed.map((element) => element.id)).toEqual(['inside']);
    expect(document.getElementById('menu')!.getAttribute('data-block-status')).toBe('mounted');
    await flushUntil(() => mounts.length === 3);
    expect(mounts.map(({ element }) => element.id)).toEqual(['menu', 'inside', 'inside']);
  });
  it('does not mount a block whose element left while its chunk loaded', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    teardowns.push(registerBlock('slow', async () => {
      await gate;
      return { mount: (element: HTMLElement) => { mounts.push({ element, context: {} as BlockMountContext }); return { destroy: () => destroyed.push(element) }; } };
    }));
    document.body.innerHTML = '<div id="block-slow" data-block-type="slow"></div>';
    const started = host.start();
    document.getElementById('block-slow')!.remove();
    await flush();
    release();
    await started;
    expect(mounts).toEqual([]);
  });
});

describe('BlockHost chunk loading', () => {
  it('loads a type\'s chunk and its stylesheet once for all its blocks, before any of them mounts', async () => {
    let loads = 0;
    const order: string[] = [];
    teardowns.push(
      registerBlock('styled', async () => {
        loads++;
        return {
          stylesheet: 'styled-test.css',
          mount(element: HTMLElement) {
            order.push(`mount ${element.id} (${document.querySelectorAll('link[href$="styled-test.css"]').length} link)`);
            return { destroy: () => undefined };
          },
        };
      }),
    );
    document.body.innerHTML = '<div id="s1" data-block-type="styled"></div><div id="s2" data-block-type="styled"></div>';
    const started = host.start();
    // The chunk's import waits for its turn (platform/yield.ts), a task or two away.
    await flushUntil(() => document.querySelector('link[href$="styled-test.css"]') !== null);
    const link = document.querySelector<HTMLLinkElement>('link[href$="styled-test.css"]')!;
    expect(link.rel).toBe('stylesheet');
    expect(order).toEqual([]); // waiting for the stylesheet
    link.dispatchEvent(new Event('load'));
    await started;
    expect(loads).toBe(1);
    expect(order).toEqual(['mount s1 (1 link)', 'mount s2 (1 link)']);
  });

  it('a chunk that failed to load is tried again by the next block of its type', async () => {
    let attempts = 0;
    teardowns.push(
      registerBlock('flaky', async () => {
        attempts++;
        if (attempts === 1) throw new Error('offline');
        return { mount: () => ({ destroy: () => undefined }) };
      }),
    );
    document.body.innerHTML = '<div id="f1" data-block-type="flaky"></div>';
    await host.start();
    expect(document.getElementById('f1')!.getAttribute('data-block-status')).toBe('failed');
    expect(reported).toEqual(['Block "flaky" (#f1) failed to initialise.']);
    const later = Object.assign(document.createElement('div'), { id: 'f2' });
    later.setAttribute('data-block-type', 'flaky');
    document.body.append(later);
    await host.init();
    expect(later.getAttribute('data-block-status')).toBe('mounted');
    expect(attempts).toBe(2);
  });

  it('a block whose stylesheet could not load mounts unstyled, and the stylesheet is asked for again when the browser is back online', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    teardowns.push(
      registerBlock('styled', async () => ({
        stylesheet: 'styled-test.css',
        mount: (element: HTMLElement) => (mounts.push({ element, context: {} as BlockMountContext }), { destroy: () => destroyed.push(element) }),
      })),
    );
    document.body.innerHTML = '<div id="s1" data-block-type="styled"></div>';
    const links = () => document.querySelectorAll('link[href$="/styled-test.css"]');
    const started = host.start();
    await flushUntil(() => links().length === 1);
    links()[0]!.dispatchEvent(new Event('error'));
    await started;
    expect(document.getElementById('s1')!.getAttribute('data-block-status')).toBe('mounted');
    expect(links()).toHaveLength(0);
    dispatchEvent(new Event('online'));
    expect(links()).toHaveLength(1);
    expect(mounts).toHaveLength(1);
  });

  it('blocks whose chunk could not load mount when the browser is back online; a block whose mount threw does not', async () => {
    let attempts = 0;
    teardowns.push(
      registerBlock('flaky', async () => {
        attempts++;
        if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
        return { mount: (element: HTMLElement) => (mounts.push({ element, context: {} as BlockMountContext }), { destroy: () => destroyed.push(element) }) };
      }),
    );
    document.body.innerHTML = '<div id="f1" data-block-type="flaky"></div><div id="f2" data-block-type="flaky"></div><div id="b1" data-block-type="broken"></div>';
    await host.start();
    const status = (id: string) => document.getElementById(id)!.getAttribute('data-block-status');
    expect([status('f1'), status('f2'), status('b1')]).toEqual(['failed', 'failed', 'failed']);
    dispatchEvent(new Event('online'));
    await flushUntil(() => status('f2') === 'mounted');
    expect([status('f1'), status('f2'), status('b1')]).toEqual(['mounted', 'mounted', 'failed']);
    // One load for both blocks; the throwing block was not mounted again.
    expect(attempts).toBe(2);
    expect(mounts.map((m) => m.element.id)).toEqual(['f1', 'f2']);
    dispatchEvent(new Event('online'));
    await flush();
    expect(mounts).toHaveLength(2);
    // A stopped host listens no more.
    let unreachable = 0;
    teardowns.push(registerBlock('unreachable', () => Promise.reject(new TypeError(`Failed to fetch (${++unreachable})`))));
    document.body.insertAdjacentHTML('beforeend', '<div id="u1" data-block-type="unreachable"></div>');
    await host.init();
    expect([status('u1'), unreachable]).toEqual(['failed', 1]);
    host.stop();
    dispatchEvent(new Event('online'));
    await flush();
    await flush();
    expect(unreachable).toBe(1);
  });
});

describe('helpers', () => {
  it('blockIdOf strips the block- prefix', () => {
    const element = document.createElement('div');
    element.id = 'block-yui_3_17';
    expect(blockIdOf(element)).toBe('yui_3_17');
    element.id = 'gallery';
    expect(blockIdOf(element)).toBeNull();
  });

  it('readBlockConfig rejects JSON that is not an object', () => {
    const element = document.createElement('div');
    element.setAttribute('data-block-type', 'x');
    element.setAttribute('data-block-json', '[1]');
    expect(() => readBlockConfig(element)).toThrow('data-block-json must be a JSON object');
    element.setAttribute('data-block-json', '  ');
    expect(readBlockConfig(element)).toEqual({});
  });

  it('loadChunk turns a failed or slow import into ChunkLoadError', async () => {
    await expect(loadChunk(() => Promise.reject(new Error('404')), 'x')).rejects.toBeInstanceOf(ChunkLoadError);
    vi.useFakeTimers();
    const slow = loadChunk(() => new Promise(() => undefined), 'slow');
    const assertion = expect(slow).rejects.toThrow('Loading chunk slow timed out after 120000 ms');
    await vi.advanceTimersByTimeAsync(120_000);
    await assertion;
  });

  it('loadChunkOnline asks for nothing while offline (a failed module fetch is kept), then loads once online', async () => {
    let online = false;
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
    try {
      const load = vi.fn(() => Promise.resolve('analytics'));
      const loading = loadChunkOnline(load, 'analytics');
      await flush();
      await flush();
      expect(load).not.toHaveBeenCalled();
      online = true;
      dispatchEvent(new Event('online'));
      await expect(loading).resolves.toBe('analytics');
      expect(load).toHaveBeenCalledTimes(1);
    } finally {
      delete (navigator as { onLine?: boolean }).onLine;
    }
  });

  it('withChunk uses a loaded chunk, and reports a failed load or use under its own message', async () => {
    const errors: Array<[unknown, string]> = [];
    const restore = setErrorSink((error, message) => errors.push([error, message]));
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const used: string[] = [];
      await withChunk(() => Promise.resolve({ name: 'banner' }), (m) => used.push(m.name), 'Cookie banner failed');
      expect(used).toEqual(['banner']);
      expect(errors).toEqual([]);

      await withChunk(() => Promise.reject(new Error('Failed to fetch dynamically imported module: /runtime/chunks/bars.js')), () => used.push('never'), 'Page bars failed');
      expect(used).toEqual(['banner']);
      expect(errors[0]![1]).toBe('Page bars failed');
      expect(errors[0]![0]).toBeInstanceOf(ChunkLoadError);
      expect((errors[0]![0] as Error).message).toBe('Loading a chunk failed: Failed to fetch dynamically imported module: /runtime/chunks/bars.js');

      await withChunk(() => Promise.resolve(1), () => { throw new Error('boom'); }, 'Owner tools failed');
      expect(errors[1]![1]).toBe('Owner tools failed');
      expect((errors[1]![0] as Error).message).toBe('boom');
    } finally {
      restore();
      consoleError.mockRestore();
    }
  });
});
