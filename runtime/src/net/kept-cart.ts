/**
 * The cart of a page whose API is on another origin. The server's cart cookie is SameSite=Lax,
 * and a browser keeps no such cookie from another site's call, so the page keeps the cart's
 * token itself (localStorage, with the API's origin), names it on each cart call and hands it
 * to the server's checkout page (contract/commerce/routes.ts). On the API's own origin the
 * cookie does it all and nothing is kept.
 */
import { CART_TOKEN_HEADER, checkoutUrl } from '../../../contract/commerce/routes';
import { safeStorage } from '../platform/storage';
import { apiBase, serverPageUrl } from './api-base';

export const CART_KEY = 'ss-cart';

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

/** The header naming the kept cart, for a cart call (none on the API's own origin). */
export function cartHeaders(): Record<string, string> {
  const token = keptToken();
  return token ? { [CART_TOKEN_HEADER]: token } : {};
}

/** Keeps the cart a cart answer names; forgets it once bought, expired or gone. */
export function keepCart(answer: unknown): void {
  if (!keeping()) return;
  const { id, isPurchased } = (answer ?? {}) as { id?: unknown; isPurchased?: unknown };
  const store = safeStorage('local');
  if (typeof id === 'string' && id !== '' && isPurchased !== true) store.set(CART_KEY, JSON.stringify({ api: apiBase(), token: id }));
  else store.remove(CART_KEY);
}

/** The server's checkout page, handed the kept cart when there is one. */
export const checkoutPageUrl = (): string => serverPageUrl(checkoutUrl(keptToken()));
