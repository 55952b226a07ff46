import { dispatch } from '../platform/events';
import { apiBase, apiCredentials } from './api-base';
import { renewCrumb, withCrumb } from './crumb';
import { DataError } from './data-error';
import { handleFailure, type FormErrorTarget } from './failure';
import { dataWords, NETWORK_ERROR_EVENT, unableToConnect, unparseableJson } from './messages';

/** Spec part 1 §8–9: GET retries after 200 ms, at most 3 times. */
export const RETRY_DELAY_MS = 200;
export const MAX_RETRIES = 3;
const RETRY_STATUSES = new Set([502, 503, 504]);
/** Statuses whose JSON body (error, message or billingErrorCode) is shown as it is. */
const BODY_MESSAGE_STATUSES = new Set([400, 401, 500, 502]);

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Body = Record<string, unknown>;

export interface RequestOptions {
  method?: Method;
  /** JSON body (POST, PUT), or query parameters (GET, DELETE). */
  data?: Body | unknown[];
  /** A form-encoded body instead of JSON. */
  form?: Record<string, string | number | boolean>;
  /** Accepted for compatibility: every call goes to `data-api-base` (else the page's origin) with the site's cookies. */
  secure?: boolean;
  headers?: Record<string, string>;
  /** The caller's own messages per status (forms use their own catalogue). */
  statusMessages?: Partial<Record<number, string>>;
  /** The failure handler; without one (and no dialog form) failures show the error overlay. */
  onFailure?: (error: DataError) => void;
  /** A form inside a dialog: a failure's errors map is shown on its fields. */
  dialogForm?: FormErrorTarget;
  /** Abort the call after this long; it then fails as a network failure (census: 2500 ms). */
  timeoutMs?: number;
  /** Test seam; defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Test seam for the retry delay. */
  sleep?: (ms: number) => Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const isRecord = (value: unknown): value is Body => typeof value === 'object' && value !== null && !Array.isArray(value);

function buildUrl(path: string, options: RequestOptions): URL {
  const url = new URL(path, apiBase() + '/');
  const method = options.method ?? 'GET';
  if ((method === 'GET' || method === 'DELETE') && isRecord(options.data)) {
    for (const [key, value] of Object.entries(options.data)) {
      if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
    }
  }
  return withCrumb(url);
}

function buildInit(url: URL, options: RequestOptions): RequestInit {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let body: string | undefined;
  if (options.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(Object.entries(options.form).map(([k, v]) => [k, String(v)])).toString();
  } else if ((method === 'POST' || method === 'PUT') && options.data !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.data);
  }
  return { method, headers, body, credentials: apiCredentials(url) };
}

function messageFor(status: number, body: Body | null, retries: number, options: RequestOptions) {
  const own = options.statusMessages?.[status];
  if (own) return { message: own, clean: true };
  if (BODY_MESSAGE_STATUSES.has(status) && body) {
    const text = body.error ?? body.message ?? body.billingErrorCode;
    if (text !== undefined && text !== null && text !== '') return { message: String(text), clean: true };
  }
  const words = dataWords();
  if (status === 401 || status === 403) return { message: words.unauthorized, clean: false };
  if (status === 500 || status === 501) return { message: words.internalError, clean: false };
  if (status === 503) return { message: words.unavailable, clean: false };
  return { message: unableToConnect(retries), clean: false };
}

function parseJson(text: string): unknown {
  return text.trim() === '' ? {} : JSON.parse(text);
}

/**
 * The data layer (spec part 1 §7–8): one call, its crumb, its retries and its error catalogue.
 * Resolves with the parsed JSON answer; rejects with a DataError after routing the failure.
 */
export async function request<T = Body>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const doFetch = options.fetch ?? fetch;
  const wait = options.sleep ?? sleep;
  let retries = 0;
  let crumbRetried = false;

  for (;;) {
    const url = buildUrl(path, options);
    const shown = url.pathname + url.search;
    let response: Response;
    const controller = options.timeoutMs ? new AbortController() : null;
    const timer = controller ? setTimeout(() => controller.abort(), options.timeoutMs) : undefined;
    try {
      response = await doFetch(url.toString(), { ...buildInit(url, options), signal: controller?.signal });
    } catch (cause) {
      if (method === 'GET' && retries < MAX_RETRIES) {
        retries += 1;
        await wait(RETRY_DELAY_MS);
        continue;
      }
      const error = new DataError(unableToConnect(retries), { kind: 'network', url: shown, retries });
      dispatch(document, 'site:track', { event: NETWORK_ERROR_EVENT, url: shown, message: String(cause) });
      throw handleFailure(error, options);
    } finally {
      clearTimeout(timer);
    }

    if (method === 'GET' && RETRY_STATUSES.has(response.status) && retries < MAX_RETRIES) {
      retries += 1;
      await wait(RETRY_DELAY_MS);
      continue;
    }

    const text = await response.text().catch(() => '');
    let body: unknown;
    try {
      body = parseJson(text);
    } catch (cause) {
      if (response.ok) {
        const message = unparseableJson(shown, (cause as Error).message);
        throw handleFailure(new DataError(message, { kind: 'parse', url: shown, status: response.status }), options);
      }
      body = null;
    }
    const record = isRecord(body) ? body : null;

    if (record?.crumbFail) {
      if (!crumbRetried && renewCrumb(record)) {
        crumbRetried = true;
        continue;
      }
      const error = new DataError(messageFor(response.status, record, retries, options).message, {
        kind: 'crumbFail',
        url: shown,
        status: response.status,
        body: record,
      });
      throw handleFailure(error, options);
    }
    if (record?.loginRequired) {
      throw handleFailure(new DataError(dataWords().unauthorized, { kind: 'loginRequired', url: shown, status: response.status, body: record }), options);
    }
    if (record?.authorizationFail) {
      throw handleFailure(new DataError(dataWords().unauthorized, { kind: 'authorizationFail', url: shown, status: response.status, body: record }), options);
    }

    if (!response.ok) {
      const { message, clean } = messageFor(response.status, record, retries, options);
      throw handleFailure(new DataError(message, { kind: 'status', url: shown, status: response.status, clean, retries, body: record }), options);
    }
    if (record && record.error !== undefined && record.error !== null && record.error !== false) {
      const error = new DataError(String(record.error), { kind: 'server', url: shown, status: response.status, clean: true, body: record });
      throw handleFailure(error, options);
    }
    return body as T;
  }
}
