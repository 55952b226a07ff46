import { afterEach, describe, expect, it, vi } from 'vitest';
import { onRestore, watchRestores } from '../../src/platform/restore';

const transition = (type: 'pagehide' | 'pageshow', persisted: boolean) => window.dispatchEvent(new PageTransitionEvent(type, { persisted }));
const setConsentCookie = (value: string | null) => {
  document.cookie = value === null ? 'ss_cookieAllowed=; max-age=0; path=/' : `ss_cookieAllowed=${value}; path=/`;
};

afterEach(() => setConsentCookie(null));

describe('a page restored from the back/forward cache', () => {
  it('as it was left: each restore callback runs, nothing reloads', () => {
    const reload = vi.fn();
    const stop = watchRestores('ss_cookieAllowed', reload);
    const restored = vi.fn();
    const stopRestored = onRestore(restored);
    transition('pageshow', false);
    expect(restored).not.toHaveBeenCalled();
    transition('pagehide', true);
    transition('pageshow', true);
    expect([restored.mock.calls.length, reload.mock.calls.length]).toEqual([1, 0]);
    setConsentCookie('true');
    transition('pagehide', true);
    transition('pageshow', true);
    expect([restored.mock.calls.length, reload.mock.calls.length]).toEqual([2, 0]);
    stopRestored();
    transition('pagehide', true);
    transition('pageshow', true);
    expect(restored).toHaveBeenCalledTimes(2);
    stop();
  });

  it('after the visitor answered the cookie banner elsewhere: reloads, and tells no service', () => {
    const reload = vi.fn();
    const stop = watchRestores('ss_cookieAllowed', reload);
    const restored = vi.fn();
    onRestore(restored);
    transition('pagehide', true);
    setConsentCookie('false');
    transition('pageshow', true);
    expect([restored.mock.calls.length, reload.mock.calls.length]).toEqual([0, 1]);
    // The answer changed again (declined, then accepted): reloads again.
    transition('pagehide', true);
    setConsentCookie('true');
    transition('pageshow', true);
    expect(reload).toHaveBeenCalledTimes(2);
    stop();
  });

  it('stops watching when the runtime is destroyed', () => {
    const reload = vi.fn();
    const restored = vi.fn();
    watchRestores('ss_cookieAllowed', reload)();
    onRestore(restored);
    transition('pagehide', true);
    setConsentCookie('true');
    transition('pageshow', true);
    expect([restored.mock.calls.length, reload.mock.calls.length]).toEqual([0, 0]);
  });
});
