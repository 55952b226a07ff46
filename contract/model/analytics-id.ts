/** The stored analytics id (spec part 1 §3), read by the analytics sender and the performance collector. Pure. */

/** CONTRACT §3a: the analytics id and its 390-day expiry live in localStorage under this key, as JSON. */
export const ANALYTICS_ID_KEY = 'ss-analytics-id';

/** The id in the stored `{"id", "expires"}` JSON while it has not expired; null when absent, expired or broken. */
export function storedAnalyticsId(stored: string | null, now: number): string | null {
  try {
    const saved = JSON.parse(stored!) as { id?: string; expires?: number };
    return (saved.expires! > now && saved.id) || null;
  } catch {
    return null; // nothing stored (null has no fields) or a broken value: a new id replaces it
  }
}
