import { describe, expect, it, vi } from 'vitest';
import { SUBMIT_TIMEOUT_MS, submitForm } from '../../src/blocks/form/submit';
import { defaultContext } from '../../src/context/read';

const definition = { formId: 'contact', fields: [], captcha: false, newsletter: false };

/** A network that answers the key call and then holds the save call until it is aborted. */
function stallingSave() {
  const calls: string[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    calls.push(new URL(url).pathname);
    if (url.includes('FormSubmissionKey')) return Promise.resolve(new Response('{"key":"k1"}', { status: 200 }));
    return new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
  });
  return calls;
}

describe('submitForm', () => {
  it('gives up on a save the network holds for 30 s, with the connection message, and tries once', async () => {
    vi.useFakeTimers();
    const calls = stallingSave();
    let outcome: unknown;
    void submitForm(definition, {}, defaultContext(), { isOverlayForm: false }).then((result) => (outcome = result));
    await vi.advanceTimersByTimeAsync(SUBMIT_TIMEOUT_MS - 1);
    expect(outcome).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(SUBMIT_TIMEOUT_MS).toBe(30_000);
    expect(outcome).toMatchObject({ ok: false, message: 'Unable to connect to the product. Please try again.' });
    expect(calls).toEqual(['/api/form/FormSubmissionKey', '/api/form/SaveFormSubmission']);
  });
});
