/**
 * The Escape key (spec part 2 §2): each Escape closes the most recently registered target
 * (a dialog, the lightbox, the popup overlay) and nothing else; with no target open it falls
 * to the general behaviour, which the owner chunk sets (to the config area, or forwarded to
 * the config app from inside its frame). Shift+Escape always goes to the general behaviour
 * (logout). One capture listener on the document, added with the first use.
 */
import { isEscape } from './keys';
import { untilDestroyed } from './lifetime';

type Close = () => void;
const targets: Close[] = [];
let general: ((event: KeyboardEvent) => void) | null = null;
let listening = false;

function onKeydown(event: KeyboardEvent): void {
  if (!isEscape(event) || event.defaultPrevented) return;
  const top = event.shiftKey ? undefined : targets[targets.length - 1];
  if (top) {
    // Also keeps a native <dialog> from closing itself: the target closes its own way.
    event.preventDefault();
    event.stopPropagation();
    top();
  } else {
    general?.(event);
  }
}

function listenOnce(): void {
  if (listening) return;
  listening = true;
  document.addEventListener('keydown', onKeydown, true);
  untilDestroyed(() => {
    document.removeEventListener('keydown', onKeydown, true);
    listening = false;
    targets.length = 0;
    general = null;
  });
}

/** Registers a target; the answer unregisters it. */
export function onEscape(close: Close): () => void {
  listenOnce();
  targets.push(close);
  return () => {
    const index = targets.lastIndexOf(close);
    if (index >= 0) targets.splice(index, 1);
  };
}

/** What Escape does when no target is open (and Shift+Escape always). */
export function setGeneralEscape(handler: ((event: KeyboardEvent) => void) | null): void {
  listenOnce();
  general = handler;
}
