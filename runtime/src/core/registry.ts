import type { BlockLoader, BlockModule } from './types';

/**
 * Block type → lazy loader. Each `import()` is its own chunk in the ESM build, so a page only
 * downloads the code of the blocks it has.
 */
const loaders = new Map<string, BlockLoader>([
  ['accordion', () => import('../blocks/accordion/index').then((m) => m.default as BlockModule)],
  ['form', () => import('../blocks/form/index').then((m) => m.default as BlockModule)],
  ['newsletter', () => import('../blocks/form/index').then((m) => m.default as BlockModule)],
  ['gallery', () => import('../blocks/gallery/index').then((m) => m.default as BlockModule)],
  ['image', () => import('../blocks/image/index').then((m) => m.default as BlockModule)],
  ['video', () => import('../blocks/video/index').then((m) => m.default as BlockModule)],
  ['map', () => import('../blocks/map/index').then((m) => m.default as BlockModule)],
  ['menu', () => import('../blocks/menu/index').then((m) => m.default as BlockModule)],
  ['member-area', () => import('../blocks/member-area/index').then((m) => m.default as BlockModule)],
  ['audio', () => import('../blocks/audio/index').then((m) => m.default as BlockModule)],
  ['search', () => import('../blocks/search/index').then((m) => m.default as BlockModule)],
  ['summary', () => import('../blocks/summary/index').then((m) => m.default as BlockModule)],
  ['button', () => import('../blocks/button/index').then((m) => m.default as BlockModule)],
]);

/** CONTRACT §3a: these blocks mount only when the context's featureFlags name them. */
export const FEATURE_GATED_BLOCKS: readonly string[] = ['amazon', 'donation', 'menu', 'opentable'];

export function blockLoader(type: string): BlockLoader | undefined {
  return loaders.get(type);
}

/** Lets tests and theme code add a block type; answers the teardown. */
export function registerBlock(type: string, loader: BlockLoader): () => void {
  loaders.set(type, loader);
  return () => {
    if (loaders.get(type) === loader) loaders.delete(type);
  };
}

export function knownBlockTypes(): string[] {
  return [...loaders.keys()];
}
