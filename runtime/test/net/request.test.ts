import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DataError } from '../../src/net/data-error';
import { LOGIN_REQUIRED_EVENT } from '../../src/net/failure';
import { request, type RequestOptions } from '../../src/net/request';
import { showErrorOverlay } from '../../src/ui/error-overlay';

// Spec part 1 §8–9.
const RETRY_DELAY_MS = 200;
const MAX_RETRIES = 3;

vi.mock('../../src/ui/error-overlay', () => ({ showErrorOverlay: vi.fn(() => Promise.resolve('clear')) }));
const overlay = vi.mocked(showErrorOverlay);

type Answer = { status: number; body?: unknown; raw?: string } | 'network';
interface Call {
  url: URL;
  init: RequestInit;
}

/** A fetch that answers from a script, one answer per call, and records the calls. */
function scripted(...answers: Answer[]) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url: new URL(url), init });
    const answer = answers.shift() ?? { status: 200, body: {} };
    if (answer === 'network') throw new TypeError('Failed to fetch');
    const text = answer.raw ?? (answer.body === undefined ? '' : JSON.stringify(answer.body));
    return { ok: answer.status >= 200 && answer.status < 300, status: answer.status, text: async () => text } as Response;
  });
  const sleeps: number[] = [];
  const options: RequestOptions = { fetch: fetch as unknown as typeof globalThis.fetch, sleep: async (ms) => void sleeps.push(ms) };
  return { calls, sleeps, options };
}

async function failure(promise: Promise<unknown>): Promise<DataError> {
  try {
    await promise;
  } catch (error) {
    return error as DataError;
  }
  throw new Error('expected the call to fail');
}

