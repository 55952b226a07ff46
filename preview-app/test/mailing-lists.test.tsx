import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MailingLists } from '../src/MailingLists';
import type { MailingListsAnswer } from '../../contract/api/owner-answers';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

async function shown(answer: MailingListsAnswer): Promise<HTMLElement> {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } })));
  const container = document.createElement('div');
  await act(async () => createRoot(container).render(<MailingLists />));
  await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
  return container;
}

afterEach(() => vi.unstubAllGlobals());

describe('mailing lists panel', () => {
  it('says where lists come from when the site has a newsletter but no list to connect it to', async () => {
    const container = await shown({ lists: [], newsletters: [{ formId: 'news', listId: null }] });
    expect(container.textContent).toBe("No mailing lists yet. List them in the site folder's site.json under mailingLists (each with an id and a name) and restart the server.");
    expect(container.querySelector('select')).toBeNull();
  });

  it('offers the lists for each newsletter form', async () => {
    const container = await shown({ lists: [{ id: 'news', name: 'Newsletter', subscribers: 0 }], newsletters: [{ formId: 'signup', listId: null }] });
    expect(Array.from(container.querySelectorAll('option'), (option) => option.textContent)).toEqual(['Choose a list', 'Newsletter']);
  });
});
