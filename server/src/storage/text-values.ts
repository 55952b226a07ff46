/**
 * PostgreSQL's text cannot hold the character U+0000: a visitor's e-mail, path or search with
 * one in it failed the whole query. Every string a query sends is stored and compared with
 * U+0000 as U+FFFD (the replacement character), on both engines, so that they store the same
 * and a copy from SQLite to PostgreSQL (storage/move.ts) meets nothing it cannot write.
 */
import { OperationNodeTransformer, type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, type PrimitiveValueListNode, type QueryResult, type RootOperationNode, type UnknownRow, type ValueNode } from 'kysely';

const NUL = /\u0000/g;

/** `value` with any U+0000 as U+FFFD; anything but a string as it is. */
export const withoutNul = <T>(value: T): T => (typeof value === 'string' && value.includes('\u0000') ? (value.replace(NUL, '\uFFFD') as T) : value);

class NulReplacer extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    const value = withoutNul(node.value);
    return value === node.value ? node : { ...node, value };
  }

  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    return node.values.some((value) => withoutNul(value) !== value) ? { ...node, values: node.values.map(withoutNul) } : node;
  }
}

export class NulFreeText implements KyselyPlugin {
  readonly #replacer = new NulReplacer();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#replacer.transformNode(args.node);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

/**
 * The most bytes (UTF-8) of a visitor's text kept in an indexed column (a path, a referrer, an
 * error message): PostgreSQL refuses an index entry past about 2,700 bytes, and one such row
 * failed its whole batch. SQLite keeps the same, so that both engines group alike.
 */
export const INDEXED_TEXT_MAX_BYTES = 2_000;

const encoder = new TextEncoder();
const room = new Uint8Array(INDEXED_TEXT_MAX_BYTES);

/** `text` (U+0000 already as U+FFFD, which is longer) cut to INDEXED_TEXT_MAX_BYTES, never inside a character. */
export function indexable(text: string): string {
  const clean = withoutNul(text);
  // Three bytes a UTF-16 unit at most: shorter text cannot be over.
  if (clean.length * 3 <= INDEXED_TEXT_MAX_BYTES) return clean;
  const { read } = encoder.encodeInto(clean, room);
  return clean.slice(0, read);
}
