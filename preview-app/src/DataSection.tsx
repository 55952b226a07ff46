import type { ReactNode } from 'react';
import { LoadProblem } from './LoadProblem';
import type { DataState } from './use-owner-data';

interface Props<T> {
  id: string;
  title: string;
  state: DataState<T>;
  reload: () => void;
  /** Shown whatever the state (a search form, what it found): it keeps its focus while the data loads again. */
  controls?: ReactNode;
  children: (data: T) => ReactNode;
}

/** A dashboard section with its loading and error states (and a way to try again). */
export function DataSection<T>({ id, title, state, reload, controls, children }: Props<T>) {
  return (
    <section className="config-section" aria-labelledby={`${id}-title`} aria-busy={state.status === 'loading'}>
      <h2 id={`${id}-title`}>{title}</h2>
      {controls}
      {state.status === 'loading' && <p className="config-loading">Loading…</p>}
      {state.status === 'error' && (
        <LoadProblem onRetry={reload}>
          Unable to load {title.toLowerCase()}: {state.error.message}
        </LoadProblem>
      )}
      {state.status === 'ready' && children(state.data)}
    </section>
  );
}
