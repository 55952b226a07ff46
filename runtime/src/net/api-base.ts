/**
 * Where secure calls go: the loading script tag's `data-api-base` origin (CONTRACT §1), else
 * the page's own origin. Anything but an http(s) origin is ignored with a warning.
 */
export function apiBase(doc: Document = document): string {
  const configured = doc.querySelector('script[data-api-base]')?.getAttribute('data-api-base');
  if (configured) {
    try {
      const url = new URL(configured);
      if (url.protocol === 'https:' || url.protocol === 'http:') return url.origin;
    } catch {
      /* fall through to the warning */
    }
    console.warn(`Ignoring data-api-base "${configured}": it must be an http(s) origin.`);
  }
  return location.origin;
}
