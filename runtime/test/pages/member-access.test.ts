import { describe, expect, it, vi } from 'vitest';
import { memberSignInHtml } from '../../../contract/members/sign-in-markup';
import { MEMBER_ACCESS_ROOT_ID } from '../../../contract/model/page-types';
import { defaultContext } from '../../src/context/read';
import { start } from '../../src/pages/member-access/index';

const root = () => document.getElementById(MEMBER_ACCESS_ROOT_ID)!;
const NOSCRIPT = '<noscript><p>Signing in needs JavaScript.</p></noscript>';

describe('member access page', () => {
  it('adopts the sign-in form the server rendered: the same form, signing in with the API call instead of its post', async () => {
    const post = { crumb: 'c1', next: '/studio', email: 'ada@example.com', error: 'Invalid email or password.' };
    document.body.innerHTML = `<div id="${MEMBER_ACCESS_ROOT_ID}">${memberSignInHtml(undefined, post)}${NOSCRIPT}</div>`;
    const rendered = root().querySelector('form')!;
    expect(rendered.getAttribute('action')).toBe('/members/sign-in');
    const calls: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      calls.push(String(url));
      // The server's own words differ: the page words a 401 itself (in its language).
      return Promise.resolve(new Response(JSON.stringify({ error: 'Refused by server' }), { status: 401, headers: { 'content-type': 'application/json' } }));
    });
    start(defaultContext());
    expect(root().querySelectorAll('form')).toHaveLength(1);
    expect(root().querySelector('form')).toBe(rendered);
    // Taken over: no longer the server's post, which is also how a test sees the takeover.
    expect(rendered.hasAttribute('action')).toBe(false);
    (rendered.elements.namedItem('password') as HTMLInputElement).value = 'wrong';
    const submit = new Event('submit', { cancelable: true });
    rendered.dispatchEvent(submit);
    // Not posted as a form: the API call, and the server's old refusal makes room for the answer.
    expect(submit.defaultPrevented).toBe(true);
    expect(rendered.querySelector('[role="alert"]')).toBeNull();
    await vi.waitFor(() => expect(rendered.querySelector('[role="status"]')!.textContent).toBe('Invalid email or password.'));
    expect(calls[0]).toContain('/api/site-users/account/session');
    vi.unstubAllGlobals();
  });

  it('puts the form in a root that has none, labelled, with its fields named for the sign-in call', () => {
    document.body.innerHTML = `<div id="${MEMBER_ACCESS_ROOT_ID}">${NOSCRIPT}</div>`;
    start(defaultContext());
    const form = root().querySelector('form')!;
    expect(form.getAttribute('aria-label')).toBe('Member sign-in');
    // Never a GET: a password must not end up in an address.
    expect(form.method).toBe('post');
    expect(Array.from(form.querySelectorAll('input'), (input) => [input.name, input.type, input.labels![0]!.textContent])).toEqual([
      ['email', 'email', 'Email'],
      ['password', 'password', 'Password'],
      ['rememberMe', 'checkbox', 'Remember me'],
    ]);
    expect(form.querySelector('button')!.textContent).toBe('Sign in');
    expect(form.querySelector('button')!.disabled).toBe(false);
    expect(form.querySelector('[role="status"]')).not.toBeNull();
  });
});
