import { describe, expect, it, vi } from 'vitest';
import { LOGOUT_MESSAGE, LOGOUT_TITLE, showLogoutNotice } from '../../src/pages/logout';

describe('logout=true', () => {
  it('shows the Logout Successful alert and removes the parameter', async () => {
    history.replaceState(null, '', '/shop?logout=true&x=1#top');
    const alert = vi.fn(() => Promise.resolve('confirm' as const));
    await showLogoutNotice(alert);
    expect(alert).toHaveBeenCalledWith({ title: LOGOUT_TITLE, message: LOGOUT_MESSAGE });
    expect(LOGOUT_TITLE).toBe('Logout Successful');
    expect(LOGOUT_MESSAGE).toBe('You have been successfully logged out');
    expect(location.pathname + location.search + location.hash).toBe('/shop?x=1#top');
  });

  it("removes it on a page whose <base href> names another host (the history API resolves a path against it)", async () => {
    history.replaceState(null, '', '/shop?logout=true');
    const base = document.head.appendChild(Object.assign(document.createElement('base'), { href: 'https://cdn.example/theme/' }));
    try {
      await showLogoutNotice(() => Promise.resolve('confirm' as const));
      expect(location.pathname + location.search).toBe('/shop');
    } finally {
      base.remove();
    }
  });

  it('does nothing without it', () => {
    history.replaceState(null, '', '/?logout=false');
    const alert = vi.fn();
    expect(showLogoutNotice(alert)).toBeNull();
    expect(alert).not.toHaveBeenCalled();
  });
});
