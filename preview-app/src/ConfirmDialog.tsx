import { useModalDialog } from './use-modal-dialog';

interface Props {
  title: string;
  message: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A confirmation (part 2 §2: Confirm and Cancel): a native modal dialog; Escape cancels. */
export function ConfirmDialog({ title, message, onConfirm, onCancel }: Props) {
  const dialog = useModalDialog(onCancel);
  return (
    <dialog {...dialog} className="config-confirm" aria-labelledby="confirm-title" aria-describedby="confirm-message">
      <h2 id="confirm-title">{title}</h2>
      <p id="confirm-message">{message}</p>
      <p className="config-actions">
        <button type="button" onClick={onConfirm}>
          Confirm
        </button>
        <button type="button" onClick={onCancel} autoFocus>
          Cancel
        </button>
      </p>
    </dialog>
  );
}
