import { useState } from 'react';
import { useLoad } from './LoadProblem';
import { MAX_CATEGORY_LENGTH, MAX_TAG_LENGTH } from '../../contract/commerce/product';
import { alreadyExists, oneAtATime } from '../../contract/model/editor-messages';
import { ownerDelete, ownerGet, ownerPost } from './owner-api';
import { escapeCancels } from './escape-cancels';
import { neighbours, useFocusAfterRender } from './use-focus-after-render';
import { OWNER_PATHS, ownerPath } from '../../contract/api/owner-paths';
import type { TaxonomyAnswer } from '../../contract/api/owner-answers';

type Kind = 'tag' | 'category';

/** Keys of the controls focus may go to (useFocusAfterRender). */
const NEW_NAME = 'new';
const edit = (name: string) => `edit:${name}`;
const remove = (name: string) => `delete:${name}`;
type Taxonomy = TaxonomyAnswer;

/** Tags (up to 50 characters) and categories (up to 25) for products and posts. */
export function Tags() {
  const [data, setData] = useState<Taxonomy | null>(null);
  const problem = useLoad(() => ownerGet<Taxonomy>(OWNER_PATHS.taxonomy).then(setData));
  if (!data) return problem ?? <p aria-busy="true">Loading tags…</p>;
  return (
    <>
      <TagList kind="tag" names={data.tags} max={MAX_TAG_LENGTH} onChange={setData} />
      <TagList kind="category" names={data.categories} max={MAX_CATEGORY_LENGTH} onChange={setData} />
    </>
  );
}

function TagList({ kind, names, max, onChange }: { kind: Kind; names: string[]; max: number; onChange: (data: Taxonomy) => void }) {
  const [draft, setDraft] = useState('');
  const [editing, setEditing] = useState<{ from: string; name: string } | null>(null);
  const [message, setMessage] = useState('');
  const plural = kind === 'tag' ? 'Tags' : 'Categories';
  const { focusable, focusAfterRender } = useFocusAfterRender();
  const cancelEdit = () => {
    if (editing) focusAfterRender(edit(editing.from));
    setEditing(null);
  };
  /** After a delete, the next name's Delete button, else the previous one's, else the new-name field. */
  const removeAndRefocus = (name: string) => {
    ownerDelete<Taxonomy>(ownerPath(OWNER_PATHS.taxonomyName, { kind, name })).then((data) => {
      focusAfterRender(...neighbours(names, name).map(remove), NEW_NAME);
      onChange(data);
    }, (e: Error) => setMessage(e.message));
  };
  const save = (name: string, from?: string) => {
    const clean = name.trim();
    if (!clean) return;
    if (names.some((n) => n.toLowerCase() === clean.toLowerCase() && n.toLowerCase() !== from?.toLowerCase())) return setMessage(alreadyExists(kind));
    ownerPost<Taxonomy>(ownerPath(OWNER_PATHS.taxonomyKind, { kind }), { name: clean, from }).then(
      (data) => {
        if (from !== undefined) focusAfterRender(edit(clean));
        onChange(data);
        setDraft('');
        setEditing(null);
        setMessage('');
      },
      (e: Error) => setMessage(e.message),
    );
  };
  return (
    <section aria-labelledby={`${kind}-title`}>
      <h3 id={`${kind}-title`}>{plural}</h3>
      <ul className="config-tags">
        {names.map((name) =>
          editing?.from === name ? (
            <li key={name}>
              <form
                onKeyDown={escapeCancels(cancelEdit)}
                onSubmit={(event) => {
                  event.preventDefault();
                  save(editing.name, name);
                }}
              >
                <input aria-label={`Rename ${kind} ${name}`} value={editing.name} maxLength={max} onChange={(event) => setEditing({ from: name, name: event.target.value })} autoFocus />{' '}
                <button type="submit">Save</button>{' '}
                <button type="button" onClick={cancelEdit}>
                  Cancel
                </button>
              </form>
            </li>
          ) : (
            <li key={name}>
              {name}{' '}
              <button type="button" ref={focusable(edit(name))} aria-label={`Edit ${kind} ${name}`} onClick={() => (editing ? setMessage(oneAtATime(kind)) : setEditing({ from: name, name }))}>
                Edit
              </button>{' '}
              <button type="button" ref={focusable(remove(name))} aria-label={`Delete ${kind} ${name}`} onClick={() => removeAndRefocus(name)}>
                Delete
              </button>
            </li>
          ),
        )}
      </ul>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save(draft);
        }}
      >
        <label>
          New {kind} <input ref={focusable(NEW_NAME)} value={draft} maxLength={max} onChange={(event) => setDraft(event.target.value)} />
        </label>{' '}
        <button type="submit">Add {kind}</button>
      </form>
      <p role="alert" className="config-error">
        {message}
      </p>
    </section>
  );
}
