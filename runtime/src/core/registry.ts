import type { BlockLoader, BlockModule } from './types';

/**
 * Block type → lazy loader. Each `import()` is its own chunk in the ESM build, so a page only
 * downloads the code of the blocks it has.
 */
const lazy =
  (load: () => Promise<{ default: unknown }>): BlockLoader =>
  () =>
    load().then((m) => m.default as BlockModule);

const loaders = new Map<string, BlockLoader>([
  ['accordion', lazy(() => import('../blocks/accordion/index'))],
  ['form', lazy(() => import('../blocks/form/index'))],
  ['newsletter', lazy(() => import('../blocks/form/index'))],
  ['gallery', lazy(() => import('../blocks/gallery/index'))],
  ['image', lazy(() => import('../blocks/image/index'))],
  ['video', lazy(() => import('../blocks/video/index'))],
  ['map', lazy(() => import('../blocks/map/index'))],
  ['menu', lazy(() => import('../blocks/menu/index'))],
  ['member-area', lazy(() => import('../blocks/member-area/index'))],
  ['audio', lazy(() => import('../blocks/audio/index'))],
  ['search', lazy(() => import('../blocks/search/index'))],
  ['summary', lazy(() => import('../blocks/summary/index'))],
  ['reservation', lazy(() => import('../blocks/reservation/index'))],
  ['acuity', lazy(() => import('../blocks/scheduling/index'))],
  ['zola', lazy(() => import('../blocks/scheduling/index'))],
  ['product-list', lazy(() => import('../blocks/product-list/index'))],
  ['donation', lazy(() => import('../blocks/donation/index'))],
  ['chart', lazy(() => import('../blocks/chart/index'))],
  ['button', lazy(() => import('../blocks/button/index'))],
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
