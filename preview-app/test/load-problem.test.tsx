import { act, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { expect, it } from 'vitest';
import { useLoad } from '../src/LoadProblem';
import { useLoadState } from '../src/use-owner-data';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

it("an editor's failed load says so with Try again, and loads again on Try again and when back online", async () => {
  const answers: Array<() => Promise<string>> = [
    () => Promise.reject(new Error('Unable to connect. Please try again')),
    () => Promise.reject(new Error('HTTP 502')),
    () => Promise.resolve('Etching, Linocut'),
  ];
  let loads = 0;
  function Tags() {
    const [tags, setTags] = useState<string | null>(null);
    const problem = useLoad(() => {
      loads += 1;
      return answers.shift()!().then(setTags);
    }, (error) => `Unable to load. Try again. (${error.message})`);
    if (!tags) return problem ?? <p aria-busy="true">Loading tags…</p>;
    return <p>{tags}</p>;
  }
  const container = document.createElement('div');
  const root = createRoot(container);
  await act(async () => root.render(<Tags />));
  expect(container.querySelector('[role="alert"]')!.textContent).toBe('Unable to load. Try again. (Unable to connect. Please try again)Try again');

  await act(async () => container.querySelector('button')!.click());
  expect(loads).toBe(2);
  expect(container.querySelector('[role="alert"] p')!.textContent).toBe('Unable to load. Try again. (HTTP 502)');

  await act(async () => void dispatchEvent(new Event('online')));
  expect(loads).toBe(3);
  expect(container.textContent).toBe('Etching, Linocut');
  // Loaded: coming back online again asks for nothing.
  await act(async () => void dispatchEvent(new Event('online')));
  expect(loads).toBe(3);
  act(() => root.unmount());
});

it('a load overtaken by a newer one (another range, say) is dropped, whichever answers first', async () => {
  const pending = new Map<string, (answer: string) => void>();
  const seen: string[] = [];
  function Range({ days }: { days: string }) {
    const [state] = useLoadState(() => new Promise<string>((resolve) => pending.set(days, resolve)), days);
    seen.push(state.status === 'ready' ? state.data : state.status);
    return null;
  }
  const root = createRoot(document.createElement('div'));
  await act(async () => root.render(<Range days="7" />));
  await act(async () => root.render(<Range days="30" />));
  // The 7-day answer arrives after the 30-day load began: it must not be shown as the 30-day data.
  await act(async () => pending.get('7')!('views for 7 days'));
  expect(seen).not.toContain('views for 7 days');
  await act(async () => pending.get('30')!('views for 30 days'));
  expect(seen.at(-1)).toBe('views for 30 days');
  act(() => root.unmount());
});
