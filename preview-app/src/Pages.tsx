import { useState } from 'react';
import { useLoad } from './LoadProblem';
import { WorkflowState, workflowLabel } from '../../contract/model/site-types';
import { checkTimeZone, epochToZoned, zonedToEpoch } from '../../contract/model/time-zone';
import { ownerGet, ownerPut } from './owner-api';
import { OWNER_PATHS } from '../../contract/api/owner-paths';
import type { OwnerPage, PageSettingsAnswer } from '../../contract/api/owner-answers';

type Page = OwnerPage;

/** The editor's item statuses (part 2 §3), with Published for an available page. */
const STATUS_OPTIONS: Array<[number, string]> = [
  [WorkflowState.PUBLISHED, 'Published'],
  [WorkflowState.SCHEDULED, 'Scheduled'],
  [WorkflowState.NEEDS_REVIEW, 'Needs Review'],
  [WorkflowState.DRAFT, 'Draft'],
  [WorkflowState.PRIVATE, 'Private'],
];

/** The site's pages: status (with the workflow label visitors' pages follow), schedule in the site's time zone, flags. */
export function Pages() {
  const [pages, setPages] = useState<Page[] | null>(null);
  const [timeZone, setTimeZone] = useState('UTC');
  const [status, setStatus] = useState('');
  const zoneProblem = checkTimeZone(timeZone);
  const problem = useLoad(() =>
    ownerGet<PageSettingsAnswer>(OWNER_PATHS.pageSettings).then((answer) => {
      setTimeZone(answer.timeZone);
      setPages(answer.pages);
    }),
  );
  if (!pages) return problem ?? <p aria-busy="true">Loading pages…</p>;

  const save = (page: Page) => {
    setPages(pages.map((p) => (p.path === page.path ? page : p)));
    if (page.workflowState === WorkflowState.SCHEDULED && !page.publishAt) return setStatus(`Choose when ${page.title} is published.`);
    ownerPut(OWNER_PATHS.pageSettings, { path: page.path, workflowState: page.workflowState, locked: page.locked, membersOnly: page.membersOnly, publishAt: page.publishAt }).then(
      () => setStatus(`${page.title}: ${workflowLabel(page.workflowState)}${page.locked ? ', locked' : ''}${page.membersOnly ? ', members only' : ''}.`),
      (e: Error) => setStatus(e.message),
    );
  };

  return (
    <>
      {zoneProblem ? <p role="alert">{zoneProblem}</p> : <p>Dates are in the site’s time zone, {timeZone}.</p>}
      <div className="config-scroll config-cards" role="region" aria-label="Pages table" tabIndex={0}>
        <table className="config-table">
          <caption>Pages</caption>
          <thead>
            <tr>
              <th scope="col">Page</th>
              <th scope="col">Status</th>
              <th scope="col">Label</th>
              <th scope="col">Publish at</th>
              <th scope="col">Locked</th>
              <th scope="col">Members only</th>
            </tr>
          </thead>
          <tbody>
            {pages.map((page) => (
              <tr key={page.path}>
                <th scope="row">
                  {page.title} <code>{page.path}</code>
                </th>
                <td>
                  <select aria-label={`Status of ${page.title}`} value={page.workflowState} onChange={(event) => save({ ...page, workflowState: Number(event.target.value) })}>
                    {STATUS_OPTIONS.map(([value, label]) => (
                      <option key={value} value={value}>
                        {label}
                      </option>
                    ))}
                  </select>
                </td>
                <td data-label="Label: ">{workflowLabel(page.workflowState)}</td>
                <td className="config-card-wide" data-label="Publish at ">
                  {page.workflowState === WorkflowState.SCHEDULED && !zoneProblem && (
                    <input
                      type="datetime-local"
                      aria-label={`Publish ${page.title} at`}
                      value={page.publishAt ? epochToZoned(page.publishAt, timeZone) : ''}
                      onChange={(event) => save({ ...page, publishAt: zonedToEpoch(event.target.value, timeZone) })}
                    />
                  )}
                </td>
                <td>
                  <label>
                    <input type="checkbox" aria-label={`Lock ${page.title}`} checked={page.locked} onChange={(event) => save({ ...page, locked: event.target.checked })} />
                    <span className="config-card-text"> Locked</span>
                  </label>
                </td>
                <td>
                  <label>
                    <input type="checkbox" aria-label={`${page.title} for members only`} checked={page.membersOnly} onChange={(event) => save({ ...page, membersOnly: event.target.checked })} />
                    <span className="config-card-text"> Members only</span>
                  </label>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p role="status">{status}</p>
    </>
  );
}
