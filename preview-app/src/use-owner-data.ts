import { useCallback, useEffect, useState } from 'react';
import { ownerGet } from './owner-api';

export type DataState<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T };

/** Loads one owner endpoint; `reload` asks again (after an error, say). */
export function useOwnerData<T>(path: string, load: (path: string) => Promise<T> = ownerGet): [DataState<T>, () => void] {
  const [state, setState] = useState<DataState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    load(path).then(
      (data) => live && setState({ status: 'ready', data }),
      (error: Error) => live && setState({ status: 'error', message: error.message }),
    );
    return () => {
      live = false;
    };
  }, [path, attempt]);
  return [state, useCallback(() => setAttempt((n) => n + 1), [])];
}
