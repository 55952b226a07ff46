/**
 * Bundles the peer libraries with the same Rollup and terser settings as the runtime (ES2020,
 * scripts/minify-options.mjs, no comments; not our private-name mangling, which only fits our code)
 * and measures them as the runtime's budgets do: gzip of the minified file.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import commonjs from '@rollup/plugin-commonjs';
import resolve from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';
import { rollup } from 'rollup';
import { COMPRESS } from '../scripts/minify-options.mjs';

export const PEERS = {
  swiper: { file: 'swiper.ts', covers: 'gallery slideshows, strips and carousels (Navigation, Pagination, Autoplay, Thumbs)' },
  photoswipe: { file: 'photoswipe.ts', covers: 'the lightbox' },
  'lite-youtube-embed': { file: 'lite-youtube.ts', covers: 'the video block (YouTube only)' },
  'vanilla-cookieconsent': { file: 'cookieconsent.ts', covers: 'the cookie banner and consent' },
  'web-vitals': { file: 'web-vitals.ts', covers: 'real-user performance (metrics only; no sending)' },
  '@sentry/browser': { file: 'sentry.ts', covers: 'JavaScript error reporting' },
  '@googlemaps/js-api-loader': { file: 'maps-loader.ts', covers: 'the map block (the loader only)' },
  '@plausible-analytics/tracker': { file: 'plausible.ts', covers: 'page-view tracking (the census)' },
} as const;
export type Peer = keyof typeof PEERS;

const PEERS_DIR = path.resolve('bench/peers');

function plugins() {
  return [
    replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
    resolve({ browser: true }),
    commonjs(),
    typescript({ tsconfig: './tsconfig.json', include: ['bench/peers/**/*', 'bench/peer-endpoints.ts'], compilerOptions: { noEmit: false, declaration: false, sourceMap: false } }),
    terser({ ecma: 2020, compress: { ...COMPRESS }, format: { comments: false } }),
  ];
}

export const gzipSize = (code: string | Buffer) => gzipSync(code).length;

/** One peer as an ES module (every dynamic import inlined): its minified gzip size. */
export async function peerSize(peer: Peer): Promise<number> {
  const bundle = await rollup({ input: path.join(PEERS_DIR, PEERS[peer].file), plugins: plugins(), onwarn: () => undefined });
  const { output } = await bundle.generate({ format: 'es', inlineDynamicImports: true });
  await bundle.close();
  return gzipSize(output[0].code);
}

/** The whole peer stack as one classic script for the peer pages (see peers/stack.ts). */
export async function peerStackScript(): Promise<string> {
  const bundle = await rollup({ input: path.join(PEERS_DIR, 'stack.ts'), plugins: plugins(), onwarn: () => undefined });
  const { output } = await bundle.generate({ format: 'iife', inlineDynamicImports: true });
  await bundle.close();
  return output[0].code;
}

/** lite-youtube-embed and vanilla-cookieconsent need their stylesheets to look like anything. */
export const peerStyles = () =>
  ['node_modules/swiper/swiper-bundle.min.css', 'node_modules/photoswipe/dist/photoswipe.css', 'node_modules/lite-youtube-embed/src/lite-yt-embed.css', 'node_modules/vanilla-cookieconsent/dist/cookieconsent.css']
    .map((file) => {
      try {
        return readFileSync(file, 'utf8');
      } catch {
        return '';
      }
    })
    .join('\n');
