import { Buttons } from './Buttons';
import { DatasetEditor } from './DatasetEditor';
import { MailingLists } from './MailingLists';
import { Tags } from './Tags';

/** The editing components (spec part 2 §1): each saves to the server, and the site shows it. */
export function Editing({ onSaved: _onSaved }: { onSaved: () => void }) {
  return (
    <>
      <section className="config-section" aria-labelledby="edit-buttons">
        <h2 id="edit-buttons">Buttons and links</h2>
        <Buttons files={[]} />
      </section>
      <section className="config-section" aria-labelledby="edit-datasets">
        <h2 id="edit-datasets">Chart datasets</h2>
        <DatasetEditor />
      </section>
      <section className="config-section" aria-labelledby="edit-lists">
        <h2 id="edit-lists">Mailing lists</h2>
        <MailingLists />
      </section>
      <section className="config-section" aria-labelledby="edit-tags">
        <h2 id="edit-tags">Tags and categories</h2>
        <Tags />
      </section>
    </>
  );
}
