import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ownerGet, ownerPut, setSessionRenewal, signIn } from '../src/owner-api';
import { UNABLE_TO_CONNECT } from '../../contract/model/editor-messages';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
let answers: Array<() => Response | Promise<Response>>;
let asked: Array<{ url: string; method: string; body: unknown }>;

beforeEach(() => {
  answers = [];
  asked = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    asked.push({ url, method: init.method ?? 'GET', body: init.body === undefined ? undefined : JSON.parse(String(init.body)) });
    const next = answers.shift();
    if (!next) throw new Error(`no answer for ${url}`);
    return Promise.resolve().then(next);
  });
  document.cookie = 'crumb=abc; path=/';
});
afterEach(() => vi.unstubAllGlobals());

describe('owner API calls', () => {
  it('carry the crumb and ask once more after a crumbFail', async () => {
    answers.push(() => json(403, { crumbFail: true, crumb: 'new' }), () => json(200, { saved: true }));
    await expect(ownerPut('/api/owner/announcement', { text: 'x' })).resolves.toEqual({ saved: true });
    expect(asked.map((a) => a.url)).toEqual(['/api/owner/announcement?crumb=abc', '/api/owner/announcement?crumb=abc']);
    expect(asked[1]!.body).toEqual({ text: 'x' });
  });

  it("say the spec's editing message when the network fails, not the browser's", async () => {
    answers.push(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(ownerGet('/api/owner/plan')).rejects.toThrow(new Error(UNABLE_TO_CONNECT));
  });

  it("give the server's reason for a 401 when the app has no way to sign in again", async () => {
    answers.push(() => json(401, { error: 'Sign in to see this.' }));
    await expect(ownerGet('/api/owner/plan')).rejects.toThrow('Sign in to see this.');
  });

  describe('after the session ended', () => {
    let renewals = 0;
    let signsIn = true;
    let release: () => void = () => {};
    let removeRenewal: () => void;
    beforeEach(() => {
      renewals = 0;
      signsIn = true;
      removeRenewal = setSessionRenewal(() => {
        renewals += 1;
        return new Promise((resolve) => (release = () => resolve(signsIn)));
      });
    });
    afterEach(() => removeRenewal());

    it('wait for the owner to sign in again, then make the same call once more', async () => {
      answers.push(() => json(401, { error: 'Sign in to see this.' }), () => json(200, { saved: true }));
      const saved = ownerPut('/api/owner/announcement', { text: 'kept' });
      await vi.waitFor(() => expect(renewals).toBe(1));
      expect(asked).toHaveLength(1);
      release();
      await expect(saved).resolves.toEqual({ saved: true });
      expect(asked.map((a) => [a.method, a.body])).toEqual([
        ['PUT', { text: 'kept' }],
        ['PUT', { text: 'kept' }],
      ]);
    });

    it('share one sign-in between the calls that met the ended session', async () => {
      answers.push(() => json(401, {}), () => json(401, {}), () => json(200, { a: 1 }), () => json(200, { a: 1 }));
      const both = Promise.all([ownerGet('/api/owner/plan'), ownerGet('/api/owner/errors')]);
      await vi.waitFor(() => expect(asked).toHaveLength(2));
      await vi.waitFor(() => expect(renewals).toBe(1));
      release();
      await expect(both).resolves.toEqual([{ a: 1 }, { a: 1 }]);
      expect(renewals).toBe(1);
    });

    it("fail with the server's reason when the owner declines, and ask only once per call", async () => {
      answers.push(() => json(401, { error: 'Sign in to see this.' }));
      signsIn = false;
      const saved = ownerPut('/api/owner/announcement', {});
      await vi.waitFor(() => expect(renewals).toBe(1));
      release();
      await expect(saved).rejects.toThrow('Sign in to see this.');

      // Signed in, but still refused (another account, say): no second dialog for the same call.
      signsIn = true;
      answers.push(() => json(401, { error: 'Sign in to see this.' }), () => json(401, { error: 'Sign in to see this.' }));
      const again = ownerPut('/api/owner/announcement', {});
      await vi.waitFor(() => expect(renewals).toBe(2));
      release();
      await expect(again).rejects.toThrow('Sign in to see this.');
      expect(renewals).toBe(2);
    });
  });
});

describe('signIn', () => {
  it('posts the email and password and reports the answer', async () => {
    answers.push(() => json(200, { ok: true }), () => json(401, { error: 'Wrong email or password.' }), () => json(429, {}));
    await expect(signIn('o@x.test', 'pw')).resolves.toEqual({ ok: true });
    expect(asked[0]).toEqual({ url: '/api/auth/Login?crumb=abc', method: 'POST', body: { email: 'o@x.test', password: 'pw' } });
    await expect(signIn('o@x.test', 'bad')).resolves.toEqual({ ok: false, error: 'Wrong email or password.' });
    await expect(signIn('o@x.test', 'bad')).resolves.toEqual({ ok: false, error: 'Sign-in failed (HTTP 429).' });
  });
});
