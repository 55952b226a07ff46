import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_COOKIE, consentState, embedsAllowed, gateEmbed, setConsent } from '../../src/core/consent';
import { defaultContext } from '../../src/context/read';

// jsdom loads no stylesheets: the placeholder would wait for blocks.css until its time-out.
vi.mock('../../src/platform/assets', () => ({ assetUrl: (file: string) => file, loadStylesheet: () => Promise.resolve() }));

const restrictive = { ...defaultContext().cookieSettings, isRestrictiveCookiePolicyEnabled: true, isCookieBannerEnabled: true };
const MAP = { provider: 'Google Maps', what: 'map' } as const;

function host() {
  const element = document.createElement('div');
  const caption = document.createElement('p');
  element.append(caption);
  document.body.append(element);
  return { element, caption };
}
const placeholder = (element: Element) => element.querySelector<HTMLElement>('.site-embed-gate');
const button = (element: Element, name: string) => Array.from(element.querySelectorAll('button')).find((b) => b.textContent === name)!;

afterEach(() => {
  document.cookie = `${CONSENT_COOKIE}=; max-age=0; path=/`;
  document.body.innerHTML = '';
});

describe('the consent gate for third-party embeds', () => {
  it('starts at once where the policy allows embeds, or the visitor has accepted', () => {
    const start = vi.fn();
    gateEmbed(defaultContext().cookieSettings, host().element, MAP, start);
    expect(start).toHaveBeenCalledOnce();
    setConsent(true);
    expect(embedsAllowed(restrictive)).toBe(true);
    gateEmbed(restrictive, host().element, MAP, start);
    expect(start).toHaveBeenCalledTimes(2);
  });

  it('under a restrictive policy without consent: a placeholder naming the provider; one embed loads on its own button, consent unchanged', async () => {
    const { element, caption } = host();
    const start = vi.fn();
    gateEmbed(restrictive, element, MAP, start);
    await vi.waitFor(() => expect(placeholder(element)).not.toBeNull());
    const box = placeholder(element)!;
    expect(box.nextSibling).toBe(caption); // first in the block, where the map's box will go
    expect(box.getAttribute('role')).toBe('group');
    expect(box.getAttribute('aria-label')).toBe('Google Maps map');
    expect(box.textContent).toContain('This map comes from Google Maps. Loading it sends Google Maps your IP address and browser details, and Google Maps may set cookies.');
    expect(start).not.toHaveBeenCalled();
    button(element, 'Load the map').click();
    expect(start).toHaveBeenCalledOnce();
    expect(placeholder(element)).toBeNull();
    expect(consentState()).toBeNull();
  });

  it('"Allow all embeds" is the banner\'s accept: every waiting embed starts, and later ones start at once', async () => {
    const first = host();
    const second = host();
    const starts = [vi.fn(), vi.fn()];
    gateEmbed(restrictive, first.element, MAP, starts[0]!);
    gateEmbed(restrictive, second.element, { provider: 'YouTube', what: 'video' }, starts[1]!);
    await vi.waitFor(() => expect(placeholder(second.element)).not.toBeNull());
    button(first.element, 'Allow all embeds').click();
    expect(consentState()).toBe(true);
    expect(starts.map((start) => start.mock.calls.length)).toEqual([1, 1]);
    expect(document.querySelectorAll('.site-embed-gate')).toHaveLength(0);
    const later = vi.fn();
    gateEmbed(restrictive, host().element, MAP, later);
    expect(later).toHaveBeenCalledOnce();
  });

  it('declined: the placeholder stays, and the one-off load still works', async () => {
    setConsent(false);
    const { element } = host();
    const start = vi.fn();
    gateEmbed(restrictive, element, MAP, start);
    await vi.waitFor(() => expect(placeholder(element)).not.toBeNull());
    setConsent(false);
    expect(placeholder(element)).not.toBeNull();
    button(element, 'Load the map').click();
    expect(start).toHaveBeenCalledOnce();
  });

  it('a block destroyed while it waits leaves nothing and never starts', async () => {
    const { element } = host();
    const start = vi.fn();
    const stop = gateEmbed(restrictive, element, MAP, start);
    await vi.waitFor(() => expect(placeholder(element)).not.toBeNull());
    stop();
    expect(placeholder(element)).toBeNull();
    setConsent(true);
    expect(start).not.toHaveBeenCalled();
    // Torn down before its chunk arrived: it never shows.
    const early = host();
    gateEmbed(restrictive, early.element, MAP, start)();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(placeholder(early.element)).toBeNull();
  });
});
