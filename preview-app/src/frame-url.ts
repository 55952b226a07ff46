import { sameOriginPath } from '../../contract/url/safe-path';

/** The site path the config app frames: `frameUrl` when it is a same-origin path, else `/`. */
export function frameUrlFrom(search: string, origin: string): string {
  const raw = new URLSearchParams(search).get('frameUrl');
  const path = sameOriginPath(raw, origin, '/');
  // The config app must never frame itself.
  return path.startsWith('/config') ? '/' : path;
}
