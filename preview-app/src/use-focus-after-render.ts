import { useCallback, useEffect, useRef } from 'react';

/**
 * Keeps the keyboard focus when a control goes away: an editor closing (its Save or Cancel
 * removed), a deleted item's row. `focusable(key)` names an element; `focusAfterRender(...keys)`,
 * called with the state change that removes the focused control, focuses the first of those
 * elements present once focus has fallen to the body (waiting for the render that brings it). If
 * the owner moved focus elsewhere in the meantime (a save takes a moment), nothing is taken
 * from them.
 */
export function useFocusAfterRender(): {
  focusable: (key: string) => (element: HTMLElement | null) => void;
  focusAfterRender: (...keys: string[]) => void;
} {
  const elements = useRef(new Map<string, HTMLElement>());
  const pending = useRef<{ keys: string[]; from: Element | null } | null>(null);

  useEffect(() => {
    const wanted = pending.current;
    if (!wanted) return;
    const active = document.activeElement;
    if (active && active !== document.body) {
      // Still on the control that is about to go: wait for the render that removes it.
      if (active !== wanted.from) pending.current = null;
      return;
    }
    const target = wanted.keys.map((key) => elements.current.get(key)).find((element) => element?.isConnected);
    // Focus is lost but its new place has not rendered yet (the data is still on its way): wait.
    if (!target) return;
    pending.current = null;
    target.focus();
  });

  // An element that went away stays until its key is reused; focusing checks isConnected.
  const focusable = useCallback(
    (key: string) => (element: HTMLElement | null) => {
      if (element) elements.current.set(key, element);
    },
    [],
  );
  const focusAfterRender = useCallback((...keys: string[]) => {
    pending.current = { keys, from: document.activeElement };
  }, []);
  return { focusable, focusAfterRender };
}

/** Where focus goes after `item` is deleted from `items`: the next one, else the one before it. */
export const neighbours = (items: readonly string[], item: string): string[] => {
  const at = items.indexOf(item);
  return at < 0 ? [] : [items[at + 1], items[at - 1]].filter((neighbour) => neighbour !== undefined);
};
