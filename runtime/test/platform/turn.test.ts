import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultContext } from '../../src/context/read';
import { BlockHost } from '../../src/core/block-host';
import { registerBlock } from '../../src/core/registry';
import { SLICE_MS, turn } from '../../src/platform/yield';
import { pageContexts } from '../../src/context/page-contexts';

// A clock that moves only when the work says so, and a scheduler.yield that counts the tasks.
let now = 0; // only ever moves forward: the module's slice outlives a test
let tasks = 0;
const log: string[] = [];

beforeEach(() => {
  now += 1000; // past any slice an earlier test left open
  tasks = 0;
  log.length = 0;
  vi.spyOn(performance, 'now').mockImplementation(() => now);
  (globalThis as { scheduler?: unknown }).scheduler = {
    yield: () =>
      new Promise<void>((resolve) =>
        setTimeout(() => {
          tasks++;
          log.push('yield');
          resolve();
        }),
      ),
  };
});

afterEach(() => {
  vi.restoreAllMocks();
  delete (globalThis as { scheduler?: unknown }).scheduler;
});

describe('turn', () => {
  it('runs work in the order asked, in a new task once a slice of work has run', async () => {
    const work = (name: string, ms: number) => () => {
      log.push(name);
      now += ms;
    };
    // 2 ms each in a 5 ms slice: a, b and c start within it, d in a new task.
    await Promise.all(['a', 'b', 'c', 'd', 'e'].map((name) => turn().then(work(name, 2))));
    expect(SLICE_MS).toBe(5);
    expect(log).toEqual(['yield', 'a', 'b', 'c', 'yield', 'd', 'e']);
    expect(tasks).toBe(2);
  });

  it('gives one long piece of work a task of its own', async () => {
    await Promise.all(
      ['a', 'b'].map((name) =>
        turn().then(() => {
          log.push(name);
          now += 8; // longer than a slice
        }),
      ),
    );
    expect(log).toEqual(['yield', 'a', 'yield', 'b']);
  });
});

describe('BlockHost mounting in turns', () => {
  let teardown: () => void;
  let host: BlockHost;

  beforeEach(() => {
    teardown = registerBlock('slow', async () => ({
      mount(element: HTMLElement) {
        log.push(`mount ${element.id}`);
        now += 2; // a block that takes 2 ms to mount (8 ms at 4x throttling)
        return { destroy: () => undefined };
      },
    }));
    host = new BlockHost(pageContexts(defaultContext()));
  });

  afterEach(() => {
    host.destroy();
    teardown();
    document.body.innerHTML = '';
  });

  it('mounts ten blocks whose chunk arrives at once in several short tasks, in document order', async () => {
    document.body.innerHTML = Array.from({ length: 10 }, (_, i) => `<div id="b${i}" data-block-type="slow"></div>`).join('');
    await host.start();
    const mounts = log.filter((line) => line.startsWith('mount'));
    expect(mounts).toEqual(Array.from({ length: 10 }, (_, i) => `mount b${i}`));
    // At most three 2 ms mounts between two yields: no task runs far past the 5 ms slice.
    const runs = log.join(' ').split('yield').map((part) => part.split('mount').length - 1);
    expect(Math.max(...runs)).toBeLessThanOrEqual(3);
    expect(tasks).toBeGreaterThanOrEqual(4);
  });
});
