import { useState } from 'react';
import { useLoad } from './LoadProblem';
import { A_LIST_MUST_BE_SELECTED } from '../../contract/model/editor-messages';
import { ConfirmDialog } from './ConfirmDialog';
import { ownerDelete, ownerGet, ownerPut } from './owner-api';
import { OWNER_PATHS, ownerPath } from '../../contract/api/owner-paths';
import type { MailingListsAnswer } from '../../contract/api/owner-answers';
import { useFocusAfterRender } from './use-focus-after-render';
import { counted } from './counted';

type Lists = MailingListsAnswer;

/** Connects each newsletter block's form to one of the site's subscriber lists. */
export function MailingLists() {
  const [data, setData] = useState<Lists | null>(null);
  const load = () => ownerGet<Lists>(OWNER_PATHS.mailingLists).then(setData);
  const problem = useLoad(load);
  // After a change that went through: a refresh that fails leaves the list as it was.
  const refresh = () => void load().catch(() => undefined);
  if (!data) return problem ?? <p aria-busy="true">Loading lists…</p>;
  if (data.newsletters.length === 0) return <p>No newsletter blocks on the site.</p>;
  if (data.lists.length === 0) {
    return (
      <p>
        No mailing lists yet. List them in the site folder's <code>site.json</code> under <code>mailingLists</code> (each with an <code>id</code> and a <code>name</code>)
        and restart the server.
      </p>
    );
  }
  return (
    <ul className="config-list">
      {data.newsletters.map((newsletter) => (
        <Connection key={newsletter.formId} newsletter={newsletter} lists={data.lists} onChange={refresh} />
      ))}
    </ul>
  );
}

function Connection({ newsletter, lists, onChange }: { newsletter: Lists['newsletters'][number]; lists: Lists['lists']; onChange: () => void }) {
  const [choice, setChoice] = useState('');
  const [message, setMessage] = useState('');
  const [confirming, setConfirming] = useState(false);
  // Connecting swaps the form for Disconnect and back: focus follows to the control that replaced the one pressed.
  const { focusable, focusAfterRender } = useFocusAfterRender();
  const connected = lists.find((l) => l.id === newsletter.listId);
  const id = `list-${newsletter.formId}`;
  if (connected) {
    return (
      <li>
        Newsletter form <code>{newsletter.formId}</code> is connected to <strong>{connected.name}</strong> ({counted(connected.subscribers, 'subscriber')}).{' '}
        <button type="button" ref={focusable('disconnect')} onClick={() => setConfirming(true)}>
          Disconnect
        </button>
        {confirming && (
          <ConfirmDialog
            title="Disconnect this list?"
            message={`New sign-ups from ${newsletter.formId} will no longer go to ${connected.name}.`}
            onCancel={() => setConfirming(false)}
            onConfirm={() => {
              setConfirming(false);
              ownerDelete(ownerPath(OWNER_PATHS.mailingListConnection, { formId: newsletter.formId })).then(() => {
                focusAfterRender('choose');
                onChange();
              }, (e: Error) => setMessage(e.message));
            }}
          />
        )}
        {message && <p role="alert">{message}</p>}
      </li>
    );
  }
  return (
    <li>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!choice) return setMessage(A_LIST_MUST_BE_SELECTED);
          ownerPut(ownerPath(OWNER_PATHS.mailingListConnection, { formId: newsletter.formId }), { listId: choice }).then(() => {
            focusAfterRender('disconnect');
            onChange();
          }, (e: Error) => setMessage(e.message));
        }}
      >
        <label htmlFor={id}>
          Mailing list for newsletter form <code>{newsletter.formId}</code>
        </label>{' '}
        <select id={id} ref={focusable('choose')} value={choice} onChange={(event) => setChoice(event.target.value)} aria-invalid={message === A_LIST_MUST_BE_SELECTED} aria-describedby={`${id}-error`}>
          <option value="">Choose a list</option>
          {lists.map((list) => (
            <option key={list.id} value={list.id}>
              {list.name}
            </option>
          ))}
        </select>{' '}
        <button type="submit">Connect</button>
        <p id={`${id}-error`} role="alert" className="config-error">
          {message}
        </p>
      </form>
    </li>
  );
}
