import { useState } from 'react';
import { LINK_TYPES } from '../../contract/model/editor-messages';
import { buildLink, linkInputFrom, type LinkInput } from './link-value';
import { escapeCancels } from './escape-cancels';

export interface LinkValue {
  href: string;
  name: string;
  newWindow: boolean;
}

interface Props {
  idPrefix: string;
  initial: LinkValue;
  pages: Array<{ path: string; title: string }>;
  files: string[];
  onSave: (value: LinkValue) => Promise<void>;
  onCancel: () => void;
}

/** The link editor: Page, Web Address, Email (CC, BCC, Subject, Body), Phone, File; a name; a new-window flag. */
export function LinkEditor({ idPrefix, initial, pages, files, onSave, onCancel }: Props) {
  const [input, setInput] = useState<LinkInput>(() => linkInputFrom(initial.href));
  const [name, setName] = useState(initial.name);
  const [newWindow, setNewWindow] = useState(initial.newWindow);
  const [error, setError] = useState<{ field: string; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const id = (field: string) => `${idPrefix}-${field}`;
  const set = (field: keyof LinkInput) => (event: { target: { value: string } }) => setInput({ ...input, [field]: event.target.value });
  const field = (key: keyof LinkInput, label: string, type = 'text', options: { list?: string } = {}) => (
    <p className="field">
      <label htmlFor={id(key)}>{label}</label>
      <input
        id={id(key)}
        type={type}
        value={input[key] ?? ''}
        onChange={set(key)}
        list={options.list}
        aria-invalid={error?.field === key}
        aria-describedby={error?.field === key ? id('error') : undefined}
      />
    </p>
  );
  return (
    <form
      onKeyDown={escapeCancels(onCancel)}
      className="config-link-editor"
      onSubmit={(event) => {
        event.preventDefault();
        const result = buildLink(input, pages.map((p) => p.path), files);
        if ('error' in result) {
          setError({ field: result.field, text: result.error });
          document.getElementById(id(result.field))?.focus();
          return;
        }
        setError(null);
        setBusy(true);
        onSave({ href: result.href, name: name.trim() || initial.name, newWindow }).then(
          () => setBusy(false),
          (e: Error) => {
            setError({ field: 'type', text: e.message });
            setBusy(false);
          },
        );
      }}
    >
      <p className="field">
        <label htmlFor={id('name')}>Name</label>
        <input id={id('name')} value={name} maxLength={100} onChange={(event) => setName(event.target.value)} autoFocus />
      </p>
      <p className="field">
        <label htmlFor={id('type')}>Link type</label>
        <select id={id('type')} value={input.type} onChange={(event) => setInput({ ...input, type: event.target.value })}>
          {LINK_TYPES.map((type) => (
            <option key={type}>{type}</option>
          ))}
        </select>
      </p>
      {input.type === 'Page' && (
        <p className="field">
          <label htmlFor={id('page')}>Page</label>
          <select id={id('page')} value={input.page ?? ''} onChange={set('page')} aria-invalid={error?.field === 'page'}>
            <option value="">Choose a page</option>
            {pages.map((page) => (
              <option key={page.path} value={page.path}>
                {page.title} ({page.path})
              </option>
            ))}
          </select>
        </p>
      )}
      {input.type === 'Web Address' && field('url', 'Web address', 'text')}
      {input.type === 'Email' && (
        <>
          {field('email', 'Email address', 'text')}
          {field('cc', 'CC')}
          {field('bcc', 'BCC')}
          {field('subject', 'Subject')}
          {field('body', 'Body')}
        </>
      )}
      {input.type === 'Phone' && field('phone', 'Phone number', 'tel')}
      {input.type === 'File' && (
        <p className="field">
          <label htmlFor={id('file')}>File</label>
          <select id={id('file')} value={input.file ?? ''} onChange={set('file')} aria-invalid={error?.field === 'file'}>
            <option value="">{files.length ? 'Choose a file' : 'No files uploaded yet'}</option>
            {files.map((file) => (
              <option key={file} value={file}>
                {file.replace(/^\/s\//, '')}
              </option>
            ))}
          </select>
        </p>
      )}
      <p>
        <label>
          <input type="checkbox" checked={newWindow} onChange={(event) => setNewWindow(event.target.checked)} /> Open in a new window
        </label>
      </p>
      <p id={id('error')} role="alert" className="config-error">
        {error?.text}
      </p>
      <p className="config-actions">
        <button type="submit" disabled={busy}>
          Save link
        </button>{' '}
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </p>
    </form>
  );
}
