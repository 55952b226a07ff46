import { afterEach, describe, expect, it, vi } from 'vitest';
import { stopTrackers, tracked } from './tracked';

/** What Turbo and Astro do: the address first, then the new page's `<body>` in place of the old one. */
function swapBody(path: string, title = path): void {
  history.pushState(null, '', path);
  document.title = title;
  const body = document.createElement('body');
  body.innerHTML = `<header>Site</header><main>${path}</main>`;
  document.documentElement.replaceChild(body, document.body);
}

/** What htmx's hx-boost does: the address, then the body's contents. */
function swapContents(path: string): void {
  history.pushState(null, '', path);
  document.body.innerHTML = `<header>Site</header><main>${path}</main>`;
}

/** After the task the tracker reads the address in (queued after this one's, from the swap's mutation record). */
const task = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('pages a theme swaps in without a reload', () => {
  afterEach(async () => {
    await stopTrackers();
    document.cookie = 'ss_cookieAllowed=; path=/; max-age=0';
    history.replaceState(null, '', '/');
    // The contexts a test put in the head, even one that failed before its end.
    document.head.querySelectorAll('#site-context').forEach((element) => element.remove());
  });

  it('count a page view each, with the page left as referrer and no collection or item of the first page', async () => {
    const { stop, hits, views } = await tracked();
    const first = location.href;
    swapBody('/second', 'Second page');
    await task();
    swapContents('/third?from=menu');
    await task();
    expect(await views()).toEqual(['/first', '/second', '/third']);
    const [load, second, third] = (await hits()).filter((hit) => hit.event === 'pageView');
    expect(load!.data).toMatchObject({ collectionId: 'c1', itemId: 'i1', websiteId: 'w' });
    expect(second!.data).toMatchObject({ url: '/second', title: 'Second page', referrer: first, queryString: '', collectionId: null, itemId: null, websiteId: 'w' });
    expect(third!.data).toMatchObject({ url: '/third', referrer: `${location.origin}/second`, queryString: '?from=menu' });
    stop();
  });

  it('a page that brings its own context is counted with its collection and item: in the head beside the old one (Turbo), or in the body (htmx); a page put back without one has its path’s', async () => {
    const { stop, hits } = await tracked();
    const context = (json: object) => Object.assign(document.createElement('script'), { type: 'application/json', id: 'site-context', textContent: JSON.stringify(json) });
    // Turbo appends the new page's head scripts that the head does not hold, then swaps the body.
    document.head.append(context({ website: { id: 'w' }, env: 'prod', pageType: 50, collectionId: 'c2', itemId: 'i2', item: { recordType: 11 } }));
    swapBody('/store/print');
    await task();
    expect(document.cookie).toContain('ss_lastid=i2');
    // Back: Turbo puts its copy of the first page back, and no script in its head is new: the
    // load's context is this path's. Forward again, the print's.
    swapBody('/first');
    await task();
    expect(document.cookie).toContain('ss_lastid=i1');
    swapBody('/store/print');
    await task();
    // htmx keeps the head and swaps the body's contents, here with the page's context in them.
    history.pushState(null, '', '/faq');
    document.body.innerHTML = '<main>FAQ</main>';
    document.body.append(context({ website: { id: 'w' }, env: 'prod', pageType: 1, collectionId: 'c3' }));
    await task();
    // A page that is not found is not counted, as on a load.
    history.pushState(null, '', '/gone');
    document.body.innerHTML = '<main>Gone</main>';
    document.body.append(context({ website: { id: 'w' }, env: 'prod', pageType: 100 }));
    await task();
    const views = (await hits()).filter((hit) => hit.event === 'pageView').map(({ data }) => [data.url, data.collectionId, data.itemId, data.recordType]);
    expect(views).toEqual([
      ['/first', 'c1', 'i1', null],
      ['/store/print', 'c2', 'i2', 11],
      ['/first', 'c1', 'i1', null],
      ['/store/print', 'c2', 'i2', 11],
      ['/faq', 'c3', null, null],
    ]);
    stop();
  });

  it('consent given on a page swapped in since the load: its page view names that page’s context, not the first page’s', async () => {
    const restrictive = { cookieSettings: { isRestrictiveCookiePolicyEnabled: true, isCookieBannerEnabled: true } };
    const { stop, hits } = await tracked(restrictive);
    expect(await hits()).toEqual([]);
    const context = Object.assign(document.createElement('script'), { type: 'application/json', id: 'site-context' });
    context.textContent = JSON.stringify({ website: { id: 'w' }, env: 'prod', pageType: 50, collectionId: 'c2', itemId: 'i2', ...restrictive });
    document.head.append(context);
    swapBody('/store/print');
    await task();
    document.cookie = 'ss_cookieAllowed=true; path=/';
    const { CONSENT_EVENT } = await import('../../src/core/consent');
    document.dispatchEvent(new CustomEvent(CONSENT_EVENT));
    await vi.waitFor(async () => expect((await hits()).filter((hit) => hit.event === 'pageView')).toHaveLength(1));
    const [view] = (await hits()).filter((hit) => hit.event === 'pageView');
    expect(view!.data).toMatchObject({ url: '/store/print', collectionId: 'c2', itemId: 'i2' });
    context.remove();
    document.cookie = 'ss_cookieAllowed=; path=/; max-age=0';
    stop();
  });

  it('a tracker that starts late (its chunk, or consent) knows the contexts of the pages swapped in before it', async () => {
    const context = Object.assign(document.createElement('script'), { type: 'application/json', id: 'site-context' });
    context.textContent = JSON.stringify({ website: { id: 'w' }, env: 'prod', pageType: 50, collectionId: 'c2', itemId: 'i2' });
    const { stop, hits } = await tracked({}, async () => {
      // Turbo: the print brings its context; Back; then a link to the print again, whose script Turbo holds already.
      document.head.append(context);
      swapBody('/store/print');
      await task();
      swapBody('/first');
      await task();
      swapBody('/store/print');
      await task();
    });
    const [view] = (await hits()).filter((hit) => hit.event === 'pageView');
    expect(view!.data).toMatchObject({ url: '/store/print', collectionId: 'c2', itemId: 'i2' });
    context.remove();
    stop();
  });

  it('an address a block writes on the same path, or a swap that keeps the path, is no page view', async () => {
    const { stop, views } = await tracked();
    // The lightbox names its item in the address and adds its dialog to the body.
    history.pushState(null, '', '/first?itemId=7#slide-2');
    document.body.append(document.createElement('dialog'));
    await task();
    // Turbo shows its copy of a page, then the page as fetched: two swaps, one page view.
    swapBody('/second');
    await task();
    swapBody('/second');
    await task();
    // A part of the page swapped on the same path (hx-target).
    document.querySelector('main')!.replaceWith(document.createElement('main'));
    await task();
    expect(await views()).toEqual(['/first', '/second']);
    stop();
  });

  it('a container of the body swapped (swup) counts; a change deeper in the page, or an address alone, waits for one', async () => {
    const { stop, views } = await tracked();
    history.pushState(null, '', '/second');
    await task();
    document.querySelector('main')!.append(document.createElement('p'));
    await task();
    expect(await views()).toEqual(['/first']);
    const main = document.createElement('main');
    main.textContent = 'Second';
    document.querySelector('main')!.replaceWith(main);
    await task();
    expect(await views()).toEqual(['/first', '/second']);
    stop();
  });

  it('on the search page, the search is counted instead, as on a load', async () => {
    const { stop, hits } = await tracked();
    swapBody('/search?q=prints');
    await task();
    const last = (await hits()).at(-1)!;
    expect(last).toMatchObject({ event: 'siteSearch', data: { url: '/search', query: 'prints' } });
    stop();
  });

  it('the heartbeats go on with the new page’s address, 20 a load', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { stop, hits } = await tracked();
    const beats = async () => (await hits()).filter((hit) => hit.event === 'heartbeat');
    vi.advanceTimersByTime(30_000 * 2);
    swapBody('/second');
    await task();
    vi.advanceTimersByTime(30_000);
    expect((await beats()).map((hit) => [hit.data.url, hit.data.collectionId])).toEqual([['/first', 'c1'], ['/first', 'c1'], ['/second', null]]);
    vi.advanceTimersByTime(30_000 * 25);
    expect(await beats()).toHaveLength(20);
    stop();
  });

  it('counts nothing once stopped, nor where tracking is off (a viewer in the config area)', async () => {
    const { stop, views } = await tracked({ authenticatedAccount: { id: 'a' }, websiteRoles: { '10': true } });
    swapBody('/config/pages');
    await task();
    swapBody('/second');
    await task();
    expect(await views()).toEqual(['/first', '/second']);
    stop();
    swapBody('/third');
    await task();
    expect(await views()).toEqual(['/first', '/second']);
  });
});
