import { DataSection } from './DataSection';
import { download, toCsv } from './csv';
import { useOwnerData } from './use-owner-data';
import { OWNER_PATHS } from '../../contract/api/owner-paths';
import type { OwnerSubmission } from '../../contract/api/owner-answers';

export type Submission = OwnerSubmission;

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

/** Form submissions, newest first, as a table; CSV export. Visitor values are text: React escapes them. */
export function Submissions({ load }: { load?: (path: string) => Promise<{ submissions: Submission[] }> }) {
  const [state, reload] = useOwnerData<{ submissions: Submission[] }>(`${OWNER_PATHS.submissions}?limit=200`, load);
  return (
    <DataSection id="submissions" title="Form submissions" state={state} reload={reload}>
      {({ submissions }) => {
        if (submissions.length === 0) return <p>No form submissions yet.</p>;
        const fields = fieldsOf(submissions);
        return (
          <>
            <p>
              <button type="button" onClick={() => download('form-submissions.csv', submissionsCsv(submissions))}>
                Export CSV
              </button>
            </p>
            <div className="config-scroll" tabIndex={0} role="region" aria-label="Form submissions table">
              <table className="config-table config-submissions">
                <caption>{submissions.length} submissions, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Submitted</th>
                    <th scope="col">Form</th>
                    {fields.map((field) => (
                      <th scope="col" key={field}>
                        {field}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {submissions.map((s) => (
                    <tr key={s.id}>
                      <th scope="row">
                        <time dateTime={s.createdAt}>{new Date(s.createdAt).toLocaleString()}</time>
                      </th>
                      <td>{s.formId}</td>
                      {fields.map((field) => (
                        <td key={field}>{valueText(s.values[field])}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        );
      }}
    </DataSection>
  );
}
