import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageContext } from '../../../contract/context/types';
import { pageContexts, type PageContexts } from '../../src/context/page-contexts';
import { readContext } from '../../src/context/read';
import { BlockHost } from '../../src/core/block-host';
import { registerBlock } from '../../src/core/registry';
import { createRuntime, type SiteRuntimeApi } from '../../src/runtime';

const contextElement = (json: object) => Object.assign(document.createElement('script'), { type: 'application/json', id: 'site-context', textContent: JSON.stringify(json) });

/** What Turbo does: the new head's scripts that the head does not hold, the address, then the new body. */
function turboVisit(path: string, main: string, context?: object): void {
  if (context) document.head.append(contextElement(context));
  history.pushState(null, '', path);
  const body = document.createElement('body');
  body.innerHTML = `<main>${main}</main>`;
  document.documentElement.replaceChild(body, document.body);
}

/** What htmx's hx-boost does: the address, then the body's contents, here with the page's context in them. */
function htmxVisit(path: string, main: string, context?: object): void {
  history.pushState(null, '', path);
  document.body.innerHTML = `<main>${main}</main>`;
  if (context) document.body.append(contextElement(context));
}

/** A task after the swap's: the context is kept under the address then (queued from the observer's microtask, before this). */
const task = async () => {
  await Promise.resolve();
  await new Promise((resolve) => setTimeout(resolve, 0));
};
const collection = (context: Readonly<PageContext>) => [context.collectionId, context.itemId];

const LOAD = { pageType: 2, collectionId: 'c1', itemId: 'i1' };
const PRINT = { pageType: 50, collectionId: 'c2', itemId: 'i2' };
const FAQ = { pageType: 1, collectionId: 'c3' };

beforeEach(() => {
  history.replaceState(null, '', '/first');
  document.head.replaceChildren(contextElement(LOAD));
  document.body.innerHTML = '<main>First</main>';
});

describe('the page context of the page now, on a theme that swaps pages in', () => {
  let contexts: PageContexts;
  let host: BlockHost;
  let mounted: Array<[string | null, string | null]>;
  let unregister: () => void;
  beforeEach(() => {
    mounted = [];
    unregister = registerBlock('context-probe', async () => ({
      mount: (_element: HTMLElement, { page }: { page: Readonly<PageContext> }) => (mounted.push([page.collectionId, page.itemId]), { destroy() {} }),
    }));
    contexts = pageContexts(readContext());
    host = new BlockHost(contexts);
  });
  afterEach(() => {
    host.destroy();
    unregister();
  });

  it('Turbo: the context each page puts in the head, kept under its path for Back and for links to a page seen before; blocks mount with it', async () => {
    await host.start();
    expect([collection(contexts.now()), contexts.known()]).toEqual([['c1', 'i1'], true]);
    turboVisit('/store/print', '<div data-block-type="context-probe"></div>', PRINT);
    await task();
    expect(collection(contexts.now())).toEqual(['c2', 'i2']);
    await vi.waitFor(() => expect(mounted).toEqual([['c2', 'i2']]));
    // Back: Turbo's copy of the first page brings no script; the load's is this path's.
    turboVisit('/first', 'First');
    await task();
    expect(collection(contexts.now())).toEqual(['c1', 'i1']);
    // A link to the print again: Turbo holds its script already and puts none in.
    turboVisit('/store/print', 'Print');
    await task();
    expect(collection(contexts.now())).toEqual(['c2', 'i2']);
    expect(document.querySelectorAll('script#site-context')).toHaveLength(2);
  });

  it('htmx with the context in the body: each page brings its own; one that brings none and was never seen keeps the last and is not known', async () => {
    await host.start();
    htmxVisit('/faq', 'FAQ', FAQ);
    await task();
    expect([collection(contexts.now()), contexts.known()]).toEqual([['c3', null], true]);
    htmxVisit('/about', 'About');
    await task();
    expect([collection(contexts.now()), contexts.known()]).toEqual([['c3', null], false]);
    htmxVisit('/first', 'First');
    await task();
    expect([collection(contexts.now()), contexts.known()]).toEqual([['c1', 'i1'], true]);
  });

  it('an address a theme changes without a swap (a canonical path, a tab) keeps the page’s context', async () => {
    await host.start();
    history.replaceState(null, '', '/first/');
    await task();
    expect(collection(contexts.now())).toEqual(['c1', 'i1']);
  });
});

describe('SiteRuntime.context', () => {
  let runtime: SiteRuntimeApi | undefined;
  afterEach(() => runtime?.destroy());

  it('is the context of the page now: the one a swapped page brought, frozen, the same object while the page stays', async () => {
    runtime = createRuntime();
    await runtime.ready;
    expect(runtime.context.collectionId).toBe('c1');
    turboVisit('/store/print', 'Print', PRINT);
    // Theme code in the task of the swap (turbo:render, htmx.onLoad) has the page's context already.
    expect(runtime.context.collectionId).toBe('c2');
    await task();
    const now = runtime.context;
    expect([now.collectionId, now.itemId, now.pageType]).toEqual(['c2', 'i2', 50]);
    expect(Object.isFrozen(now)).toBe(true);
    expect(runtime.context).toBe(now);
    history.back();
    await new Promise((resolve) => addEventListener('popstate', resolve, { once: true }));
    expect(runtime.context.collectionId).toBe('c1');
  });
});
