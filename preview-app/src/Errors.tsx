import { Fragment, useState } from 'react';
import { DataSection } from './DataSection';
import { LoadProblem } from './LoadProblem';
import { useOwnerData } from './use-owner-data';
import { OWNER_PATHS, ownerPath } from '../../contract/api/owner-paths';
import type { ErrorReportAnswer, ErrorsAnswer, OwnerErrorGroup } from '../../contract/api/owner-answers';

/** JavaScript errors grouped by message, most recent first; each opens its latest report (where, the stack, the page, the browser). */
export function Errors({ days }: { days: number }) {
  const [state, reload] = useOwnerData<ErrorsAnswer>(`${OWNER_PATHS.errors}?days=${days}`);
  return (
    <DataSection id="errors" title="JavaScript errors" state={state} reload={reload}>
      {({ errors }) =>
        errors.length === 0 ? (
          <p>No errors reported in the last {days} days.</p>
        ) : (
          <table className="config-table">
            <caption>Errors by message, last {days} days</caption>
            <thead>
              <tr>
                <th scope="col">Message</th>
                <th scope="col">Count</th>
                <th scope="col">Last seen</th>
              </tr>
            </thead>
            <tbody>
              {errors.map((group) => (
                <ErrorRows key={group.message} group={group} />
              ))}
            </tbody>
          </table>
        )
      }
    </DataSection>
  );
}

function ErrorRows({ group }: { group: OwnerErrorGroup }) {
  const [open, setOpen] = useState(false);
  const latest = group.latestReport;
  const reportId = `error-report-${latest}`;
  return (
    <Fragment>
      <tr>
        <th scope="row" className="config-message">
          {group.message}
          {latest !== null && (
            <div>
              <button type="button" aria-expanded={open} aria-controls={open ? reportId : undefined} onClick={() => setOpen(!open)}>
                Latest report
              </button>
            </div>
          )}
        </th>
        <td>{group.count}</td>
        <td>
          <time dateTime={group.lastSeen}>{new Date(group.lastSeen).toLocaleString()}</time>
        </td>
      </tr>
      {open && latest !== null && (
        <tr id={reportId}>
          <td colSpan={3}>
            <ErrorReport id={latest} />
          </td>
        </tr>
      )}
    </Fragment>
  );
}

/** Where the error was thrown, as the browser said: "theme.js line 12, column 7". */
const placeOf = (report: ErrorReportAnswer): string | null =>
  report.source ? [report.source, report.line !== null && `line ${report.line}`, report.column !== null && `column ${report.column}`].filter(Boolean).join(', ') : null;

function ErrorReport({ id }: { id: number }) {
  const [state, reload] = useOwnerData<ErrorReportAnswer>(ownerPath(OWNER_PATHS.errorReport, { id }));
  if (state.status === 'loading') return <p className="config-loading">Loading…</p>;
  if (state.status === 'error') return <LoadProblem onRetry={reload}>Unable to load the report: {state.error.message}</LoadProblem>;
  const report = state.data;
  const place = placeOf(report);
  return (
    <dl className="config-report">
      <dt>Reported</dt>
      <dd>
        <time dateTime={report.at}>{new Date(report.at).toLocaleString()}</time>
      </dd>
      {report.page && (
        <>
          <dt>Page</dt>
          <dd>{report.page}</dd>
        </>
      )}
      {place && (
        <>
          <dt>Where</dt>
          <dd>{place}</dd>
        </>
      )}
      {report.browser && (
        <>
          <dt>Browser</dt>
          <dd>{report.browser}</dd>
        </>
      )}
      {report.stack && (
        <>
          <dt>Stack</dt>
          <dd>
            <pre>{report.stack}</pre>
          </dd>
        </>
      )}
    </dl>
  );
}
