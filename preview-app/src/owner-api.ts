/**
 * Calls to the owner API with the crumb, as every API call must carry it; one retry on
 * crumbFail (the server sets a fresh crumb cookie with that answer). The crumb's names and
 * rules are the contract's, as the runtime's data layer uses them.
 *
 * A call that finds the session ended (401: signed out in another tab, or expired) asks the
 * app to sign the owner in again, in place, and is then made once more: what the owner was
 * saving is not lost. A network failure is the spec's editing message, not the browser's.
 */
import { CRUMB_PARAM, crumbFrom, isCrumbFail } from '../../contract/crumb';
import type * as Paths from '../../contract/api/paths';
import type * as Messages from '../../contract/model/editor-messages';

// Literals of the contract's types: importing the values would bring their whole modules into
// this chunk, which the sign-in page shares with the app.
const LOGIN_PATH: typeof Paths.LOGIN_PATH = '/api/auth/Login';
const UNABLE_TO_CONNECT: typeof Messages.UNABLE_TO_CONNECT = 'Unable to connect. Please try again';

export const crumb = (): string => crumbFrom(document.cookie);

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Asks the owner to sign in again; resolves true once they have, false if they declined. */
export type SessionRenewal = () => Promise<boolean>;

let renewal: SessionRenewal | null = null;
let pendingRenewal: Promise<boolean> | null = null;

/** The app's way of signing in again; returns its removal. Without one, a 401 is an error. */
export function setSessionRenewal(renew: SessionRenewal): () => void {
  renewal = renew;
  return () => {
    if (renewal === renew) renewal = null;
  };
}

/** Asks the owner to sign in again; calls that met the ended session together wait for one sign-in. */
export function signInAgain(): Promise<boolean> {
  if (!renewal) return Promise.resolve(false);
  pendingRenewal ??= renewal().finally(() => (pendingRenewal = null));
  return pendingRenewal;
}

/** fetch with the crumb; a crumbFail answer is asked once more with the new crumb. */
async function send(method: Method, path: string, body: unknown, retried = false): Promise<{ response: Response; answer: { error?: string } }> {
  let response: Response;
  try {
    response = await fetch(`${path}${path.includes('?') ? '&' : '?'}${CRUMB_PARAM}=${encodeURIComponent(crumb())}`, {
      method,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (cause) {
    throw new Error(UNABLE_TO_CONNECT, { cause });
  }
  const answer = (await response.json().catch(() => ({}))) as { error?: string };
  if (isCrumbFail(answer) && !retried) return send(method, path, body, true);
  return { response, answer };
}

async function call<T>(method: Method, path: string, body: unknown, renewed = false): Promise<T> {
  const { response, answer } = await send(method, path, body);
  if (response.status === 401 && !renewed && (await signInAgain())) return call<T>(method, path, body, true);
  if (!response.ok) throw new Error(answer.error ?? `HTTP ${response.status}`);
  return answer as T;
}

export const ownerGet = <T>(path: string) => call<T>('GET', path, undefined);
export const ownerPost = <T>(path: string, body: unknown = {}) => call<T>('POST', path, body);
export const ownerPut = <T>(path: string, body: unknown) => call<T>('PUT', path, body);
export const ownerDelete = <T>(path: string) => call<T>('DELETE', path, undefined);

/** POST {email, password}: ok, or the server's reason (wrong password, too many tries). */
export async function signIn(email: string, password: string): Promise<{ ok: true } | { ok: false; error: string }> {
  const { response, answer } = await send('POST', LOGIN_PATH, { email, password });
  return response.ok ? { ok: true } : { ok: false, error: answer.error ?? `Sign-in failed (HTTP ${response.status}).` };
}
