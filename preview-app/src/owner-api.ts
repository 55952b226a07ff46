/** GETs owner data with the crumb, as every API call must carry it; one retry on crumbFail. */
export async function ownerGet<T>(path: string, retried = false): Promise<T> {
  const crumb = /(?:^|;\s*)crumb=([^;]*)/.exec(document.cookie)?.[1] ?? '';
  const response = await fetch(`${path}${path.includes('?') ? '&' : '?'}crumb=${crumb}`, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  const body = (await response.json().catch(() => ({}))) as T & { error?: string; crumbFail?: boolean };
  if (body.crumbFail && !retried) return ownerGet<T>(path, true);
  if (!response.ok) throw new Error(body.error ?? `HTTP ${response.status}`);
  return body;
}
