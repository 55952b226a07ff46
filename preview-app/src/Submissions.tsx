import { DataSection } from './DataSection';
import { MailStatus, type LoadMail } from './MailStatus';
import { toCsv } from './csv';
import { everyPage, ExportAllButton, useCsvExport } from './csv-export';
import { ownerDelete, ownerGet } from './owner-api';
import { useConfirmedDelete } from './confirmed-delete';
import { useOwnerData } from './use-owner-data';
import { OWNER_PATHS, ownerPath } from '../../contract/api/owner-paths';
import type { OwnerSubmission } from '../../contract/api/owner-answers';
import { counted } from './counted';

export type Submission = OwnerSubmission;
type Load = (path: string) => Promise<{ submissions: Submission[] }>;

/** How many the table shows; the export takes every one, this many per call. */
const SHOWN = 200;
const PAGE = 500;

/** A value as plain text: lists joined, likert answers as "question: answer". */
export function valueText(value: unknown): string {
  if (Array.isArray(value)) return value.filter((part) => part !== '').join(' ');
  if (value && typeof value === 'object') return Object.entries(value).map(([k, v]) => `${k}: ${String(v)}`).join('; ');
  return String(value ?? '');
}

/** Every field that any submission has, in first-seen order. */
export function fieldsOf(submissions: Submission[]): string[] {
  return [...new Set(submissions.flatMap((s) => Object.keys(s.values)))];
}

export function submissionsCsv(submissions: Submission[]): string {
  const fields = fieldsOf(submissions);
  return toCsv(['Submitted', 'Form', ...fields], submissions.map((s) => [s.createdAt, s.formId, ...fields.map((f) => valueText(s.values[f]))]));
}

/** Every submission, newest first, asked for a page at a time. */
export const allSubmissions = (load: Load): Promise<Submission[]> => everyPage(OWNER_PATHS.submissions, PAGE, async (path) => (await load(path)).submissions, (submission) => submission.id);

const when = (s: Submission) => new Date(s.createdAt).toLocaleString();

/**
 * Form submissions, newest first, as a table; every one as CSV; one deleted after a
 * confirmation (spam, or a visitor who asked to be forgotten). Visitor values are text: React
 * escapes them.
 */
export function Submissions({ load = ownerGet, remove = ownerDelete, loadMail }: { load?: Load; remove?: (path: string) => Promise<unknown>; loadMail?: LoadMail }) {
  const [state, reload] = useOwnerData<{ submissions: Submission[] }>(`${OWNER_PATHS.submissions}?limit=${SHOWN}`, load);
  const { status, setStatus, problem, setProblem, exporting, exportAll } = useCsvExport('form-submissions.csv', 'submission', () => allSubmissions(load), submissionsCsv);
  const { ask, dialog, focusable } = useConfirmedDelete<Submission>(
    remove,
    (submission) => ownerPath(OWNER_PATHS.submission, { id: submission.id }),
    {
      title: 'Delete this submission?',
      message: (submission) => `The submission of ${when(submission)} to ${submission.formId} is deleted for good. Export it first if you need it.`,
      done: (submission) => `Deleted the submission of ${when(submission)}.`,
      failed: () => 'Unable to delete the submission',
    },
    { setStatus, setProblem, reload },
  );
  return (
    <DataSection id="submissions" title="Form submissions" state={state} reload={reload} controls={<MailStatus load={loadMail} />}>
      {({ submissions }) => {
        const fields = fieldsOf(submissions);
        return (
          <>
            <p role="status">{status}</p>
            {problem && <p role="alert">{problem}</p>}
            {submissions.length === 0 ? (
              <p tabIndex={-1} ref={focusable('empty')}>
                No form submissions yet.
              </p>
            ) : (
              <>
                <ExportAllButton id="submissions" noun="submission" exporting={exporting} onClick={exportAll} buttonRef={focusable('export')} />
                <div className="config-scroll config-cards" tabIndex={0} role="region" aria-label="Form submissions table">
                  <table className="config-table config-submissions">
                    <caption>{submissions.length === SHOWN ? `The newest ${SHOWN} submissions` : `${counted(submissions.length, 'submission')}, newest first`}</caption>
                    <thead>
                      <tr>
                        <th scope="col">Submitted</th>
                        <th scope="col">Form</th>
                        {fields.map((field) => (
                          <th scope="col" key={field}>
                            {field}
                          </th>
                        ))}
                        <th scope="col">
                          <span className="sr-only">Actions</span>
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {submissions.map((s) => (
                        <tr key={s.id}>
                          <th scope="row">
                            <time dateTime={s.createdAt}>{when(s)}</time>
                          </th>
                          <td className="config-card-wide" data-label="Form: ">
                            {s.formId}
                          </td>
                          {fields.map((field) => (
                            <td key={field} className="config-card-wide" data-label={`${field}: `}>
                              {valueText(s.values[field])}
                            </td>
                          ))}
                          <td>
                            <button type="button" aria-label={`Delete the submission of ${when(s)}`} onClick={() => ask(s)}>
                              Delete
                            </button>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </>
            )}
            {dialog}
          </>
        );
      }}
    </DataSection>
  );
}
