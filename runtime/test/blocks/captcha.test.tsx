import { webcrypto } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import type { Challenge, Solution } from 'altcha-lib/types';
import formBlock from '../../src/blocks/form/index';
import { defaultContext } from '../../src/context/read';
import { CAPTCHA_LIFETIME_S } from '../../../contract/model/forms/captcha';

// jsdom loads no stylesheets: the block would wait for form.css until its time-out.
vi.mock('../../src/platform/assets', () => ({ assetUrl: (file: string) => file, loadStylesheet: () => Promise.resolve() }));

const SECRET = 'captcha test secret';
/** A signed challenge as the server makes it, with little work (the answer is counter 40). */
const challenge = () => createChallenge({ algorithm: 'SHA-256', cost: 1, counter: 40, deriveKey, hmacSignatureSecret: SECRET, expiresAt: Math.floor(Date.now() / 1000) + CAPTCHA_LIFETIME_S });

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The site's API as the form meets it: the challenge answered by `challengeAnswer`, the form key, and the save call, whose bodies are kept. */
function serve(challengeAnswer: () => Promise<Response>) {
  const asked: string[] = [];
  const saved: Array<{ captchaKey?: string }> = [];
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    const path = new URL(String(url)).pathname;
    asked.push(path);
    if (path === '/api/form/captcha/challenge') return challengeAnswer();
    if (path === '/api/form/FormSubmissionKey') return Promise.resolve(json({ key: 'key-1' }));
    if (path === '/api/form/SaveFormSubmission') saved.push(JSON.parse(String(init?.body)) as { captchaKey?: string });
    return Promise.resolve(json({}));
  });
  return { asked, saved };
}

async function captchaForm() {
  const element = document.createElement('div');
  element.setAttribute('data-block-type', 'form');
  document.body.appendChild(element);
  const instance = await formBlock.mount(element, { id: 'c', config: { formId: 'c', captcha: true, fields: [{ id: 'n', type: 'text', title: 'Name' }] }, page: defaultContext() });
  const box = element.querySelector<HTMLInputElement>('.site-form-captcha input[type="checkbox"]')!;
  const status = () => element.querySelector('.site-form-captcha [role="status"]')!.textContent;
  const general = () => element.querySelector('.site-form-general')!.textContent;
  const submit = () => element.querySelector('form')!.requestSubmit();
  return { element, box, status, general, submit, tick: () => box.click(), destroy: () => (instance.destroy(), element.remove()) };
}

// jsdom's window has no Web Crypto; the browser's is Node's.
beforeEach(() => vi.stubGlobal('crypto', webcrypto));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('captcha', () => {
  it('is a labelled native checkbox, there with the form; nothing is fetched until the visitor ticks it, and a submit before says so', async () => {
    const { asked, saved } = serve(() => challenge().then((issued) => json(issued)));
    const { element, box, status, general, submit, destroy } = await captchaForm();
    expect(element.querySelector(`label[for="${box.id}"]`)!.textContent).toBe("I'm not a robot");
    expect(box.checked).toBe(false);
    expect(box.getAttribute('aria-describedby')).toBe(`${box.id}-status`);
    expect(status()).toBe('');
    submit();
    await vi.waitFor(() => expect(general()).toBe('Complete CAPTCHA before submitting.'));
    expect(asked.filter((path) => path.includes('/captcha/'))).toEqual([]);
    expect(saved).toEqual([]);
    destroy();
  });

  it('ticked, it fetches the challenge and solves it: Verified is read out, and the form sends an answer the server-side check accepts', async () => {
    const issued = await challenge();
    let answer = (_: Response) => {};
    const { asked, saved } = serve(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { box, status, submit, tick, destroy } = await captchaForm();
    tick();
    expect(box.checked).toBe(true);
    await vi.waitFor(() => expect(status()).toBe('Verifying...'));
    answer(json(issued));
    await vi.waitFor(() => expect(status()).toBe('Verified'));
    expect(asked.filter((path) => path === '/api/form/captcha/challenge')).toHaveLength(1);
    submit();
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    const sent = JSON.parse(atob(saved[0]!.captchaKey!)) as { challenge: Challenge; solution: Solution };
    expect(sent.solution.counter).toBe(40);
    expect(await verifySolution({ challenge: sent.challenge, solution: sent.solution, deriveKey, hmacSignatureSecret: SECRET })).toMatchObject({ verified: true });
    destroy();
  });

  it('a submit pressed while it verifies waits for the answer and sends it', async () => {
    const issued = await challenge();
    let answer = (_: Response) => {};
    const { saved } = serve(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { status, general, submit, tick, destroy } = await captchaForm();
    tick();
    await vi.waitFor(() => expect(status()).toBe('Verifying...'));
    submit();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(saved).toEqual([]);
    expect(general()).toBe('');
    answer(json(issued));
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.captchaKey).toMatch(/^[A-Za-z0-9+/=]{40,}$/);
    destroy();
  });

  it('unticked, its answer is dropped', async () => {
    serve(() => challenge().then((issued) => json(issued)));
    const { box, status, general, submit, tick, destroy } = await captchaForm();
    tick();
    await vi.waitFor(() => expect(status()).toBe('Verified'));
    tick();
    expect(box.checked).toBe(false);
    await vi.waitFor(() => expect(status()).toBe(''));
    submit();
    await vi.waitFor(() => expect(general()).toBe('Complete CAPTCHA before submitting.'));
    destroy();
  });

  it('a challenge call that fails says so in its place, not in the error overlay, and a new tick tries again', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let answer: () => Promise<Response> = () => Promise.resolve(json({ error: 'Down.' }, 503));
    serve(() => answer());
    const { box, status, tick, destroy } = await captchaForm();
    tick();
    await vi.waitFor(() => expect(status()).toBe('Verification failed. Try again later.'), { timeout: 3000 });
    expect(box.checked).toBe(false);
    expect(consoleError.mock.calls.some(([message]) => message === 'The captcha could not be verified.')).toBe(true);
    // The data layer's overlay takes a moment to load: give it one.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(document.querySelector('[role="alertdialog"]')).toBeNull();
    const issued = await challenge();
    answer = () => Promise.resolve(json(issued));
    tick();
    await vi.waitFor(() => expect(status()).toBe('Verified'));
    destroy();
  });

  it("an answer expires before the server would refuse it, counted from its arrival and not by the visitor's clock", async () => {
    // The visitor's clock is a day behind: the challenge's own expiresAt means nothing to it.
    const issued = await challenge();
    const { saved } = serve(() => Promise.resolve(json(issued)));
    const { status, general, box, submit, tick, destroy } = await captchaForm();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: Date.now() - 86_400_000 });
    tick();
    await vi.waitFor(() => expect(status()).toBe('Verified'));
    vi.advanceTimersByTime(CAPTCHA_LIFETIME_S * 1000 - 60_000);
    expect(status()).toBe('Verified');
    vi.advanceTimersByTime(60_000);
    await vi.waitFor(() => expect(status()).toBe('Verification expired. Try again.'));
    expect(box.checked).toBe(false);
    vi.useRealTimers();
    submit();
    await vi.waitFor(() => expect(general()).toBe('Complete CAPTCHA before submitting.'));
    expect(saved).toEqual([]);
    destroy();
  });
});
