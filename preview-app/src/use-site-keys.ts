import { useEffect, useRef, type RefObject } from 'react';
// CONTRACT §6: the framed runtime forwards Escape as `{type: 'site:key', key, shiftKey}`.
import { KEY_MESSAGE } from '../../contract/names';

/**
 * Calls `onEscape(shiftKey)` for Escape pressed in the app or inside the framed site (only
 * messages from that frame, on this origin, count).
 */
export function useSiteKeys(frame: RefObject<HTMLIFrameElement | null>, onEscape: (shiftKey: boolean) => void): void {
  const latest = useRef(onEscape);
  latest.current = onEscape;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      // In the code editor Escape is the way out of Tab-indenting (Escape, then Tab): not ours.
      if (event.target instanceof Element && event.target.closest('.cm-editor')) return;
      event.preventDefault();
      latest.current(event.shiftKey);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== location.origin || event.source !== frame.current?.contentWindow) return;
      const data = event.data as { type?: unknown; key?: unknown; shiftKey?: unknown } | null;
      if (data?.type === KEY_MESSAGE && data.key === 'Escape') latest.current(data.shiftKey === true);
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('message', onMessage);
    };
  }, [frame]);
}
