import { afterEach, describe, expect, it, vi } from 'vitest';
import { startCollectors } from '../../src/collectors/index';
import { pageContexts } from '../../src/context/page-contexts';
import { defaultContext } from '../../src/context/read';
import { createRuntime, type SiteRuntimeApi } from '../../src/runtime';

/**
 * site.js runs in the task that finishes parsing the page, in which the browser also lays the
 * page out: what it does while it is evaluated adds to that task, so it reads nothing there.
 */
describe('the runtime while site.js is evaluated', () => {
  let runtime: SiteRuntimeApi | undefined;
  afterEach(() => runtime?.destroy());

  const page = () => {
    document.head.innerHTML = '<script type="application/json" id="site-context">{"pageType": 2, "collectionId": "c1"}</script>';
    document.body.innerHTML = '<div id="block-a" data-block-type="accordion"><details><summary>One</summary><p>1</p></details></div>';
    return vi.spyOn(document, 'getElementById');
  };
  const contextReads = (spy: ReturnType<typeof page>) => spy.mock.calls.filter(([id]) => id === 'site-context').length;

  it('reads the context and mounts blocks only in a task after it', async () => {
    const getElementById = page();
    runtime = createRuntime();
    expect(contextReads(getElementById)).toBe(0);
    await Promise.resolve(); // the microtasks that follow the script in its task
    expect(contextReads(getElementById)).toBe(0);
    expect(document.getElementById('block-a')!.hasAttribute('data-block-status')).toBe(false);
    await runtime.ready;
    expect(contextReads(getElementById)).toBe(1);
    expect(document.getElementById('block-a')!.getAttribute('data-block-status')).toBe('mounted');
    expect(document.documentElement.hasAttribute('data-site-ready')).toBe(true);
  });

  it('answers theme code that asks for the context at once, and reads it once', async () => {
    const getElementById = page();
    runtime = createRuntime();
    const context = runtime.context;
    expect(context.pageType).toBe(2);
    expect(context.collectionId).toBe('c1');
    expect(Object.isFrozen(context)).toBe(true);
    expect(runtime.context).toBe(context);
    await runtime.ready;
    expect(runtime.context).toBe(context);
    expect(contextReads(getElementById)).toBe(1);
  });

  it('works out the environment when it is read, not while evaluated', async () => {
    page();
    runtime = createRuntime();
    expect(Object.getOwnPropertyDescriptor(runtime, 'environment')?.get).toBeTypeOf('function');
    expect(runtime.environment).toBe('dev'); // jsdom's page is on localhost
    await runtime.ready;
  });

  it('mounts blocks for theme code that calls init before the boot has', async () => {
    page();
    runtime = createRuntime();
    await runtime.init();
    expect(runtime.block(document.getElementById('block-a')!)).toBeDefined();
    await runtime.ready; // the boot still runs after it: let it end before the page is emptied
    expect(document.getElementById('block-a')!.getAttribute('data-block-status')).toBe('mounted');
  });
});

describe('the collectors chunk as it arrives', () => {
  it('starts visitor tracking in a task of its own, and says when it has', async () => {
    const site = { ...defaultContext(), website: { id: 'w' }, env: 'prod', pageType: 2 };
    const { tracked, stop } = startCollectors(site, pageContexts(site));
    await Promise.resolve();
    expect(document.cookie).not.toContain('ss_cvr=');
    await tracked;
    expect(document.cookie).toContain('ss_cvr=');
    stop();
  });
});
