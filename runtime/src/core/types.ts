import type { PageContext } from '../../../contract/context/types';

/** What a block's mount function returns: a live instance that can be torn down. */
export interface BlockInstance {
  destroy(): void;
  [member: string]: unknown;
}

export interface BlockMountContext {
  /** Block id without the `block-` prefix (API calls send it that way), or null. */
  id: string | null;
  config: Record<string, unknown>;
  page: Readonly<PageContext>;
}

/** The default export of every `blocks/<type>/index.ts` chunk entry. */
export interface BlockModule {
  /** Reads the block's configuration itself (own messages, other sources); default: data-block-json. */
  readConfig?(element: HTMLElement): Record<string, unknown>;
  /** A stylesheet beside site.js that must have loaded before the block mounts (loaded once for every block of the type). */
  stylesheet?: string;
  mount(element: HTMLElement, context: BlockMountContext): BlockInstance | Promise<BlockInstance>;
}

export type BlockLoader = () => Promise<BlockModule>;
