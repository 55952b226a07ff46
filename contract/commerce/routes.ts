/**
 * Store routes of spec part 2 §2 and the cart cookie, shared by the runtime and the server.
 * Pure: no DOM, no imports.
 */
export const CHECKOUT_PATH = '/commerce/goto-checkout';
export const SUBSCRIBE_PATH = '/checkout/subscribe';
export const DONATE_PATH = '/checkout/donate';
export const GIFT_CARD_PATH = '/checkout/giftcard';
export const CART_PAGE_PATH = '/cart';

/** The cart cookie: the runtime checks for it before it sends a visitor to checkout. */
export const CART_COOKIE = 'CART';

/**
 * A page whose API is on another site cannot keep the cart cookie (SameSite=Lax: the browser
 * keeps none from another site's call). Its runtime keeps the cart's token, names it in this
 * header on each cart call, and hands it to the checkout page as `cartToken`, where the
 * server's own cookie takes it over.
 */
export const CART_TOKEN_HEADER = 'x-cart-token';

/** Part 2 §8: checkout without a cart cookie. */
export const NO_CART_MESSAGE = 'Either your session has expired or you do not have cookies enabled. We cannot continue to checkout.';

const withQuery = (path: string, query: Record<string, string | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, value);
  return `${path}?${params}`;
};

/** The checkout page; with a cart token, of that cart (a page on another site hands it over). */
export const checkoutUrl = (cartToken?: string) => (cartToken ? withQuery(CHECKOUT_PATH, { cartToken }) : CHECKOUT_PATH);

export const subscribeUrl = (cartToken: string) => withQuery(SUBSCRIBE_PATH, { cartToken });

/** `amount` (minor units) preselects a donation amount: our addition to the spec's route. */
export const donateUrl = (donatePageId: string, amount?: number) => withQuery(DONATE_PATH, { donatePageId, amount: amount === undefined ? undefined : String(amount) });

export const giftCardUrl = (websiteId: string, giftCardProductId: string, sku?: string) => withQuery(GIFT_CARD_PATH, { websiteId, giftCardProductId, sku });

/**
 * Where "Continue Shopping" goes: the site's `websiteSettings.storeSettings.continueShoppingLinkUrl`
 * when it is a path on the site (the owner's store page), else the home page. A setting that is
 * not a plain path (`javascript:`, another host, `//host`, `/\host`) is never a link.
 */
export function continueShoppingUrl(websiteSettings: { storeSettings?: { [key: string]: unknown } } | undefined): string {
  const value = websiteSettings?.storeSettings?.continueShoppingLinkUrl;
  if (typeof value !== 'string' || value.length > 2048) return '/';
  return /^\/(?![/\\])[^\s\\\u0000-\u001f\u007f]*$/.test(value) ? value : '/';
}
