/**
 * Who keeps a detached DOM node alive: takes a heap snapshot and walks back from each detached
 * element to a GC root along strong edges (the shortest way, as DevTools' Retainers panel
 * shows first). Printed with the memory section when a destroy leaves nodes behind.
 */
import type { CDPSession } from '@playwright/test';

export interface Snapshot {
  snapshot: { meta: { node_fields: string[]; edge_fields: string[]; node_types: [string[]]; edge_types: [string[]] } };
  nodes: number[];
  edges: number[];
  strings: string[];
}

export async function takeSnapshot(cdp: CDPSession): Promise<Snapshot> {
  const chunks: string[] = [];
  const collect = ({ chunk }: { chunk: string }) => chunks.push(chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', collect);
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', collect);
  return JSON.parse(chunks.join('')) as Snapshot;
}

/** A snapshot with its retainers indexed: names, types and shortest retaining paths of nodes. */
export interface SnapshotIndex {
  count: number;
  nodeType(n: number): string;
  nodeName(n: number): string;
  nodeId(n: number): number;
  isDetached(n: number): boolean;
  /** The shortest strong path from a GC root to `target` (root first), avoiding nodes `skip` names. */
  pathTo(target: number, skip?: (n: number) => boolean): string | null;
}

export function indexSnapshot(snap: Snapshot): SnapshotIndex {
  const { node_fields, edge_fields, node_types, edge_types } = snap.snapshot.meta;
  const N = node_fields.length;
  const E = edge_fields.length;
  const [typeField, nameField, idField, edgeCountField, detachedness] = ['type', 'name', 'id', 'edge_count', 'detachedness'].map((field) => node_fields.indexOf(field)) as [number, number, number, number, number];
  const [edgeTypeField, edgeNameField, toNodeField] = ['type', 'name_or_index', 'to_node'].map((field) => edge_fields.indexOf(field)) as [number, number, number];
  const nodeType = (n: number) => node_types[0][snap.nodes[n * N + typeField]!]!;
  const nodeName = (n: number) => snap.strings[snap.nodes[n * N + nameField]!]!;
  const isDetached = (n: number) => (detachedness >= 0 ? snap.nodes[n * N + detachedness] === 2 : nodeName(n).startsWith('Detached '));
  const count = snap.nodes.length / N;
  const retainers: Array<Array<{ from: number; edge: string }>> = Array.from({ length: count }, () => []);
  let at = 0;
  for (let n = 0; n < count; n++) {
    const edgeCount = snap.nodes[n * N + edgeCountField]!;
    for (let k = 0; k < edgeCount; k++, at += E) {
      const type = edge_types[0][snap.edges[at + edgeTypeField]!]!;
      if (type === 'weak' || type === 'shortcut') continue;
      const nameOrIndex = snap.edges[at + edgeNameField]!;
      const edge = type === 'element' || type === 'hidden' ? `[${nameOrIndex}]` : (snap.strings[nameOrIndex] ?? String(nameOrIndex));
      retainers[snap.edges[at + toNodeField]! / N]!.push({ from: n, edge });
    }
  }
  const pathTo = (target: number, skip: (n: number) => boolean = () => false): string | null => {
    const previous = new Map<number, { from: number; edge: string }>();
    const queue = [target];
    const seen = new Set(queue);
    while (queue.length > 0) {
      const n = queue.shift()!;
      for (const step of retainers[n]!) {
        // Inside a detached tree every node holds the others: look for what holds it from outside.
        if (seen.has(step.from) || skip(step.from) || (isDetached(step.from) && isDetached(target))) continue;
        seen.add(step.from);
        previous.set(step.from, { from: n, edge: step.edge });
        if (nodeType(step.from) !== 'synthetic') {
          queue.push(step.from);
          continue;
        }
        const path: string[] = [];
        for (let at = step.from; at !== target; ) {
          const back = previous.get(at)!;
          path.push(`${nodeName(at).slice(0, 60)} --${back.edge}-->`);
          at = back.from;
        }
        return [...path, nodeName(target).slice(0, 80)].join(' ');
      }
    }
    return null;
  };
  return { count, nodeType, nodeName, nodeId: (n) => snap.nodes[n * N + idField]!, isDetached, pathTo };
}

/** DevTools' own DOM agent keeps every node it has named to a client (this benchmark's CDP calls). */
export const heldByDevTools = (index: SnapshotIndex) => (n: number) => /Inspector|DevToolsSession/.test(index.nodeName(n));

/**
 * Retaining paths (root first) of up to `limit` detached elements, and how many of them the
 * page itself holds (a path that does not pass through DevTools).
 */
export async function detachedRetainers(cdp: CDPSession, limit = 50): Promise<{ paths: string[]; heldByPage: number; checked: number }> {
  const index = indexSnapshot(await takeSnapshot(cdp));
  const targets: number[] = [];
  for (let n = 0; n < index.count && targets.length < limit; n++) {
    if (index.isDetached(n) && index.nodeType(n) === 'native' && /Element|<\w/.test(index.nodeName(n))) targets.push(n);
  }
  const paths = targets.map((target) => index.pathTo(target) ?? `${index.nodeName(target).slice(0, 80)}: no strong path to a root`);
  const heldByPage = targets.filter((target) => index.pathTo(target, heldByDevTools(index)) !== null).length;
  return { paths, heldByPage, checked: targets.length };
}
