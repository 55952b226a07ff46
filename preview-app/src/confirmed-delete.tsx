import { useState } from 'react';
import { ConfirmDialog } from './ConfirmDialog';
import { useFocusAfterRender } from './use-focus-after-render';

interface Words<T> {
  title: string;
  message: (item: T) => string;
  done: (item: T) => string;
  /** What could not be done, before the server's reason. */
  failed: (item: T) => string;
}

/**
 * A row deleted after a confirmation (a submission, an order): `ask(item)` opens the dialog,
 * `dialog` is it; once deleted, what happened goes to the panel's status, the list loads again
 * and focus moves to the element named `export` (the row's button went), or, when none is left,
 * to the one named `empty`, the words that say so.
 */
export function useConfirmedDelete<T>(
  remove: (path: string) => Promise<unknown>,
  pathOf: (item: T) => string,
  words: Words<T>,
  said: { setStatus: (text: string) => void; setProblem: (text: string) => void; reload: () => void },
) {
  const [deleting, setDeleting] = useState<T | null>(null);
  const { focusable, focusAfterRender } = useFocusAfterRender();
  const confirm = (item: T) => {
    setDeleting(null);
    said.setProblem('');
    remove(pathOf(item)).then(() => {
      said.setStatus(words.done(item));
      focusAfterRender('export', 'empty');
      said.reload();
    }, (error: Error) => said.setProblem(`${words.failed(item)}: ${error.message}`));
  };
  const dialog = deleting !== null && <ConfirmDialog title={words.title} message={words.message(deleting)} onCancel={() => setDeleting(null)} onConfirm={() => confirm(deleting)} />;
  return { ask: setDeleting, dialog, focusable };
}
