/**
 * Page-type behaviour (ARCHITECTURE `pages/`): each page's code is a chunk loaded only where
 * the page needs it: the logout notice (logout=true), the review request page (page type
 * 209), the full-page cart (#sqs-cart-root), member sign-in and sign-out (the member access
 * root, or a `data-member-sign-out` button), and the owner tools. Each import takes a turn
 * (core/chunk.ts withChunk): starting one costs milliseconds of its own.
 */
import type { PageContext } from '../../../contract/context/types';
import { CART_ROOT_ID, MEMBER_ACCESS_ROOT_ID, PageType } from '../../../contract/model/page-types';
import { withChunk } from '../core/chunk';
import type { Teardown } from '../platform/events';
import { teardowns } from '../platform/lifetime';
import type { DialogOptions, DialogResult } from '../ui/dialog';

type Alert = (options: DialogOptions) => Promise<DialogResult>;

/** Spec part 1 §8: a cart bundle that fails to load is logged with this, then thrown. */
export const CART_BUNDLE_FAILED = 'Failed to load cart page bundle';

/**
 * Answers the teardown of what outlives the page's own content: the owner tools' Escape and
 * outlines (a dialog closes by itself: ui/modal). The page chunks' listeners are on the content
 * they render, and stay with it.
 */
export function startPages(context: Readonly<PageContext>, alert: Alert): Teardown {
  const stops = teardowns();
  const run = (load: () => Promise<{ start(context: Readonly<PageContext>, alert: Alert): unknown }>, failure: string) =>
    withChunk(load, (m) => m.start(context, alert), failure);
  if (new URLSearchParams(location.search).get('logout') === 'true') run(() => import('./logout'), 'Logout notice failed');
  if (context.pageType === PageType.REVIEWS_REQUEST) run(() => import('./review/index'), 'Review page failed');
  if (document.getElementById(CART_ROOT_ID)) run(() => import('./cart/index'), CART_BUNDLE_FAILED);
  if (document.getElementById(MEMBER_ACCESS_ROOT_ID) || document.querySelector('[data-member-sign-out]')) run(() => import('./member-access/index'), 'Member sign-in failed');
  // Owner redirect, Escape and logout: for a signed-in account, Escape-to-login sites, and
  // pages inside a frame (the config app's, perhaps).
  if (context.authenticatedAccount || context.websiteSettings.useEscapeKeyToLogin === true || window.top !== window) {
    void withChunk(() => import('../owner/index'), (m) => stops.add(m.startOwner(context)), 'Owner tools failed');
  }
  return stops.stop;
}
