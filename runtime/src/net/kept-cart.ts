/**
 * The visitor's cart as the page knows it. Every cart answer passes here: it fires `site:cart`
 * on the document (detail: the cart's `totalQuantity`), which the cart's count in a theme's
 * header and theme code follow. With the API on another origin the page also keeps the cart's
 * token: the server's cart cookie is SameSite=Lax, and a browser keeps no such cookie from
 * another site's call, so the token goes in localStorage (with the API's origin), is named on
 * each cart call and handed to the server's checkout page (contract/commerce/routes.ts). On the
 * API's own origin the cookie does that and nothing is kept.
 */
import { CART_COOKIE, CART_TOKEN_HEADER, checkoutUrl } from '../../../contract/commerce/routes';
import { readCookie } from '../platform/cookies';
import { dispatch } from '../platform/events';
import { safeStorage } from '../platform/storage';
import { apiBase, serverPageUrl } from './api-base';
import { request, type RequestOptions } from './request';
import type * as Paths from '../../../contract/api/paths';

export const CART_KEY = 'ss-cart';
/** The cart's API path, for the cart page and the cart's count. */
export const CART_API: typeof Paths.CART_PATH = '/api/commerce/cart';
/** Fired on the document after every cart answer; its detail is `{ totalQuantity }`. */
export const CART_EVENT = 'site:cart';

const keeping = () => apiBase() !== location.origin;

function keptToken(): string | undefined {
  if (!keeping()) return undefined;
  try {
    const kept = JSON.parse(safeStorage('local').get(CART_KEY) ?? 'null') as { api?: unknown; token?: unknown } | null;
    // A cart of another server (the theme moved its API) is not this one's.
    return kept?.api === apiBase() && typeof kept.token === 'string' && /^[\w-]{1,64}$/.test(kept.token) ? kept.token : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the visitor has a cart this page can name: else it holds nothing, and there is no need to ask. */
export const cartKnown = (): boolean => (keeping() ? keptToken() !== undefined : !!readCookie(CART_COOKIE));

/** The count of the last cart answer, for a count that starts after it came (its `site:cart` gone by). */
export let lastTotalQuantity: number | undefined;

/** Tells the page what a cart answer holds, and keeps its cart (forgotten once bought, expired or gone). */
export function cartAnswered(answer: unknown): void {
  const { id, isPurchased, totalQuantity } = (answer ?? {}) as { id?: unknown; isPurchased?: unknown; totalQuantity?: unknown };
  const open = typeof id === 'string' && id !== '' && isPurchased !== true;
  if (keeping()) {
    const store = safeStorage('local');
    if (open) store.set(CART_KEY, JSON.stringify({ api: apiBase(), token: id }));
    else store.remove(CART_KEY);
  }
  lastTotalQuantity = open && typeof totalQuantity === 'number' ? totalQuantity : 0;
  dispatch(document, CART_EVENT, { totalQuantity: lastTotalQuantity });
}

/** A cart call: it names the kept cart (none on the API's own origin), and its answer is told to the page. */
export async function cartRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = keptToken();
  const answer = await request<T>(path, { ...options, headers: { ...(token ? { [CART_TOKEN_HEADER]: token } : {}), ...options.headers } });
  cartAnswered(answer);
  return answer;
}

/** The server's checkout page, handed the kept cart when there is one. */
export const checkoutPageUrl = (): string => serverPageUrl(checkoutUrl(keptToken()));
