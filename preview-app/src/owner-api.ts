/**
 * Calls to the owner API with the crumb, as every API call must carry it; one retry on
 * crumbFail (the server sets a fresh crumb cookie with that answer). The crumb's names and
 * rules are the contract's, as the runtime's data layer uses them.
 */
import { CRUMB_PARAM, crumbFrom, isCrumbFail } from '../../contract/crumb';

export const crumb = (): string => crumbFrom(document.cookie);

async function call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body: unknown, retried: boolean): Promise<T> {
  const response = await fetch(`${path}${path.includes('?') ? '&' : '?'}${CRUMB_PARAM}=${encodeURIComponent(crumb())}`, {
    method,
    credentials: 'same-origin',
    headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => ({}))) as T & { error?: string };
  if (isCrumbFail(answer) && !retried) return call<T>(method, path, body, true);
  if (!response.ok) throw new Error(answer.error ?? `HTTP ${response.status}`);
  return answer;
}

export const ownerGet = <T>(path: string) => call<T>('GET', path, undefined, false);
export const ownerPost = <T>(path: string, body: unknown = {}) => call<T>('POST', path, body, false);
export const ownerPut = <T>(path: string, body: unknown) => call<T>('PUT', path, body, false);
export const ownerDelete = <T>(path: string) => call<T>('DELETE', path, undefined, false);
