import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { reactRoot } from './react-root';
import { Account } from '../src/Account';

const view = reactRoot();

const field = (id: string) => view.container.querySelector<HTMLInputElement>(`#${id}`)!;
async function fill(id: string, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field(id), value);
    field(id).dispatchEvent(new Event('input', { bubbles: true }));
  });
}
/** The panel over `answer` (the server's answer to the change, or its refusal); the calls it made. */
async function changed(answer: () => Promise<unknown>) {
  const calls: string[] = [];
  const post = async <T,>(path: string, body?: unknown): Promise<T> => {
    calls.push(`POST ${path} ${JSON.stringify(body)}`);
    return (await answer()) as T;
  };
  const get = async <T,>(path: string): Promise<T> => {
    calls.push(`GET ${path}`);
    return { email: 'owner@example.com' } as T;
  };
  await act(async () => view.root.render(<Account post={post} get={get} />));
  await fill('current-password', 'generated-Pw1');
  await fill('new-password', 'my own passphrase');
  await act(async () => field('new-password').form!.requestSubmit());
  return calls;
}

describe('Account', () => {
  it('changes the password with the current one and says how many other sessions ended', async () => {
    const calls = await changed(async () => ({ endedSessions: 2 }));
    expect(calls).toEqual(['GET /api/owner/account', 'POST /api/owner/password {"current":"generated-Pw1","password":"my own passphrase"}']);
    // Which account, for the owner and for a password manager.
    expect(view.container.querySelector('h2 + p')!.textContent).toBe('Signed in as owner@example.com.');
    const username = view.container.querySelector<HTMLInputElement>('form input[autocomplete="username"]')!;
    expect([username.value, username.hidden, username.readOnly]).toEqual(['owner@example.com', true, true]);
    expect(view.container.querySelector('[role="status"]')!.textContent).toBe('Your password is changed. Signed out elsewhere: 2 other sessions.');
    expect(view.container.querySelector('[role="alert"]')).toBeNull();
    expect([field('current-password').value, field('new-password').value]).toEqual(['', '']);
    expect(view.container.querySelector('h2')!.textContent).toBe('Your password');
    expect([field('current-password').autocomplete, field('new-password').autocomplete, field('new-password').minLength]).toEqual(['current-password', 'new-password', 8]);
    expect(field('new-password').getAttribute('aria-describedby')).toBe('new-password-hint');
  });

  it("says the server's refusal and keeps what was typed", async () => {
    await changed(() => Promise.reject(new Error('Your current password is not right: nothing was changed.')));
    expect(view.container.querySelector('[role="alert"]')!.textContent).toBe('Your current password is not right: nothing was changed.');
    expect(view.container.querySelector('[role="status"]')!.textContent).toBe('');
    expect(field('new-password').value).toBe('my own passphrase');
    expect(view.container.querySelector('button')!.disabled).toBe(false);
  });
});
