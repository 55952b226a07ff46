/**
 * The mount property behind blocks-N.fuzz.test.ts: every block type mounted from generated
 * markup and block JSON, with the network answering anything from "offline" to a 200 with
 * garbage. No exception escapes, and each block ends either mounted or failed and logged, its
 * element left in the page; destroy never throws. The block types are shared out over
 * SHARDS test files so that both test workers run them.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultContext } from '../../src/context/read';
import { BLOCK_STATUS_ATTRIBUTE, BlockHost } from '../../src/core/block-host';
import { FEATURE_GATED_BLOCKS, knownBlockTypes } from '../../src/core/registry';
import { RETRY_DELAY_MS } from '../../src/net/request';
import { setErrorSink } from '../../src/platform/report';
import { blockJson, buildMarkup, fetchAnswering, markup, networkAnswer } from './arbitraries';
import { pageContexts } from '../../src/context/page-contexts';

/** Cases per block type; FUZZ_RUNS changes it for a longer or a quicker local run. */
const RUNS_PER_TYPE = Number(process.env.FUZZ_RUNS ?? 2_500);
export const SHARDS = 4;

const page = { ...defaultContext(), featureFlags: [...FEATURE_GATED_BLOCKS] };
/** A macrotask without setTimeout's 1 ms clamp (that wait was half of each case). */
const macrotask = () => new Promise((resolve) => setImmediate(resolve));
/** Long enough for the timers a mount or destroy leaves behind (0-10 ms) to have run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

export function fuzzBlockMounts(shard: number): void {
  const types = knownBlockTypes().filter((_type, index) => index % SHARDS === shard);
  const escaped: unknown[] = [];
  const realFetch = globalThis.fetch;
  const realSetTimeout = globalThis.setTimeout;
  // The data layer pauses RETRY_DELAY_MS before each of its 3 retries: cases with a failing
  // network spent most of their time waiting (a quarter of the whole run). The retries still
  // happen, back to back.
  const hurriedSetTimeout = ((handler: () => void, ms?: number, ...rest: unknown[]) =>
    realSetTimeout(handler, ms === RETRY_DELAY_MS ? 0 : ms, ...rest)) as typeof setTimeout;
  const onError = (event: ErrorEvent) => escaped.push(event.error ?? event.message);
  const onRejection = (event: PromiseRejectionEvent) => escaped.push(event.reason);
  const onProcessRejection = (reason: unknown) => escaped.push(reason);

  beforeAll(() => {
    globalThis.setTimeout = hurriedSetTimeout;
    // Turns (platform/yield.ts) give the main thread back every 10 ms; here that would be a
    // timer every other case, doubling the run for no check. Yielding at once keeps the order.
    (globalThis as { scheduler?: unknown }).scheduler = { yield: () => Promise.resolve() };
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    process.on('unhandledRejection', onProcessRejection);
  });
  afterAll(() => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
    process.off('unhandledRejection', onProcessRejection);
    globalThis.fetch = realFetch;
    globalThis.setTimeout = realSetTimeout;
    delete (globalThis as { scheduler?: unknown }).scheduler;
  });

  describe('block types under generated markup, JSON and network answers', () => {
    it.each(types)('%s mounts or is logged and left alone', async (type) => {
      // Spied on for the whole property: a failed block must have said why.
      const logged = vi.fn();
      for (const level of ['error', 'warn', 'info'] as const) vi.spyOn(console, level).mockImplementation(logged);
      const reported: string[] = [];
      const stopSink = setErrorSink((_error, message) => reported.push(message));
      await fc.assert(
        fc.asyncProperty(blockJson, markup, networkAnswer, fc.boolean(), async (json, children, answer, withId) => {
          logged.mockClear();
          reported.length = 0;
          // Not vi.stubGlobal: it costs 2 ms a call, more than a mount.
          globalThis.fetch = fetchAnswering(answer);
          document.body.innerHTML = '';
          const element = document.createElement('div');
          if (withId) element.id = 'block-fuzz0000000000000000001';
          element.setAttribute('data-block-type', type);
          if (json !== null) element.setAttribute('data-block-json', json);
          buildMarkup(children, element);
          document.body.append(element);

          const host = new BlockHost(pageContexts(page), document.body);
          await host.start();
          await macrotask();
          // Plain checks, not expect(): at tens of thousands of cases its cost shows.
          const status = element.getAttribute(BLOCK_STATUS_ATTRIBUTE);
          if (status !== 'mounted' && status !== 'failed') throw new Error(`ended ${status}, not mounted or failed`);
          if (status === 'failed' && reported.length + logged.mock.calls.length === 0) throw new Error('failed without saying why');
          if (!element.isConnected) throw new Error('the element left the page');
          host.destroy();
          await macrotask();
          // Not reset between cases: an error thrown late, by a timer of an earlier case, fails this one.
          if (escaped.length) throw new Error(`escaped: ${escaped.map(String).join('; ')}`);
        }),
        { numRuns: RUNS_PER_TYPE },
      );
      await settle();
      expect(escaped).toEqual([]);
      stopSink();
    }, 600_000);
  });
}
