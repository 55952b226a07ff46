/**
 * The crumb (spec part 1 §7, §9): a token the server signs and sets as a cookie, which every
 * API call carries back as the `crumb` query parameter or the crumb header. An answer
 * `{crumbFail: true, crumb}` brings a fresh one, and the call may be made once more.
 * Shared by the runtime's data layer, the owner app and the server. Pure: no DOM, no imports.
 */
export const CRUMB_COOKIE = 'crumb';
export const CRUMB_PARAM = 'crumb';
/** Header names are case-insensitive; the server reads it lower-case. */
export const CRUMB_HEADER = 'x-csrf-token';

/** The crumb in a cookie string (`document.cookie`, a Cookie header); '' when there is none. */
export function crumbFrom(cookies: string): string {
  const match = /(?:^|;\s*)crumb=([^;]*)/.exec(cookies);
  if (!match) return '';
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return match[1]!;
  }
}

/** Whether an answer is a crumbFail that brings the crumb to retry with. */
export function isCrumbFail(body: unknown): body is { crumbFail: true; crumb: string } {
  const answer = body as { crumbFail?: unknown; crumb?: unknown } | null;
  return !!answer && answer.crumbFail === true && typeof answer.crumb === 'string' && answer.crumb !== '';
}
