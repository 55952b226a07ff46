/**
 * Web storage that never throws: private modes, sandboxed frames and full quotas make
 * localStorage throw on access; the runtime then carries on without it.
 */
export const STORAGE_WARNING = 'Unable access local/session storage.';

export interface SafeStorage {
  get(key: string): string | null;
  set(key: string, value: string): boolean;
  remove(key: string): void;
}

export type StorageKind = 'local' | 'session';

let warned = false;
function warnOnce(error: unknown): void {
  if (warned) return;
  warned = true;
  console.warn(STORAGE_WARNING, error);
}

/** Test hook: the warning is shown once per page. */
export function resetStorageWarning(): void {
  warned = false;
}

function area(kind: StorageKind): Storage {
  return kind === 'local' ? window.localStorage : window.sessionStorage;
}

export function safeStorage(kind: StorageKind): SafeStorage {
  return {
    get(key) {
      try {
        return area(kind).getItem(key);
      } catch (error) {
        warnOnce(error);
        return null;
      }
    },
    set(key, value) {
      try {
        area(kind).setItem(key, value);
        return true;
      } catch (error) {
        warnOnce(error);
        return false;
      }
    },
    remove(key) {
      try {
        area(kind).removeItem(key);
      } catch (error) {
        warnOnce(error);
      }
    },
  };
}
