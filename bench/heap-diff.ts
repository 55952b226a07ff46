/**
 * What the heap gained between two snapshots, grouped as DevTools' Comparison view groups it
 * (by constructor or kind of object), with the retaining path of one new object of each of the
 * largest groups: the lead when the heap grows over mount/destroy cycles although no DOM node
 * or listener is left.
 */
import type { CDPSession } from '@playwright/test';
import { heldByDevTools, indexSnapshot, takeSnapshot, type Snapshot } from './retainers';

interface Group {
  count: number;
  bytes: number;
}
export interface HeapSummary {
  groups: Map<string, Group>;
  /** Every object's snapshot id (stable across snapshots): what is new in a later one. */
  ids: Set<number>;
}

/** Objects by constructor; closures by function name; strings, code and the like by kind. */
function groupOf(type: string, name: string): string {
  if (type === 'object' || type === 'native') return name.slice(0, 60);
  return type === 'closure' ? `(closure) ${name.slice(0, 40)}` : `(${type})`;
}

function summarize(snap: Snapshot): HeapSummary {
  const { node_fields, node_types } = snap.snapshot.meta;
  const N = node_fields.length;
  const [typeField, nameField, sizeField, idField] = ['type', 'name', 'self_size', 'id'].map((field) => node_fields.indexOf(field)) as [number, number, number, number];
  const groups = new Map<string, Group>();
  const ids = new Set<number>();
  for (let at = 0; at < snap.nodes.length; at += N) {
    const group = groupOf(node_types[0][snap.nodes[at + typeField]!]!, snap.strings[snap.nodes[at + nameField]!]!);
    const entry = groups.get(group) ?? { count: 0, bytes: 0 };
    entry.count++;
    entry.bytes += snap.nodes[at + sizeField]!;
    groups.set(group, entry);
    ids.add(snap.nodes[at + idField]!);
  }
  return { groups, ids };
}

export async function heapSummary(cdp: CDPSession): Promise<HeapSummary> {
  return summarize(await takeSnapshot(cdp));
}

/**
 * The `limit` groups that gained the most bytes since `before`, largest first; for the first
 * `explain` groups of objects or closures, how one new member is held (not through DevTools).
 */
export async function heapGrowth(before: HeapSummary, cdp: CDPSession, limit = 12, explain = 3): Promise<string[]> {
  const snap = await takeSnapshot(cdp);
  const after = summarize(snap);
  const deltas = [...after.groups]
    .map(([group, { count, bytes }]) => ({ group, count: count - (before.groups.get(group)?.count ?? 0), bytes: bytes - (before.groups.get(group)?.bytes ?? 0) }))
    .filter((delta) => delta.bytes > 0)
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, limit);
  const explained = new Set(deltas.filter((delta) => delta.count > 0 && (!delta.group.startsWith('(') || delta.group.startsWith('(closure)'))).slice(0, explain).map((delta) => delta.group));
  const index = indexSnapshot(snap);
  const paths = new Map<string, string>();
  for (let n = 0; n < index.count && paths.size < explained.size; n++) {
    const group = groupOf(index.nodeType(n), index.nodeName(n));
    if (!explained.has(group) || paths.has(group) || before.ids.has(index.nodeId(n))) continue;
    paths.set(group, index.pathTo(n, heldByDevTools(index)) ?? 'held only by DevTools, or by nothing strong');
  }
  return deltas.map((delta) => {
    const path = paths.get(delta.group);
    return `${delta.group}: +${delta.count} objects, +${(delta.bytes / 1024).toFixed(1)} KB${path ? ` (one new one: ${path})` : ''}`;
  });
}