const flushImports = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  overlay.mockClear();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('request: building the call', () => {
  it('adds the crumb cookie as a query parameter to every URL', async () => {
    document.cookie = 'crumb=abc.def; path=/';
    const { calls, options } = scripted({ status: 200, body: { ok: 1 } });
    expect(await request('/api/x?a=1', { ...options, data: { b: 2 } })).toEqual({ ok: 1 });
    expect(calls[0]!.url.searchParams.get('crumb')).toBe('abc.def');
    expect(calls[0]!.url.searchParams.get('a')).toBe('1');
    expect(calls[0]!.url.searchParams.get('b')).toBe('2');
    expect(calls[0]!.init.method).toBe('GET');
  });

  it('sends JSON bodies for POST and PUT, form-encoded ones on request', async () => {
    const { calls, options } = scripted({ status: 200 }, { status: 200 }, { status: 204 });
    await request('/api/x', { ...options, method: 'POST', data: { a: 1 } });
    await request('/api/x', { ...options, method: 'PUT', form: { event: 'e', data: '{"x":1}' } });
    await request('/api/x', { ...options, method: 'DELETE', data: { id: 7 } });
    expect(calls[0]!.init.body).toBe('{"a":1}');
    expect((calls[0]!.init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(calls[1]!.init.body).toBe('event=e&data=%7B%22x%22%3A1%7D');
    expect((calls[1]!.init.headers as Record<string, string>)['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(calls[2]!.init.method).toBe('DELETE');
    expect(calls[2]!.url.searchParams.get('id')).toBe('7');
  });

  it('sends secure calls to data-api-base with credentials', async () => {
    document.head.innerHTML = '<script data-api-base="https://api.example.com/ignored/path"></script>';
    const { calls, options } = scripted({ status: 200 });
    await request('/api/secure', { ...options, secure: true });
    expect(calls[0]!.url.origin).toBe('https://api.example.com');
    expect(calls[0]!.init.credentials).toBe('include');
  });

  it('ignores a data-api-base that is not an http(s) origin, saying so once', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    document.head.innerHTML = '<script data-api-base="javascript:alert(1)"></script>';
    const { calls, options } = scripted({ status: 200 }, { status: 200 });
    await request('/api/secure', { ...options, secure: true });
    await request('/api/other', options);
    expect(calls[0]!.url.origin).toBe(location.origin);
    expect(calls[0]!.init.credentials).toBe('same-origin');
    expect(warn.mock.calls.filter(([message]) => String(message).includes('data-api-base'))).toHaveLength(1);
  });
});

describe('request: answers', () => {
  it('fails with the verbatim message for unparseable JSON', async () => {
    const { options } = scripted({ status: 200, raw: '<html>' });
    const error = await failure(request('/api/x', options));
    expect(error.kind).toBe('parse');
    expect(error.message).toMatch(/^Internal Error: Unable to parse server response from \(\/api\/x\) as JSON: .+/);
  });

  it('treats an error field as failure, with the server words as a clean message', async () => {
    const onFailure = vi.fn();
    const { options } = scripted({ status: 200, body: { error: 'Nope.' } });
    const error = await failure(request('/api/x', { ...options, onFailure }));
    expect(error).toMatchObject({ kind: 'server', message: 'Nope.', clean: true });
    expect(onFailure).toHaveBeenCalledWith(error);
    expect(overlay).not.toHaveBeenCalled();
  });

  it.each([
    [401, 'Unauthorized request'],
    [403, 'Unauthorized request'],
    [500, 'Internal server error. Please try again later.'],
    [501, 'Internal server error. Please try again later.'],
    [503, 'This service is temporarily unavailable. Please try again later.'],
    [404, 'Unable to connect to the product. Please try again.'],
    [418, 'Unable to connect to the product. Please try again.'],
  ])('status %i → %s', async (status, message) => {
    const { options } = scripted({ status, body: {} });
    const error = await failure(request('/api/x', { ...options, method: 'POST', onFailure: () => undefined }));
    expect(error.message).toBe(message);
    expect(error.status).toBe(status);
  });

  it.each([400, 401, 500, 502])('status %i uses the body error, message or billingErrorCode', async (status) => {
    for (const body of [{ error: 'E' }, { message: 'E' }, { billingErrorCode: 'E' }]) {
      const { options } = scripted({ status, body });
      const error = await failure(request('/api/x', { ...options, method: 'POST', onFailure: () => undefined }));
      expect(error).toMatchObject({ message: 'E', clean: true });
    }
  });

  it('does not use the body for other statuses', async () => {
    const { options } = scripted({ status: 403, body: { error: 'secret detail' } });
    const error = await failure(request('/api/x', { ...options, method: 'POST', onFailure: () => undefined }));
    expect(error.message).toBe('Unauthorized request');
  });

  it("uses the caller's own status messages first", async () => {
    const { options } = scripted({ status: 404, body: { error: 'x' } });
    const error = await failure(request('/api/x', { ...options, method: 'POST', statusMessages: { 404: 'This form has not been configured yet.' }, onFailure: () => undefined }));
    expect(error.message).toBe('This form has not been configured yet.');
  });
});

describe('request: retries', () => {
  it('retries a GET after 200 ms on network failures and 502/503/504, at most 3 times', async () => {
    const { calls, sleeps, options } = scripted('network', { status: 502 }, { status: 504 }, { status: 200, body: { done: true } });
    expect(await request('/api/x', options)).toEqual({ done: true });
    expect(calls).toHaveLength(4);
    expect(sleeps).toEqual([RETRY_DELAY_MS, RETRY_DELAY_MS, RETRY_DELAY_MS]);
  });

  it('gives up after 3 retries with the retry count in the message and tracks system_network_error', async () => {
    const tracked = vi.fn();
    document.addEventListener('site:track', tracked);
    const { calls, options } = scripted('network', 'network', 'network', 'network');
    const error = await failure(request('/api/x', { ...options, onFailure: () => undefined }));
    document.removeEventListener('site:track', tracked);
    expect(calls).toHaveLength(1 + MAX_RETRIES);
    expect(error).toMatchObject({ kind: 'network', retries: 3, message: 'Unable to connect to the product. Please try again. (3 retries)' });
    expect((tracked.mock.calls[0]![0] as CustomEvent).detail).toMatchObject({ event: 'system_network_error', url: '/api/x' });
  });

  it('never retries a POST, nor a 4xx', async () => {
    const post = scripted('network');
    await failure(request('/api/x', { ...post.options, method: 'POST', onFailure: () => undefined }));
    expect(post.calls).toHaveLength(1);
    const notFound = scripted({ status: 404 });
    await failure(request('/api/x', { ...notFound.options, onFailure: () => undefined }));
    expect(notFound.calls).toHaveLength(1);
    const busyPost = scripted({ status: 503 });
    await failure(request('/api/x', { ...busyPost.options, method: 'POST', onFailure: () => undefined }));
    expect(busyPost.calls).toHaveLength(1);
  });
});

describe('request: the error catalogue', () => {
  it('crumbFail: stores the new crumb (path /) and retries once, even a POST', async () => {
    document.cookie = 'crumb=old; path=/';
    const { calls, options } = scripted({ status: 403, body: { crumbFail: true, crumb: 'fresh' } }, { status: 200, body: { saved: 1 } });
    expect(await request('/api/x', { ...options, method: 'POST', data: {} })).toEqual({ saved: 1 });
    expect(calls.map((c) => c.url.searchParams.get('crumb'))).toEqual(['old', 'fresh']);
    expect(document.cookie).toContain('crumb=fresh');
  });

  it('crumbFail twice: the second goes to the failure handler', async () => {
    const onFailure = vi.fn();
    const { calls, options } = scripted({ status: 403, body: { crumbFail: true, crumb: 'a' } }, { status: 403, body: { crumbFail: true, crumb: 'b' } });
    const error = await failure(request('/api/x', { ...options, method: 'POST', onFailure }));
    expect(calls).toHaveLength(2);
    expect(error.kind).toBe('crumbFail');
    expect(onFailure).toHaveBeenCalledOnce();
  });

  it('crumbFail with cookies disabled does not retry', async () => {
    vi.spyOn(navigator, 'cookieEnabled', 'get').mockReturnValue(false);
    const { calls, options } = scripted({ status: 403, body: { crumbFail: true, crumb: 'a' } });
    await failure(request('/api/x', { ...options, onFailure: () => undefined }));
    expect(calls).toHaveLength(1);
  });

  it('loginRequired: failure handler first, then the login-required event', async () => {
    const order: string[] = [];
    const listener = () => order.push('event');
    document.addEventListener(LOGIN_REQUIRED_EVENT, listener);
    const { options } = scripted({ status: 200, body: { loginRequired: true } });
    const error = await failure(request('/api/x', { ...options, onFailure: () => order.push('handler') }));
    document.removeEventListener(LOGIN_REQUIRED_EVENT, listener);
    expect(error.kind).toBe('loginRequired');
    expect(order).toEqual(['handler', 'event']);
    expect(overlay).not.toHaveBeenCalled();
  });

  it('authorizationFail: the system error overlay, whatever the caller gave', async () => {
    const onFailure = vi.fn();
    const { options } = scripted({ status: 200, body: { authorizationFail: true } });
    const error = await failure(request('/api/x', { ...options, onFailure }));
    await flushImports();
    expect(error.kind).toBe('authorizationFail');
    expect(onFailure).not.toHaveBeenCalled();
    expect(overlay).toHaveBeenCalledWith(error);
  });

  it('a dialog form shows the errors map on its fields instead of the overlay', async () => {
    const showErrors = vi.fn();
    const { options } = scripted({ status: 400, body: { error: 'Invalid', errors: { 'field-1': 'Required' } } });
    const error = await failure(request('/api/x', { ...options, method: 'POST', dialogForm: { showErrors } }));
    await flushImports();
    expect(error.errors).toEqual({ 'field-1': 'Required' });
    expect(showErrors).toHaveBeenCalledWith({ 'field-1': 'Required' });
    expect(overlay).not.toHaveBeenCalled();
  });

  it('without a handler or dialog form, failures show the overlay', async () => {
    const { options } = scripted({ status: 500 });
    const error = await failure(request('/api/x', { ...options, method: 'POST' }));
    await flushImports();
    expect(overlay).toHaveBeenCalledWith(error);
  });
});
