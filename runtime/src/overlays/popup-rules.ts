/** Popup overlay display rules (spec part 1 §3–4, part 2 §3). Pure: no DOM. */
export const PAGE_TYPE_NOT_FOUND = 100;
export const PAGE_TYPE_LOCK_SCREEN = 103;
export const NEVER_AGAIN = -1;
export const DAY_MS = 86_400_000;
export const POPUP_POSITIONS = [
  'TOP_LEFT', 'TOP_CENTER', 'TOP_RIGHT',
  'MIDDLE_LEFT', 'CENTER', 'MIDDLE_RIGHT',
  'BOTTOM_LEFT', 'BOTTOM_CENTER', 'BOTTOM_RIGHT',
] as const;
export type PopupPosition = (typeof POPUP_POSITIONS)[number];

export interface PopupSettings {
  style?: unknown;
  enableMobile?: boolean;
  version?: number;
  showUntilSignup?: boolean;
  displayFrequency?: number;
  position?: string;
  title?: string;
  bodyHtml?: string;
  /** A newsletter block's JSON, shown inside the overlay. */
  newsletter?: Record<string, unknown>;
}

/** What the browser remembers: the keys of part 2 §3 (version, submitted, closed date). */
export interface PopupMemory {
  version?: number;
  submitted?: boolean;
  closedAt?: number;
}

export interface PopupEnvironment {
  now: number;
  pageType: number | null;
  mobile: boolean;
  screenshot: boolean;
}

/** Style "none" or absent suppresses the overlay; "show" (any case) or 1 shows it. */
export function styleShows(style: unknown): boolean {
  return style === 1 || (typeof style === 'string' && style.toLowerCase() === 'show');
}

export function popupPosition(value: unknown): PopupPosition {
  return POPUP_POSITIONS.includes(value as PopupPosition) ? (value as PopupPosition) : 'CENTER';
}

export function popupVisible(settings: PopupSettings, memory: PopupMemory, env: PopupEnvironment): boolean {
  if (env.screenshot || env.pageType === PAGE_TYPE_NOT_FOUND || env.pageType === PAGE_TYPE_LOCK_SCREEN) return false;
  if (env.mobile && settings.enableMobile !== true) return false;
  if (!styleShows(settings.style)) return false;
  if (memory.submitted && settings.showUntilSignup) return false;
  if (memory.version === undefined && memory.closedAt === undefined) return true;
  if ((memory.version ?? 0) < (settings.version ?? 0)) return true;
  const frequency = settings.displayFrequency ?? 0;
  if (memory.closedAt === undefined || frequency === NEVER_AGAIN) return false;
  return env.now >= memory.closedAt + frequency * DAY_MS;
}
