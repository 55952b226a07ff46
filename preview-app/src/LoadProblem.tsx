import { useEffect, type ReactNode } from 'react';
import { UNABLE_TO_LOAD_TRY_AGAIN } from '../../contract/model/editor-messages';
import { useLoadState } from './use-owner-data';

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
 * the problem with Try again once the load failed, else null (still loading, or loaded).
 */
export function useLoad(load: () => Promise<unknown>, problem: string | ((error: Error) => string) = UNABLE_TO_LOAD_TRY_AGAIN): ReactNode {
  const [state, retry] = useLoadState(load);
  if (state.status !== 'error') return null;
  return <LoadProblem onRetry={retry}>{typeof problem === 'string' ? problem : problem(state.error)}</LoadProblem>;
}
