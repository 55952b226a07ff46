import { vi } from 'vitest';
import { defaultContext } from '../../src/context/read';
import { pageContexts } from '../../src/context/page-contexts';
import { BlockHost } from '../../src/core/block-host';
import type { PageContext } from '../../../contract/context/types';

export interface Hit {
  event: string;
  data: Record<string, unknown>;
}

const running = new Set<() => void>();
/** Stops every tracker a test started, also one that failed before it could, and sends what it queued. */
export async function stopTrackers(): Promise<void> {
  running.forEach((stop) => stop());
  running.clear();
  (await import('../../src/net/beacon')).flush();
}

/**
 * The tracker on a page with a header and a main, and the census hits it has sent so far.
 * `before`: what the page does between the load and the tracker's start (its chunk is late).
 */
export async function tracked(context: Partial<PageContext> = {}, before?: () => Promise<void>) {
  document.body.innerHTML = '<header>Site</header><main>First</main>';
  history.replaceState(null, '', '/first');
  const beacon = vi.fn(() => true);
  vi.stubGlobal('navigator', { ...navigator, sendBeacon: beacon });
  const { startTracking } = await import('../../src/tracking/index');
  const { flush } = await import('../../src/net/beacon');
  const page = { ...defaultContext(), website: { id: 'w' }, env: 'prod', pageType: 2, collectionId: 'c1', itemId: 'i1', ...context };
  // As the runtime wires it: the block host's observer finds the contexts swapped pages bring.
  const contexts = pageContexts(page);
  const host = new BlockHost(contexts);
  void host.start();
  running.add(() => host.stop());
  await before?.();
  const tracking = startTracking(page, contexts);
  running.add(tracking.stop);
  await tracking.tracked;
  const hits = async (): Promise<Hit[]> => {
    flush();
    const bodies = (beacon.mock.calls as unknown as Array<[string, Blob]>).filter(([url]) => url.includes('RecordHit')).map(([, body]) => body.text());
    return (await Promise.all(bodies)).flatMap((text) => [JSON.parse(text)].flat() as Array<{ event: string; data: string }>).map((hit) => ({ event: hit.event, data: JSON.parse(hit.data) as Record<string, unknown> }));
  };
  return { stop: tracking.stop, hits, views: async () => (await hits()).filter((hit) => hit.event === 'pageView').map((hit) => hit.data.url) };
}

