import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { reactRoot } from './react-root';
import { Members } from '../src/Members';
import type { MembersAnswer } from '../../contract/api/owner-answers';

const view = reactRoot();

const status = () => view.container.querySelector('[role="status"]')!.textContent;
const button = (label: string) => view.container.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`)!;

/** The panel over a server that keeps `members` and answers each call as the owner API does. */
async function shown(members: string[]) {
  const calls: string[] = [];
  const load = async <T,>(): Promise<T> => ({ members: members.map((email) => ({ email, createdAt: '2026-11-01T00:00:00.000Z' })) }) satisfies MembersAnswer as T;
  const post = async <T,>(path: string, body?: unknown): Promise<T> => {
    calls.push(`POST ${path} ${JSON.stringify(body ?? null)}`);
    const email = (body as { email?: string } | undefined)?.email ?? decodeURIComponent(path.split('/')[4]!);
    if (email === 'taken@example.com') throw new Error('This address is a member already: give them a new password instead.');
    if (!members.includes(email)) members.push(email);
    return { email, password: `pw-for-${email}` } as T;
  };
  const remove = async <T,>(path: string): Promise<T> => {
    calls.push(`DELETE ${path}`);
    members.splice(members.indexOf(decodeURIComponent(path.split('/').pop()!)), 1);
    return { removed: 1 } as T;
  };
  await act(async () => view.root.render(<Members load={load} post={post} remove={remove} />));
  return calls;
}

async function type(value: string) {
  const input = view.container.querySelector<HTMLInputElement>('#new-member-email')!;
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await act(async () => input.form!.requestSubmit());
  return input;
}

describe('Members', () => {
  it('says when there are none, and adds one, showing the password the server made this once', async () => {
    const calls = await shown([]);
    expect(view.container.querySelector('h2')!.textContent).toBe('Members');
    expect(view.container.textContent).toContain('No members yet.');
    expect(view.container.querySelector('label[for="new-member-email"]')!.textContent).toBe('Add a member');
    const input = await type(' ada@example.com ');
    expect(calls).toEqual(['POST /api/owner/members {"email":"ada@example.com"}']);
    expect(status()).toBe('Added ada@example.com. Their password, shown this once: pw-for-ada@example.com');
    expect(view.container.querySelector('[role="status"] code')!.textContent).toBe('pw-for-ada@example.com');
    expect(input.value).toBe('');
    expect(view.container.textContent).toContain("1 member sign in to the members' pages.");
  });

  it('gives a member a new password, and removes one after a confirmation', async () => {
    const calls = await shown(['ada@example.com', 'grace@example.com']);
    expect([...view.container.querySelectorAll('li strong')].map((item) => item.textContent)).toEqual(['ada@example.com', 'grace@example.com']);
    await act(async () => button('Give grace@example.com a new password').click());
    expect(status()).toBe('grace@example.com has a new password; the old one and their sessions ended. Their password, shown this once: pw-for-grace@example.com');

    await act(async () => button('Remove ada@example.com').click());
    const dialog = view.container.querySelector('dialog')!;
    expect(dialog.querySelector('#confirm-message')!.textContent).toBe("ada@example.com is signed out and can no longer sign in to the members' pages.");
    await act(async () => [...dialog.querySelectorAll('button')].find((item) => item.textContent === 'Confirm')!.click());
    expect(calls).toEqual(['POST /api/owner/members/grace%40example.com/password null', 'DELETE /api/owner/members/ada%40example.com']);
    expect(status()).toBe('Removed ada@example.com: they are signed out.');
    expect(view.container.querySelector('[role="status"] code')).toBeNull();
    expect([...view.container.querySelectorAll('li strong')].map((item) => item.textContent)).toEqual(['grace@example.com']);
  });

  it("says what went wrong, in the server's words, and shows no password", async () => {
    await shown(['taken@example.com']);
    await type('taken@example.com');
    expect(view.container.querySelector('[role="alert"]')!.textContent).toBe('taken@example.com: This address is a member already: give them a new password instead.');
    expect(view.container.querySelector('[role="status"] code')).toBeNull();
  });
});
