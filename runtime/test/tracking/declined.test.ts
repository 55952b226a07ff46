import { afterEach, describe, expect, it, vi } from 'vitest';
import { setConsent } from '../../src/core/consent';
import { MEDIA_PLAY_EVENT } from '../../src/platform/media-events';
import { tracked } from './tracked';

const restrictive = { isRestrictiveCookiePolicyEnabled: true, isCookieBannerEnabled: true };

/** What a visitor does on the page that tracking could count: a video, an add to cart, 30 s, another page. */
function act(path: string): void {
  document.querySelector('main')!.dispatchEvent(new CustomEvent(MEDIA_PLAY_EVENT, { bubbles: true, detail: { kind: 'video', provider: 'youtube', url: 'https://youtu.be/x' } }));
  document.dispatchEvent(new CustomEvent('site:track', { detail: { event: 'add_to_cart' } }));
  vi.advanceTimersByTime(30_000);
  history.pushState(null, '', path);
  document.body.innerHTML = `<main>${path}</main>`;
}
const task = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('a visitor who declines after accepting (SiteRuntime.consent.decline())', () => {
  afterEach(() => {
    vi.useRealTimers();
    document.cookie = 'ss_cookieAllowed=; path=/; max-age=0';
    history.replaceState(null, '', '/');
  });

  it('is tracked no further on the page: no heartbeat, media hit, third-party pixel, page view or visitor cookie; accepting again goes on', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    setConsent(true);
    const { stop, hits } = await tracked({ cookieSettings: restrictive });
    const pixels = vi.fn();
    document.addEventListener('site:pixel', pixels);
    const events = async () => (await hits()).map((hit) => `${hit.event} ${String(hit.data.url)}`);

    act('/second');
    await task();
    expect(await events()).toEqual(['pageView /first', 'video /first', 'heartbeat /first', 'pageView /second']);
    expect(pixels).toHaveBeenCalledTimes(1);

    setConsent(false);
    document.cookie = 'ss_cvr=; path=/; max-age=0'; // as the consent service clears it
    act('/third');
    await task();
    vi.advanceTimersByTime(30_000 * 3);
    expect(await events()).toHaveLength(4);
    expect(pixels).toHaveBeenCalledTimes(1);
    expect(document.cookie).not.toContain('ss_cvr=');

    setConsent(true);
    vi.advanceTimersByTime(30_000);
    expect((await events()).slice(4)).toEqual(['heartbeat /third']);
    document.removeEventListener('site:pixel', pixels);
    stop();
  });
});
