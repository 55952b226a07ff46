import { safeStorage } from '../platform/storage';
import type { PopupMemory } from './popup-rules';

/** localStorage keys for what the visitor did with the popup overlay. */
export const POPUP_KEYS = { version: 'ss-popup-overlay-version', submitted: 'ss-popup-overlay-submitted', closedAt: 'ss-popup-overlay-closed' } as const;

const number = (value: string | null) => (value !== null && Number.isFinite(Number(value)) ? Number(value) : undefined);

export function readPopupMemory(): PopupMemory {
  const store = safeStorage('local');
  return {
    version: number(store.get(POPUP_KEYS.version)),
    submitted: store.get(POPUP_KEYS.submitted) === 'true',
    closedAt: number(store.get(POPUP_KEYS.closedAt)),
  };
}

export function rememberPopup(version: number, now: number, submitted = false): void {
  const store = safeStorage('local');
  store.set(POPUP_KEYS.version, String(version));
  store.set(POPUP_KEYS.closedAt, String(now));
  if (submitted) store.set(POPUP_KEYS.submitted, 'true');
}
