/**
 * Untrusted navigation targets (a `frameUrl`, a `next` parameter) are accepted only as paths
 * on the given origin; anything else (javascript:, data:, another host, `//host`, `/\host`)
 * answers the fallback. Pure: no DOM, no imports.
 */
export function sameOriginPath(value: string | null | undefined, origin: string, fallback = '/'): string {
  if (typeof value !== 'string' || value === '') return fallback;
  // Control characters and backslashes let browsers read a path as another host.
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  if (!value.startsWith('/') || value.startsWith('//')) return fallback;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== new URL(origin).origin) return fallback;
  return url.pathname + url.search + url.hash;
}
