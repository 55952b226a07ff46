import { Suspense, lazy, useState } from 'react';
import { Buttons } from './Buttons';
import { CodeInjection } from './CodeInjection';
import { ErrorBoundary } from './ErrorBoundary';
import { FileManager, type StoredFile } from './FileManager';
import { Fonts } from './Fonts';
import { DatasetEditor } from './DatasetEditor';
import { MailingLists } from './MailingLists';
import { Pages } from './Pages';
import { Tags } from './Tags';

// ProseMirror is most of the editors' weight: it loads on its own, after the other editors.
const Announcement = lazy(() => import('./Announcement').then((m) => ({ default: m.Announcement })));
const FormSuccess = lazy(() => import('./FormSuccess').then((m) => ({ default: m.FormSuccess })));

/** The editing components (spec part 2 §1): each saves to the server, and the site shows it. */
export function Editing() {
  const [files, setFiles] = useState<StoredFile[]>([]);
  return (
    <>
      <section className="config-section" aria-labelledby="edit-pages">
        <h2 id="edit-pages">Pages</h2>
        <ErrorBoundary name="The pages list">
          <Pages />
        </ErrorBoundary>
      </section>
      <section className="config-section" aria-labelledby="edit-announcement">
        <h2 id="edit-announcement">Announcement bar</h2>
        <ErrorBoundary name="The announcement editor">
          <Suspense fallback={<p aria-busy="true">Loading the text editor…</p>}>
            <Announcement />
          </Suspense>
        </ErrorBoundary>
      </section>
      <section className="config-section" aria-labelledby="edit-form-success">
        <h2 id="edit-form-success">Form success text</h2>
        <ErrorBoundary name="The form success editor">
          <Suspense fallback={<p aria-busy="true">Loading the text editor…</p>}>
            <FormSuccess />
          </Suspense>
        </ErrorBoundary>
      </section>
      <section className="config-section" aria-labelledby="edit-fonts">
        <h2 id="edit-fonts">Fonts</h2>
        <ErrorBoundary name="The font picker">
          <Fonts />
        </ErrorBoundary>
      </section>
      <section className="config-section" aria-labelledby="edit-files">
        <h2 id="edit-files">Files</h2>
        <ErrorBoundary name="The file manager">
          <FileManager onChange={setFiles} />
        </ErrorBoundary>
      </section>
      <section className="config-section" aria-labelledby="edit-buttons">
        <h2 id="edit-buttons">Buttons and links</h2>
        <ErrorBoundary name="The link editor">
          <Buttons files={files.map((file) => file.url)} />
        </ErrorBoundary>
      </section>
      <section className="config-section" aria-labelledby="edit-datasets">
        <h2 id="edit-datasets">Chart datasets</h2>
        <ErrorBoundary name="The dataset editor">
          <DatasetEditor />
        </ErrorBoundary>
      </section>
      <section className="config-section" aria-labelledby="edit-lists">
        <h2 id="edit-lists">Mailing lists</h2>
        <ErrorBoundary name="The mailing lists">
          <MailingLists />
        </ErrorBoundary>
      </section>
      <section className="config-section" aria-labelledby="edit-code">
        <h2 id="edit-code">Code injection</h2>
        <ErrorBoundary name="The code editor">
          <CodeInjection />
        </ErrorBoundary>
      </section>
      <section className="config-section" aria-labelledby="edit-tags">
        <h2 id="edit-tags">Tags and categories</h2>
        <ErrorBoundary name="The tags editor">
          <Tags />
        </ErrorBoundary>
      </section>
    </>
  );
}
