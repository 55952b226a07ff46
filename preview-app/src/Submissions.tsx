import { useEffect, useState } from 'react';
import { ownerGet } from './owner-api';

export interface Submission {
  id: number;
  formId: string;
  values: Record<string, unknown>;
  createdAt: string;
}

type State = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; submissions: Submission[] };

/** A value as plain text: lists joined, likert answers as "question: answer". */
export function valueText(value: unknown): string {
  if (Array.isArray(value)) return value.filter((part) => part !== '').join(' ');
  if (value && typeof value === 'object') return Object.entries(value).map(([k, v]) => `${k}: ${String(v)}`).join('; ');
  return String(value ?? '');
}

/** The latest form submissions. Visitor values are text: React escapes them. */
export function Submissions({ load = () => ownerGet<{ submissions: Submission[] }>('/api/owner/submissions?limit=20') }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    load().then(
      ({ submissions }) => live && setState({ status: 'ready', submissions }),
      (error: Error) => live && setState({ status: 'error', message: `Unable to load submissions: ${error.message}` }),
    );
    return () => {
      live = false;
    };
  }, []);
  if (state.status === 'loading') return <p aria-busy="true">Loading submissions…</p>;
  if (state.status === 'error') return <p role="alert">{state.message}</p>;
  if (state.submissions.length === 0) return <p>No form submissions yet.</p>;
  return (
    <ol className="config-submissions">
      {state.submissions.map((submission) => (
        <li key={submission.id}>
          <p>
            <strong>{submission.formId}</strong> · <time dateTime={submission.createdAt}>{new Date(submission.createdAt).toLocaleString()}</time>
          </p>
          <dl>
            {Object.entries(submission.values).map(([field, value]) => (
              <div key={field}>
                <dt>{field}</dt>
                <dd>{valueText(value)}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ol>
  );
}
