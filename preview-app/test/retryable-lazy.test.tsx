import { Suspense, act } from 'react';
import { createRoot } from 'react-dom/client';
import { expect, it, vi } from 'vitest';
import { ErrorBoundary } from '../src/ErrorBoundary';
import { retryableLazy } from '../src/retryable-lazy';
import { SOMETHING_WENT_WRONG, UNABLE_TO_CONNECT } from '../../contract/model/editor-messages';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

it('a component whose chunk failed to load comes back with Try again', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  let online = false;
  let loads = 0;
  const Editors = retryableLazy(async () => {
    loads += 1;
    if (!online) throw new TypeError('Failed to fetch dynamically imported module: /config/chunks/Editing.js');
    return { default: ({ name }: { name: string }) => <p>Editors for {name}</p> };
  });
  const container = document.createElement('div');
  const root = createRoot(container);
  await act(async () =>
    root.render(
      <ErrorBoundary name="The editors">
        <Suspense fallback={<p>Loading…</p>}>
          <Editors name="the site" />
        </Suspense>
      </ErrorBoundary>,
    ),
  );
  expect(container.textContent).toBe(`${SOMETHING_WENT_WRONG}: The editors could not be shown (${UNABLE_TO_CONNECT}).Try again`);
  expect(loads).toBe(1);

  online = true;
  await act(async () => container.querySelector('button')!.click());
  expect(container.textContent).toBe('Editors for the site');
  expect(loads).toBe(2);
  act(() => root.unmount());
});
