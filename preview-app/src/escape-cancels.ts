import type { KeyboardEvent } from 'react';

/**
 * Escape inside an inline editor cancels that editor, the way it closes a dialog, and goes no
 * further: the app's own Escape (panel toggle) skips a key whose default was prevented.
 */
export const escapeCancels =
  (cancel: () => void) =>
  (event: KeyboardEvent): void => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    cancel();
  };
