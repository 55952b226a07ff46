/**
 * `SiteRuntime.api.request`: the data layer for theme code, where a cart call is treated as the
 * runtime's own are: it names the kept cart (a page on another site, net/kept-cart.ts), and its
 * answer is told to the page (`site:cart`: the cart's count follows a theme's own Add to cart).
 */
import { CART_API, cartAnswered, cartHeaders } from './kept-cart';
import { request as dataRequest, type RequestOptions } from './request';

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { pathname } = new URL(path, location.href);
  if (pathname !== CART_API && !pathname.startsWith(`${CART_API}/`)) return dataRequest<T>(path, options);
  const answer = await dataRequest<T>(path, { ...options, headers: { ...cartHeaders(), ...options.headers } });
  cartAnswered(answer);
  return answer;
}
