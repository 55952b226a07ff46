import { useState } from 'react';
import { useLoad } from './LoadProblem';
import type { PmNode } from '../../contract/model/prose-mirror';
import { ownerGet, ownerPut } from './owner-api';
import { RichTextEditor, docFromHtml } from './RichTextEditor';
import { OWNER_PATHS, ownerPath } from '../../contract/api/owner-paths';
import type { FormsAnswer, OwnerForm } from '../../contract/api/owner-answers';

type Form = OwnerForm;

/** Each form's success text in the rich-text editor; visitors see it after they submit. */
export function FormSuccess() {
  const [forms, setForms] = useState<Form[] | null>(null);
  const [docs, setDocs] = useState<Record<string, PmNode>>({});
  const [status, setStatus] = useState('');
  const problem = useLoad(() =>
    ownerGet<FormsAnswer>(OWNER_PATHS.forms).then(
      // Until the owner saves a text, each editor starts from the one the form shows now.
      ({ forms: list }) => setForms(list.map((form) => ({ ...form, successDoc: form.successDoc ?? (form.pageSuccessHtml ? docFromHtml(form.pageSuccessHtml) : null) }))),
    ),
  );
  if (!forms) return problem ?? <p aria-busy="true">Loading forms…</p>;
  return (
    <>
      {forms.map((form) => (
        <form
          key={form.id}
          className="config-form-success"
          onSubmit={(event) => {
            event.preventDefault();
            const doc = docs[form.id] ?? form.successDoc;
            if (!doc) return setStatus('Write the success text first.');
            ownerPut(ownerPath(OWNER_PATHS.blockSuccess, { id: form.id }), { doc }).then(
              () => setStatus(`Success text saved for the form on ${form.page}.`),
              (e: Error) => setStatus(e.message),
            );
          }}
        >
          {/* Which form this is, for everyone: the editor's own name is only read out. */}
          <h3>
            The form on <code>{form.page}</code> <small>({form.id})</small>
          </h3>
          <RichTextEditor label={`Success text of the form on ${form.page}`} initial={form.successDoc} onChange={(doc) => setDocs((d) => ({ ...d, [form.id]: doc }))} />
          <p>
            <button type="submit">Save success text</button>
          </p>
        </form>
      ))}
      <p role="status">{status}</p>
    </>
  );
}
