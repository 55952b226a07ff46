/**
 * `--merge`: a partial run (`--only=…`, `--pages=…`, `--blocks=…`) re-measures some rows of the
 * last full run instead of replacing bench/results.json with only what it measured. Each row it
 * measured replaces the row of the same page (or page size, variant and theme); every other row
 * stays as the full run left it, and the results say what was re-measured when.
 */
import type { Results } from './report';

/** Rows of `fresh` replace the rows of `old` with the same key; the rest of `old` stays, in order. */
function mergeRows<T>(old: T[] | undefined, fresh: T[] | undefined, key: (row: T) => string): T[] | undefined {
  if (!fresh) return old;
  if (!old) return fresh;
  const replaced = new Map(fresh.map((row) => [key(row), row]));
  const merged = old.map((row) => replaced.get(key(row)) ?? row);
  const known = new Set(old.map(key));
  return [...merged, ...fresh.filter((row) => !known.has(key(row)))];
}

/** What a partial run measured, in a line: its sections and their pages. */
export function describeUpdate(fresh: Results): string {
  const parts: string[] = [];
  if (fresh.likeForLike) parts.push('like-for-like bytes');
  if (fresh.bytes) parts.push(`bytes of ${fresh.bytes.map((r) => r.page).join(', ')}`);
  if (fresh.mainThread) parts.push(`main thread at ${[...new Set(fresh.mainThread.map((r) => r.blocks))].join(', ')} blocks`);
  if (fresh.demoMainThread) parts.push(`main thread of ${fresh.demoMainThread.map((r) => r.page).join(', ')}`);
  if (fresh.memory) parts.push('memory');
  if (fresh.lighthouse) parts.push(`Lighthouse (${[...new Set(fresh.lighthouse.map((r) => r.throttling ?? 'simulated'))].join(' and ')} throttling) on ${[...new Set(fresh.lighthouse.map((r) => r.page))].join(', ')}`);
  if (fresh.ingest) parts.push('server ingest');
  if (fresh.storage) parts.push(`storage on ${fresh.storage.map((r) => r.engine).join(', ')}`);
  return `${fresh.date}: ${parts.join('; ') || 'nothing'}`;
}

export function mergeResults(old: Results, fresh: Results): Results {
  return {
    ...old,
    peerSizes: fresh.peerSizes ?? old.peerSizes,
    likeForLike: fresh.likeForLike ?? old.likeForLike,
    bytes: mergeRows(old.bytes, fresh.bytes, (r) => r.page),
    mainThread: mergeRows(old.mainThread, fresh.mainThread, (r) => `${r.blocks} ${r.variant} ${!!r.contained}`),
    demoMainThread: mergeRows(old.demoMainThread, fresh.demoMainThread, (r) => r.page),
    memory: fresh.memory ?? old.memory,
    lighthouse: mergeRows(old.lighthouse, fresh.lighthouse, (r) => `${r.page} ${r.throttling ?? 'simulated'}`),
    ingest: fresh.ingest ?? old.ingest,
    storage: mergeRows(old.storage, fresh.storage, (r) => r.engine),
    updates: [...(old.updates ?? []), describeUpdate(fresh)],
  };
}
