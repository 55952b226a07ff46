import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { reactRoot } from './react-root';
import { Members, MEMBERS_SHOWN } from '../src/Members';
import type { MembersAnswer } from '../../contract/api/owner-answers';

const view = reactRoot();

const status = () => view.container.querySelector('[role="status"]')!.textContent;
const button = (label: string) => view.container.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`)!;

/** The paths the panel asked for, in order. */
let loads: string[] = [];

/** The panel over a server that keeps `members` and answers each call as the owner API does. */
async function shown(members: string[]) {
  const calls: string[] = [];
  loads = [];
  const load = async <T,>(path: string): Promise<T> => {
    loads.push(path);
    const query = new URL(path, 'https://site.test').searchParams;
    const found = members.filter((email) => email.toLowerCase().includes((query.get('find') ?? '').toLowerCase())).sort();
    return { members: found.slice(0, Number(query.get('limit') ?? 1000)).map((email) => ({ email, createdAt: '2026-11-01T00:00:00.000Z' })), total: found.length } satisfies MembersAnswer as T;
  };
  const post = async <T,>(path: string, body?: unknown): Promise<T> => {
    calls.push(`POST ${path} ${JSON.stringify(body ?? null)}`);
    const email = (body as { email?: string } | undefined)?.email ?? decodeURIComponent(path.split('/')[4]!);
    if (email === 'taken@example.com') throw new Error('This address is a member already: give them a new password instead.');
    if (!members.includes(email)) members.push(email);
    // A site that sends mail mails the member a link (mailed), when added and when given a new password.
    return { email, password: `pw-for-${email}`, mailed: email.endsWith('@mailed.example') } as T;
  };
  const remove = async <T,>(path: string): Promise<T> => {
    calls.push(`DELETE ${path}`);
    members.splice(members.indexOf(decodeURIComponent(path.split('/').pop()!)), 1);
    return { removed: 1 } as T;
  };
  await act(async () => view.root.render(<Members load={load} post={post} remove={remove} />));
  return calls;
}

/** Types `value` in the search field and asks. */
async function find(value: string) {
  const input = view.container.querySelector<HTMLInputElement>('#find-member')!;
  input.focus();
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await act(async () => input.form!.requestSubmit());
  return input;
}

const listed = () => [...view.container.querySelectorAll('li strong')].map((item) => item.textContent);
const summary = () => view.container.querySelector('section > p:not(.config-loading)')!;

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
    expect(view.container.textContent).toContain("1 member signs in to the members' pages.");
    await type('lin@mailed.example');
    expect(status()).toBe('Added lin@mailed.example. They got an email with a link to choose their own password. Their password, shown this once: pw-for-lin@mailed.example');
  });

  it('gives a member a new password, and removes one after a confirmation', async () => {
    const calls = await shown(['ada@example.com', 'grace@example.com', 'lin@mailed.example']);
    expect([...view.container.querySelectorAll('li strong')].map((item) => item.textContent)).toEqual(['ada@example.com', 'grace@example.com', 'lin@mailed.example']);
    await act(async () => button('Give grace@example.com a new password').click());
    expect(status()).toBe('grace@example.com has a new password; the old one and their sessions ended. Their password, shown this once: pw-for-grace@example.com');
    await act(async () => button('Give lin@mailed.example a new password').click());
    expect(status()).toBe('lin@mailed.example has a new password; the old one and their sessions ended. They got an email with a link to choose their own password. Their password, shown this once: pw-for-lin@mailed.example');

    await act(async () => button('Remove ada@example.com').click());
    const dialog = view.container.querySelector('dialog')!;
    expect(dialog.querySelector('#confirm-message')!.textContent).toBe("ada@example.com is signed out and can no longer sign in to the members' pages.");
    await act(async () => [...dialog.querySelectorAll('button')].find((item) => item.textContent === 'Confirm')!.click());
    expect(calls).toEqual(['POST /api/owner/members/grace%40example.com/password null', 'POST /api/owner/members/lin%40mailed.example/password null', 'DELETE /api/owner/members/ada%40example.com']);
    expect(status()).toBe('Removed ada@example.com: they are signed out.');
    expect(view.container.querySelector('[role="status"] code')).toBeNull();
    expect([...view.container.querySelectorAll('li strong')].map((item) => item.textContent)).toEqual(['grace@example.com', 'lin@mailed.example']);
  });

  it("says what went wrong, in the server's words, and shows no password", async () => {
    await shown(['taken@example.com']);
    await type('taken@example.com');
    expect(view.container.querySelector('[role="alert"]')!.textContent).toBe('taken@example.com: This address is a member already: give them a new password instead.');
    expect(view.container.querySelector('[role="status"] code')).toBeNull();
  });

  it('lists the first hundred by address, and finds the others by a part of their address', async () => {
    const many = Array.from({ length: 150 }, (_, i) => `member${String(i).padStart(3, '0')}@example.com`);
    await shown([...many, 'Ada.Lovelace@example.org']);
    expect(loads).toEqual([`/api/owner/members?limit=${MEMBERS_SHOWN}`]);
    expect(listed()).toHaveLength(100);
    expect(summary().textContent).toBe("151 members sign in to the members' pages. The first 100 by address are shown; find the others by their address.");
    // The first load is not announced; what a search found is.
    expect(summary().getAttribute('aria-live')).toBeNull();
    expect(view.container.querySelector('form[role="search"] label')!.textContent).toBe('Find a member by address');

    const input = await find(' lovelace ');
    expect(loads.at(-1)).toBe(`/api/owner/members?limit=${MEMBERS_SHOWN}&find=lovelace`);
    expect(listed()).toEqual(['Ada.Lovelace@example.org']);
    expect(summary().textContent).toBe('1 member with "lovelace" in their address.');
    expect(summary().getAttribute('aria-live')).toBe('polite');
    expect(document.activeElement).toBe(input);

    await find('member1');
    expect(summary().textContent).toBe('50 members with "member1" in their address.');
    await find('nobody');
    expect(summary().textContent).toBe('No member\'s address contains "nobody".');
    expect(listed()).toEqual([]);

    await act(async () => [...view.container.querySelectorAll('button')].find((item) => item.textContent === 'Show every member')!.click());
    expect(listed()).toHaveLength(100);
    expect(input.value).toBe('');
    expect(document.activeElement).toBe(input);
    expect([...view.container.querySelectorAll('button')].some((item) => item.textContent === 'Show every member')).toBe(false);
  });

  it('shows no search while there is no member', async () => {
    await shown([]);
    expect(view.container.querySelector('form[role="search"]')).toBeNull();
  });
});
