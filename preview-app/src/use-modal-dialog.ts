import { useEffect, useRef, type KeyboardEvent, type SyntheticEvent } from 'react';

/**
 * A native modal dialog's ref and handlers: it opens as it mounts and closes as it unmounts,
 * giving the focus back to what had it; Escape (or the browser's own cancel) calls `cancel`,
 * and the app's own Escape (the panel toggle) does not see it.
 */
export function useModalDialog(cancel: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = ref.current;
    const before = document.activeElement;
    if (element && !element.open) element.showModal?.();
    return () => {
      element?.close?.();
      if (before instanceof HTMLElement && before.isConnected) before.focus();
    };
  }, []);
  return {
    ref,
    onCancel: (event: SyntheticEvent) => {
      event.preventDefault();
      cancel();
    },
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopPropagation();
      cancel();
    },
  };
}
