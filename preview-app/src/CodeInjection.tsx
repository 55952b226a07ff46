import { Suspense, useState } from 'react';
import { useLoad } from './LoadProblem';
import { CODE_EDITING_NOT_ON_ANDROID } from '../../contract/model/editor-messages';
import { ownerGet, ownerPut } from './owner-api';
import { retryableLazy } from './retryable-lazy';
import { OWNER_PATHS } from '../../contract/api/owner-paths';
import type { CodeInjectionAnswer } from '../../contract/api/owner-answers';

const CodeEditor = retryableLazy(() => import('./CodeEditor').then((m) => ({ default: m.CodeEditor })));

type Code = CodeInjectionAnswer;

export const isAndroid = (userAgent = navigator.userAgent) => /Android/i.test(userAgent);

/** Code injection: HTML for the end of every page's head and body, in a code editor. */
export function CodeInjection({ userAgent }: { userAgent?: string }) {
  const [code, setCode] = useState<Code | null>(null);
  const [status, setStatus] = useState('');
  // The code editor (CodeMirror with HTML, CSS and JavaScript modes) is large: it loads on demand.
  const [editing, setEditing] = useState(false);
  const problem = useLoad(() => ownerGet<Code>(OWNER_PATHS.codeInjection).then(setCode));
  if (isAndroid(userAgent)) return <p role="status">{CODE_EDITING_NOT_ON_ANDROID}</p>;
  if (!code) return problem ?? <p aria-busy="true">Loading the code…</p>;
  if (!editing) {
    const lines = (text: string) => (text ? text.split('\n').length : 0);
    return (
      <p>
        Header: {lines(code.header)} lines, footer: {lines(code.footer)} lines.{' '}
        <button type="button" onClick={() => setEditing(true)}>
          Edit code
        </button>
      </p>
    );
  }
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        ownerPut(OWNER_PATHS.codeInjection, code).then(
          () => setStatus('Code saved. It is on every page now.'),
          (e: Error) => setStatus(e.message),
        );
      }}
    >
      <p className="config-hint">In the editors, Tab indents; press Escape, then Tab, to move on.</p>
      <Suspense fallback={<p aria-busy="true">Loading the code editor…</p>}>
        <p id="code-header-label">Header (end of every page’s head)</p>
        <CodeEditor label="Header code" autoFocus value={code.header} onChange={(header) => setCode((c) => ({ ...c!, header }))} />
        <p id="code-footer-label">Footer (end of every page’s body)</p>
        <CodeEditor label="Footer code" value={code.footer} onChange={(footer) => setCode((c) => ({ ...c!, footer }))} />
      </Suspense>
      <p>
        <button type="submit">Save code</button>
      </p>
      <p role="status">{status}</p>
    </form>
  );
}
