import type { DataError } from '../net/data-error';
import { dataWords } from '../net/messages';
import { fill } from '../platform/strings';
import { ModalShell, nextId, openModal } from './modal';

/** A short key the visitor can quote to support; it is logged with the error too. */
export function errorKey(): string {
  const bytes = new Uint8Array(4);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('').toUpperCase();
}

/** The overlay's lines (spec part 1 §8): clean → the server's words only; network → its text. */
export function overlayLines(error: DataError): string[] {
  const words = dataWords();
  if (error.clean) return [error.message];
  if (error.kind === 'network') return [error.message || words.unableToConnect];
  return [fill(words.url, { url: error.url }), words.format, fill(words.error, { message: error.message })];
}

export type OverlayResult = 'reload' | 'clear';

export function showErrorOverlay(error: DataError, reload: () => void = () => location.reload()): Promise<OverlayResult> {
  const key = errorKey();
  const words = dataWords();
  console.error(`System error ${key}:`, error.message, error.url);
  const titleId = nextId('site-error-title');
  const bodyId = nextId('site-error-body');
  const modal = openModal<OverlayResult>('clear', (close, zIndex, onShown) => (
    <ModalShell titleId={titleId} descriptionId={bodyId} zIndex={zIndex} role="alertdialog" className="site-error-overlay" onOverlayClick={() => close('clear')} onShown={onShown}>
      <h2 id={titleId}>{words.title}</h2>
      <div id={bodyId}>
        {overlayLines(error).map((line, index) => (
          <p key={index}>{line}</p>
        ))}
      </div>
      <div className="site-modal-buttons">
        <button type="button" onClick={() => close('clear')}>
          {words.clear}
        </button>
        <button type="button" className="site-primary" onClick={() => close('reload')}>
          {words.reload}
        </button>
      </div>
      <p className="site-modal-key">{fill(words.errorKey, { key })}</p>
    </ModalShell>
  ));
  void modal.closed.then((result) => {
    if (result === 'reload') reload();
  });
  return modal.closed;
}
