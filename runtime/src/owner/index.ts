/**
 * The owner chunk (spec part 1 §2, §6; part 2 §2): loaded only for a signed-in account, a site
 * with useEscapeKeyToLogin, or a page inside a frame. Owner redirect, the general Escape
 * behaviour and Shift+Escape logout, key forwarding and block outlines in the config frame.
 */
import type { PageContext } from '../../../contract/context/types';
import type { Teardown } from '../platform/events';
import { serverPageUrl } from '../net/api-base';
import { setGeneralEscape } from '../platform/escape';
import { reportError } from '../platform/report';
import { safeStorage } from '../platform/storage';
import { configParent, forwardKey, trackBlocks } from './frame';
import { logout } from './logout';
import { NO_REDIRECT_KEY, NO_REDIRECT_PARAM, configUrl, shouldRedirectOwner } from '../../../contract/owner/rules';

/** A sign-up dialog another script may show (`data-signup-dialog`); Escape cancels it. */
const SIGNUP_DIALOG = '[data-signup-dialog]:not([hidden])';

export function startOwner(context: Readonly<PageContext>): Teardown {
  const here = location.pathname + location.search;
  const session = safeStorage('session');
  if (new URLSearchParams(location.search).has(NO_REDIRECT_PARAM)) session.set(NO_REDIRECT_KEY, 'true');
  const signedIn = !!context.authenticatedAccount;

  if (
    shouldRedirectOwner({
      authenticatedAccount: context.authenticatedAccount,
      websiteSettings: context.websiteSettings,
      developerMode: context.website.developerMode,
      cloneable: context.website.cloneable,
      websiteRoles: context.websiteRoles,
      topFrame: window.top === window,
      hostname: location.hostname,
      noRedirect: session.get(NO_REDIRECT_KEY) === 'true',
    })
  ) {
    location.replace(serverPageUrl(configUrl(here)));
    return () => undefined;
  }

  const stopEscape = () => setGeneralEscape(null);
  const parent = configParent();
  if (parent) {
    setGeneralEscape((event) => forwardKey(parent, event));
    const stopOutlines = signedIn ? trackBlocks() : () => undefined;
    return () => {
      stopOutlines();
      stopEscape();
    };
  }

  setGeneralEscape((event) => {
    if (signedIn) {
      if (event.shiftKey) logout().catch((error: unknown) => reportError(error, 'Logout failed'));
      else location.assign(serverPageUrl(configUrl(here)));
      return;
    }
    if (event.shiftKey || context.websiteSettings.useEscapeKeyToLogin !== true) return;
    const signup = document.querySelector<HTMLElement>(SIGNUP_DIALOG);
    if (signup) {
      signup.hidden = true;
      return;
    }
    // Login parameters without account creation, then back to the config area: both on the site
    // server, which is not the page's host for a theme on a static host (data-api-base).
    location.assign(serverPageUrl(`/login?allowAccountCreation=false&next=${encodeURIComponent(configUrl(here))}`));
  });
  return stopEscape;
}
