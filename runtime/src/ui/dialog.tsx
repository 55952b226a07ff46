import { texts } from '../platform/strings';
import { ModalShell, nextId, openModal, type ModalLayout } from './modal';

/** Spec part 1 §4, §9: button defaults and the information dialog's self-confirm. */
export const CONFIRM_TEXT = 'Confirm';
export const CANCEL_TEXT = 'Cancel';
export const REJECT_TEXT = 'Reject';
export const OKAY_TEXT = 'Okay';
export const INFORMATION_CONFIRM_MS = 2000;
/** The default buttons' words (platform/strings.ts). */
export const dialogWords = texts('dialog', { confirm: CONFIRM_TEXT, cancel: CANCEL_TEXT, reject: REJECT_TEXT, okay: OKAY_TEXT });

export type DialogResult = 'confirm' | 'cancel' | 'reject';
export type DialogKind = 'confirm' | 'alert' | 'information';

export interface DialogOptions {
  title: string;
  message?: string;
  confirmText?: string;
  cancelText?: string;
  /** A third button; shown when `rejectText` is given or `showReject` is true. */
  rejectText?: string;
  showReject?: boolean;
  /** Must be a number (spec part 1 §5): a style variant. */
  style?: number;
  /** Must be a number (spec part 1 §5): inner padding in px, default 20. */
  padding?: number;
  width?: number;
}

export const STYLE_NOT_NUMBER = 'Dialog style must be a number';
export const PADDING_NOT_NUMBER = 'Dialog padding must be a number';

export function validateDialogOptions(options: DialogOptions): void {
  if (!options || typeof options !== 'object') throw new TypeError('Dialog options must be an object');
  if (options.style !== undefined && !Number.isFinite(options.style)) throw new TypeError(STYLE_NOT_NUMBER);
  if (options.padding !== undefined && !Number.isFinite(options.padding)) throw new TypeError(PADDING_NOT_NUMBER);
}

interface Button {
  result: DialogResult;
  label: string;
  primary?: boolean;
}

function buttonsFor(kind: DialogKind, options: DialogOptions): Button[] {
  const words = dialogWords();
  if (kind === 'information') return [];
  if (kind === 'alert') return [{ result: 'confirm', label: options.confirmText ?? words.okay, primary: true }];
  const buttons: Button[] = [{ result: 'cancel', label: options.cancelText ?? words.cancel }];
  if (options.rejectText !== undefined || options.showReject) {
    buttons.push({ result: 'reject', label: options.rejectText ?? words.reject });
  }
  buttons.push({ result: 'confirm', label: options.confirmText ?? words.confirm, primary: true });
  return buttons;
}

/** Shows a dialog; resolves with how it ended. Rejects at once on invalid options. */
export function showDialog(kind: DialogKind, options: DialogOptions): Promise<DialogResult> {
  try {
    validateDialogOptions(options);
  } catch (error) {
    return Promise.reject(error);
  }
  const titleId = nextId('site-dialog-title');
  const descriptionId = options.message ? nextId('site-dialog-message') : undefined;
  const layout: ModalLayout = {
    width: options.width,
    padding: options.padding,
    style: options.style,
    role: kind === 'confirm' ? 'alertdialog' : 'dialog',
    className: `site-dialog-${kind}`,
  };
  const modal = openModal<DialogResult>('cancel', (close, zIndex, onShown) => (
    <ModalShell {...layout} titleId={titleId} descriptionId={descriptionId} zIndex={zIndex} onOverlayClick={() => close('cancel')} onShown={onShown}>
      <h2 id={titleId}>{options.title}</h2>
      {options.message ? <p id={descriptionId}>{options.message}</p> : null}
      {kind === 'information' ? null : (
        <div className="site-modal-buttons">
          {buttonsFor(kind, options).map((button) => (
            <button key={button.result} type="button" className={button.primary ? 'site-primary' : undefined} onClick={() => close(button.result)}>
              {button.label}
            </button>
          ))}
        </div>
      )}
    </ModalShell>
  ));
  if (kind === 'information') {
    const timer = setTimeout(() => modal.close('confirm'), INFORMATION_CONFIRM_MS);
    void modal.closed.then(() => clearTimeout(timer));
  }
  return modal.closed;
}

export const confirm = (options: DialogOptions) => showDialog('confirm', options);
export const alert = (options: DialogOptions) => showDialog('alert', options);
export const information = (options: DialogOptions) => showDialog('information', options);
