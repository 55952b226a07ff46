import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A container in the document and a React root in it for each test of the file, unmounted and removed after it. */
export function reactRoot(): { readonly container: HTMLDivElement; readonly root: Root } {
  let container: HTMLDivElement;
  let root: Root;
  beforeEach(() => {
    container = document.createElement('div');
    document.body.appendChild(container);
    root = createRoot(container);
  });
  afterEach(async () => {
    await act(async () => root.unmount());
    container.remove();
  });
  return {
    get container() {
      return container;
    },
    get root() {
      return root;
    },
  };
}
