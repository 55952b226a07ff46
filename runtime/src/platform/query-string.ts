import { reportError } from './report';

/**
 * Reads one query parameter. An invalid URL is reported to the error service (which falls
 * back to the console) and answers null instead of throwing.
 */
export function queryParam(name: string, url: string = location.href): string | null {
  try {
    return new URL(url, location.href).searchParams.get(name);
  } catch (error) {
    reportError(error, `Invalid url in query helper: ${String(url).slice(0, 200)}`);
    return null;
  }
}
