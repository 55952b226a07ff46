import type { PageContext } from '../../../contract/context/types';
import type { OverlayHit } from '../../../contract/model/api/census';
import { sendCensus } from '../net/census';
import { assetUrl, loadStylesheet } from '../platform/assets';
import { BLOCK_SELECTOR, BLOCK_STATUS_ATTRIBUTE } from '../core/block-host';
import { listen } from '../platform/events';
import type { Teardowns } from '../platform/lifetime';
import { ModalShell, nextId, openModal } from '../ui/modal';
import { rememberPopup } from './popup-memory';
import { texts } from '../platform/strings';
import { popupPosition, type PopupSettings } from './popup-rules';
import type * as Paths from '../../../contract/api/paths';
import { trustedHtml } from '../platform/trusted-types';
const OVERLAY_PATH: typeof Paths.OVERLAY_PATH = '/api/census/overlay';

export const CLOSE_LABEL = 'Close';
/** The popup's words (platform/strings.ts). */
export const popupWords = texts('popup', { close: CLOSE_LABEL });
/** How long the popup waits, hidden, for the blocks inside it (its newsletter) before it shows anyway. */
export const POPUP_CONTENT_WAIT_MS = 3000;
/** Census overlay call (spec part 1 §7). */
const recordOverlay = (page: Readonly<PageContext>, event: OverlayHit['event']) => sendCensus(page, OVERLAY_PATH, { event });

/**
 * Resolves once every block inside `box` has mounted or failed, or after `maxMs`: the popup
 * then appears whole instead of growing in front of the visitor (a layout shift).
 */
export function blocksSettled(box: HTMLElement, maxMs: number): Promise<void> {
  const unsettled = `${BLOCK_SELECTOR}:not([${BLOCK_STATUS_ATTRIBUTE}=mounted],[${BLOCK_STATUS_ATTRIBUTE}=failed])`;
  const pending = () => box.querySelector(unsettled) !== null;
  if (!pending()) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new MutationObserver(() => !pending() && done());
    observer.observe(box, { subtree: true, attributeFilter: [BLOCK_STATUS_ATTRIBUTE] });
    const timer = setTimeout(done, maxMs);
  });
}

/**
 * The popup overlay: a modal dialog (focus moved in, kept in, restored; Escape or the close
 * button closes) at one of nine positions. A newsletter inside it is an ordinary block.
 */
export async function showPopup(settings: PopupSettings, page: Readonly<PageContext>, stops?: Teardowns): Promise<string> {
  await loadStylesheet(assetUrl('overlays.css'));
  const titleId = nextId('site-popup-title');
  const version = settings.version ?? 0;
  let submitted = false;
  let stopListening = () => undefined as void;
  const modal = openModal<'close'>('close', (close, zIndex, onShown) => (
    <ModalShell
      titleId={titleId}
      zIndex={zIndex}
      width={420}
      className={`site-popup-overlay site-popup-${popupPosition(settings.position).toLowerCase().replace('_', '-')}`}
      onOverlayClick={() => close('close')}
      onShown={(box) => {
        const overlay = box.parentElement ?? box;
        const teardowns = [
          listen(box, 'site:form-submit', () => {
            submitted = true;
            rememberPopup(version, Date.now(), true); // at once: the visitor may leave without closing
            recordOverlay(page, 'submit');
          }),
          // Remembered when it closes, not when its fade ends.
          listen(overlay, 'dialog:close', () => rememberPopup(version, Date.now(), submitted)),
        ];
        stopListening = () => teardowns.forEach((teardown) => teardown());
        // Hidden (and out of the way of pointers) until its newsletter has rendered; focus moves
        // in, and the view is counted, when the visitor can see it.
        overlay.style.visibility = 'hidden';
        void blocksSettled(box, POPUP_CONTENT_WAIT_MS).then(() => {
          if (!box.isConnected) return;
          overlay.style.visibility = '';
          if (onShown(box)) recordOverlay(page, 'view');
        });
      }}
    >
      <button type="button" className="site-popup-close" aria-label={popupWords().close} onClick={() => close('close')}>
        ×
      </button>
      <h2 id={titleId}>{settings.title ?? ''}</h2>
      {settings.bodyHtml ? <div className="site-popup-body" dangerouslySetInnerHTML={{ __html: trustedHtml(settings.bodyHtml) }} /> : null}
      {settings.newsletter ? (
        <div data-overlay-form="">
          <div data-block-type="newsletter" data-block-json={JSON.stringify(settings.newsletter)} />
        </div>
      ) : null}
    </ModalShell>
  ));
  // The runtime destroyed: the popup goes without counting as the visitor's close.
  stops?.add(() => {
    stopListening();
    modal.close('close');
  });
  return modal.closed.then((result) => {
    stopListening();
    return result;
  });
}
