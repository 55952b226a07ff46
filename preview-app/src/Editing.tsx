import { Suspense, useState, type ReactNode } from 'react';
import { Buttons } from './Buttons';
import { retryableLazy } from './retryable-lazy';
import { CodeInjection } from './CodeInjection';
import { DatasetEditor } from './DatasetEditor';
import { ErrorBoundary } from './ErrorBoundary';
import { FileManager, type StoredFile } from './FileManager';
import { Fonts } from './Fonts';
import { MailingLists } from './MailingLists';
import { Pages } from './Pages';
import { Tags } from './Tags';

// ProseMirror is most of the editors' weight: it loads on its own, after the other editors.
const Announcement = retryableLazy(() => import('./Announcement').then((m) => ({ default: m.Announcement })));
const FormSuccess = retryableLazy(() => import('./FormSuccess').then((m) => ({ default: m.FormSuccess })));

/** One editor in its labelled section; if it fails, it says so there and the others carry on. */
function EditorSection({ id, title, name, children }: { id: string; title: string; name: string; children: ReactNode }) {
  return (
    <section className="config-section" aria-labelledby={`edit-${id}`}>
      <h2 id={`edit-${id}`}>{title}</h2>
      <ErrorBoundary name={name}>
        <Suspense fallback={<p aria-busy="true">Loading the editor…</p>}>{children}</Suspense>
      </ErrorBoundary>
    </section>
  );
}

/** The editing components (spec part 2 §1): each saves to the server, and the site shows it. */
export function Editing() {
  const [files, setFiles] = useState<StoredFile[]>([]);
  return (
    <>
      <EditorSection id="pages" title="Pages" name="The pages list">
        <Pages />
      </EditorSection>
      <EditorSection id="announcement" title="Announcement bar" name="The announcement editor">
        <Announcement />
      </EditorSection>
      <EditorSection id="form-success" title="Form success text" name="The form success editor">
        <FormSuccess />
      </EditorSection>
      <EditorSection id="fonts" title="Fonts" name="The font picker">
        <Fonts />
      </EditorSection>
      <EditorSection id="files" title="Files" name="The file manager">
        <FileManager onChange={setFiles} />
      </EditorSection>
      <EditorSection id="buttons" title="Buttons and links" name="The link editor">
        <Buttons files={files.map((file) => file.url)} />
      </EditorSection>
      <EditorSection id="datasets" title="Chart datasets" name="The dataset editor">
        <DatasetEditor />
      </EditorSection>
      <EditorSection id="lists" title="Mailing lists" name="The mailing lists">
        <MailingLists />
      </EditorSection>
      <EditorSection id="code" title="Code injection" name="The code editor">
        <CodeInjection />
      </EditorSection>
      <EditorSection id="tags" title="Tags and categories" name="The tags editor">
        <Tags />
      </EditorSection>
    </>
  );
}
