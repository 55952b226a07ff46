import { useCallback, useEffect, useRef, useState } from 'react';
import { ownerGet } from './owner-api';

export type DataState<T> = { status: 'loading' } | { status: 'error'; error: Error } | { status: 'ready'; data: T };

/**
 * Runs `load` as the component mounts, again when `key` changes and again on `reload` (Try again, back
 * online). The latest `load` is used, so callers may pass a fresh closure each render; the answer of a
 * load that a newer one or an unmount overtook is dropped.
 */
export function useLoadState<T>(load: () => Promise<T>, key = ''): [DataState<T>, () => void] {
  const [state, setState] = useState<DataState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(load);
  latest.current = load;
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    latest.current().then(
      (data) => live && setState({ status: 'ready', data }),
      (error: Error) => live && setState({ status: 'error', error }),
    );
    return () => {
      live = false;
    };
  }, [key, attempt]);
  return [state, useCallback(() => setAttempt((n) => n + 1), [])];
}

/** Loads one owner endpoint; `reload` asks again (after an error, say). */
export function useOwnerData<T>(path: string, load: (path: string) => Promise<T> = ownerGet): [DataState<T>, () => void] {
  return useLoadState(() => load(path), path);
}
