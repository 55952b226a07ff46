/**
 * `SiteRuntime.api.request`: the data layer for theme code, where a cart call is treated as the
 * runtime's own are (net/kept-cart.ts: the kept cart named on a page of another site, the
 * answer told to the page, so the cart's count follows a theme's own Add to cart).
 */
import { CART_API, cartRequest } from './kept-cart';
import { request as dataRequest, type RequestOptions } from './request';

export function request<T>(path: string, options?: RequestOptions): Promise<T> {
  const { pathname } = new URL(path, location.href);
  return pathname === CART_API || pathname.startsWith(`${CART_API}/`) ? cartRequest<T>(path, options) : dataRequest<T>(path, options);
}
