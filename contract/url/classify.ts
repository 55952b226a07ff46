/**
 * URL rules of spec part 1 §5 (CONTRACT §4): classification, first match wins in the spec's
 * order. Pure: no DOM, no imports.
 */
export type UrlKind = 'empty' | 'anchor' | 'misc' | 'malformed' | 'external' | 'file' | 'content' | 'relative';

const SCHEME = /^([a-z][a-z\d+.-]*):/i;
const WEB_SCHEMES = new Set(['http', 'https', 'ftp']);

/**
 * `pageHost` is the page's host (`location.host`): an absolute URL or `//host` address on it is
 * classified by its path; any other host is external.
 */
export function classify(value: string, pageHost = ''): UrlKind {
  const url = String(value ?? '').trim();
  if (url === '') return 'empty';
  if (url.startsWith('#')) return 'anchor';
  const scheme = SCHEME.exec(url);
  if (scheme && !WEB_SCHEMES.has(scheme[1]!.toLowerCase())) return 'misc';
  if (scheme && !url.slice(scheme[0].length).startsWith('//')) return 'malformed';
  let path = url;
  if (scheme || url.startsWith('//')) {
    const rest = url.slice(scheme ? scheme[0].length + 2 : 2);
    const end = rest.search(/[/?#]/);
    const host = (end < 0 ? rest : rest.slice(0, end)).replace(/^[^@]*@/, '').toLowerCase();
    if (host === '') return 'malformed';
    if (host !== pageHost.toLowerCase()) return 'external';
    path = end < 0 ? '/' : rest.slice(end);
    if (!path.startsWith('/')) path = `/${path}`;
  }
  if (path.startsWith('/s/')) return 'file';
  if (path.startsWith('/')) return 'content';
  return 'relative';
}
