import { useState } from 'react';
import { useLoad } from './LoadProblem';
import type { PmNode } from '../../contract/model/prose-mirror';
import { ownerGet, ownerPut } from './owner-api';
import { RichTextEditor } from './RichTextEditor';
import { OWNER_PATHS } from '../../contract/api/owner-paths';
import type { AnnouncementAnswer } from '../../contract/api/owner-answers';

type Stored = AnnouncementAnswer;

/** The announcement bar's text in the rich-text editor, and whether visitors see the bar. */
export function Announcement() {
  const [stored, setStored] = useState<Stored | null>(null);
  const [doc, setDoc] = useState<PmNode | null>(null);
  const [show, setShow] = useState(false);
  const [status, setStatus] = useState('');
  const problem = useLoad(() =>
    ownerGet<Stored>(OWNER_PATHS.announcement).then((answer) => {
      setStored(answer);
      setDoc(answer.doc);
      setShow(answer.show);
    }),
  );
  if (!stored) return problem ?? <p aria-busy="true">Loading the announcement…</p>;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setStatus('Saving…');
        ownerPut(OWNER_PATHS.announcement, { doc: doc ?? { type: 'doc', content: [{ type: 'paragraph' }] }, show }).then(
          () => setStatus('Announcement saved.'),
          (e: Error) => setStatus(`Unable to save: ${e.message}`),
        );
      }}
    >
      <RichTextEditor label="Announcement text" initial={stored.doc} onChange={setDoc} />
      <p>
        <label>
          <input type="checkbox" checked={show} onChange={(event) => setShow(event.target.checked)} /> Show the announcement bar to visitors
        </label>
      </p>
      <p>
        <button type="submit">Save announcement</button>
      </p>
      <p role="status">{status}</p>
    </form>
  );
}
