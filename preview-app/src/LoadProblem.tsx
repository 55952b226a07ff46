import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { UNABLE_TO_LOAD_TRY_AGAIN } from '../../contract/model/editor-messages';

/** A load that failed, in words, with Try again; it tries again by itself when the browser comes back online. */
export function LoadProblem({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  useEffect(() => {
    addEventListener('online', onRetry);
    return () => removeEventListener('online', onRetry);
  }, [onRetry]);
  return (
    <div role="alert" className="config-error">
      <p>{children}</p>
      <button type="button" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/**
 * Runs an editor's load as it opens. Returns what to show in its place while it has no data:
 * the problem with Try again once the load failed, else null (still loading).
 */
export function useLoad(load: () => Promise<unknown>, problem: string | ((error: Error) => string) = UNABLE_TO_LOAD_TRY_AGAIN): ReactNode {
  const [failure, setFailure] = useState<Error | null>(null);
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(load);
  latest.current = load;
  useEffect(() => {
    let live = true;
    setFailure(null);
    latest.current().catch((error: Error) => live && setFailure(error));
    return () => {
      live = false;
    };
  }, [attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  if (!failure) return null;
  return <LoadProblem onRetry={retry}>{typeof problem === 'string' ? problem : problem(failure)}</LoadProblem>;
}
