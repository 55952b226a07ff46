import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterLogoutUrl, configUrl, isLocalhost, shouldRedirectOwner, type RedirectFacts } from '../../../contract/owner/rules';
import { onEscape, setGeneralEscape } from '../../src/platform/escape';

const owner: RedirectFacts = {
  authenticatedAccount: { id: 'a1' },
  websiteSettings: {},
  developerMode: false,
  cloneable: false,
  websiteRoles: { 1: true },
  topFrame: true,
  hostname: '127.0.0.1',
  noRedirect: false,
};

describe('owner redirect (part 1 §6, part 2 §2)', () => {
  it('sends an owner to the config area', () => {
    expect(shouldRedirectOwner(owner)).toBe(true);
    expect(shouldRedirectOwner({ ...owner, websiteRoles: { 4: true, 10: true } })).toBe(true);
  });
  it.each([
    ['anonymous', { authenticatedAccount: null }],
    ['no website settings', { websiteSettings: null }],
    ['developer mode', { developerMode: true }],
    ['cloneable', { cloneable: true }],
    ['inside a frame', { topFrame: false }],
    ['a viewer only', { websiteRoles: { 10: true } }],
    ['noredirect', { noRedirect: true }],
    ['localhost', { hostname: 'localhost' }],
    ['a *.localhost host', { hostname: 'shop.localhost' }],
  ] as Array<[string, Partial<RedirectFacts>]>)('not %s', (_name, change) => {
    expect(shouldRedirectOwner({ ...owner, ...change })).toBe(false);
  });
  it('builds the config and logout addresses', () => {
    expect(configUrl('/faq?x=1&y=2')).toBe('/config/?frameUrl=%2Ffaq%3Fx%3D1%26y%3D2');
    expect(afterLogoutUrl()).toBe('/?logout=true');
    expect(afterLogoutUrl('/shop?x=1#top')).toBe('/shop?x=1&logout=true#top');
    expect(isLocalhost('localhost.example.com')).toBe(false);
  });
});

describe('the Escape stack (part 2 §2)', () => {
  afterEach(() => setGeneralEscape(null));
  const escape = (shiftKey = false) => {
    const event = new KeyboardEvent('keydown', { key: 'Escape', shiftKey, bubbles: true, cancelable: true });
    document.body.dispatchEvent(event);
    return event;
  };

  it('closes the most recently registered target first, then falls to the general behaviour', () => {
    const closed: string[] = [];
    const general = vi.fn();
    setGeneralEscape(general);
    const offDialog = onEscape(() => closed.push('dialog'));
    const offLightbox = onEscape(() => closed.push('lightbox'));
    expect(escape().defaultPrevented).toBe(true);
    expect(closed).toEqual(['lightbox']);
    offLightbox();
    escape();
    expect(closed).toEqual(['lightbox', 'dialog']);
    offDialog();
    expect(escape().defaultPrevented).toBe(false);
    expect(general).toHaveBeenCalledTimes(1);
  });

  it('Shift+Escape always goes to the general behaviour', () => {
    const general = vi.fn();
    setGeneralEscape(general);
    const close = vi.fn();
    const off = onEscape(close);
    escape(true);
    expect(close).not.toHaveBeenCalled();
    expect(general).toHaveBeenCalledWith(expect.objectContaining({ shiftKey: true }));
    off();
  });
});
