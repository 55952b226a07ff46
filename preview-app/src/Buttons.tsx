import { useState } from 'react';
import { useLoad } from './LoadProblem';
import { LinkEditor } from './LinkEditor';
import { ownerGet, ownerPut } from './owner-api';
import { useFocusAfterRender } from './use-focus-after-render';
import { OWNER_PATHS, ownerPath } from '../../contract/api/owner-paths';
import type { ButtonAnswer, ButtonsAnswer, OwnerButton, PagesAnswer } from '../../contract/api/owner-answers';

type Button = OwnerButton;

/** The site's buttons: each one's link edited with the link editor, saved to the site. */
export function Buttons({ files }: { files: string[] }) {
  const [buttons, setButtons] = useState<Button[] | null>(null);
  const [pages, setPages] = useState<Array<{ path: string; title: string }>>([]);
  const [editing, setEditing] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const { focusable, focusAfterRender } = useFocusAfterRender();
  /** Closes the editor; focus goes back to its Edit link button. */
  const close = (id: string) => {
    focusAfterRender(id);
    setEditing(null);
  };
  const problem = useLoad(() =>
    Promise.all([ownerGet<ButtonsAnswer>(OWNER_PATHS.buttons), ownerGet<PagesAnswer>(OWNER_PATHS.pages)]).then(([b, p]) => {
      setButtons(b.buttons);
      setPages(p.pages);
    }),
  );
  if (!buttons) return problem ?? <p aria-busy="true">Loading buttons…</p>;
  return (
    <>
      <ul className="config-list">
        {buttons.map((button) => (
          <li key={button.id}>
            <strong>{button.buttonText}</strong> on <code>{button.page}</code> → <code className="config-href">{button.clickthroughUrl}</code>{' '}
            {editing === button.id ? (
              <LinkEditor
                idPrefix={`link-${button.id}`}
                initial={{ href: button.clickthroughUrl, name: button.buttonText, newWindow: button.newWindow }}
                pages={pages}
                files={files}
                onCancel={() => close(button.id)}
                onSave={(value) =>
                  ownerPut<ButtonAnswer>(ownerPath(OWNER_PATHS.blockButton, { id: button.id }), { clickthroughUrl: value.href, buttonText: value.name, newWindow: value.newWindow }).then(() => {
                    setButtons(buttons.map((b) => (b.id === button.id ? { ...b, clickthroughUrl: value.href, buttonText: value.name, newWindow: value.newWindow } : b)));
                    close(button.id);
                    setStatus(`Saved: ${value.name} now links to ${value.href}.`);
                  })
                }
              />
            ) : (
              <button type="button" ref={focusable(button.id)} aria-label={`Edit link: ${button.buttonText}`} onClick={() => setEditing(button.id)}>
                Edit link
              </button>
            )}
          </li>
        ))}
      </ul>
      <p role="status">{status}</p>
    </>
  );
}
