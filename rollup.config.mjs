// One build for the three programs: the runtime (ESM with lazy chunks, and a classic IIFE),
// the owner app, and the server as plain JS. Source maps everywhere.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { builtinModules } from 'node:module';
import alias from '@rollup/plugin-alias';
import commonjs from '@rollup/plugin-commonjs';
import resolve from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';
import { Features as CssFeatures, transform as cssTransform } from 'lightningcss';
import { dts } from 'rollup-plugin-dts';
import { COMPRESS } from './scripts/minify-options.mjs';

// Every build starts from an empty dist/ so that no stale chunk is served or measured: emptied
// when the first build starts, not when this file is imported (a tool that reads the config
// deletes nothing).
let emptied = false;
const emptyDist = () => ({
  name: 'empty-dist',
  buildStart() {
    if (emptied) return;
    emptied = true;
    rmSync(new URL('./dist', import.meta.url), { recursive: true, force: true });
  },
});

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

const versionAndMode = () =>
  replace({
    preventAssignment: true,
    values: { __TESSERA_VERSION__: JSON.stringify(pkg.version), 'process.env.NODE_ENV': JSON.stringify('production') },
  });

// The build transpiles and does not check types (`noCheck`): `npm run typecheck` checks the
// whole project once, where each of the builds below would check its part again.
const ts = (include, outDir, sourceMap = true) =>
  typescript({
    tsconfig: './tsconfig.json',
    include,
    compilerOptions: { noEmit: false, noCheck: true, outDir, rootDir: '.', declaration: false, sourceMap, types: [] },
    noEmitOnError: true,
  });

// Runtime components are written against `react`; the runtime ships preact/compat instead.
const preactAlias = () =>
  alias({
    entries: [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react$/, replacement: 'preact/compat' },
    ],
  });

// The owner app keeps terser's safe settings: its editors (ProseMirror, CodeMirror) were not
// written with COMPRESS's assumptions in mind; the runtime and its two libraries were checked.
const minify = (compress = COMPRESS, format = {}) =>
  terser({
    // Not `module: true`: it silently drops the IIFE's global.
    ecma: 2020,
    compress: { ...compress },
    // Private members are named `_likeThis` (at least two letters) and mangled away, as Preact
    // does; preact's own `__x` internals and public names never match.
    mangle: { properties: { regex: /^_[a-z][A-Za-z]+$/ } },
    format: { comments: false, ...format },
  });

/** The runtime's stylesheets, each loaded by the feature that needs it, in one order. */
const RUNTIME_STYLESHEETS = [
  ['consent.css', 'runtime/src/consent/consent.css'],
  ['overlays.css', 'runtime/src/overlays/overlays.css'],
  ['lightbox.css', 'runtime/src/ui/lightbox/lightbox.css'],
  ['gallery.css', 'runtime/src/blocks/gallery/gallery.css'],
  ['form.css', 'runtime/src/blocks/form/form.css'],
  ['video.css', 'runtime/src/blocks/video/video.css'],
  ['blocks.css', 'runtime/src/blocks/blocks.css'],
];

/**
 * The oldest browsers the runtime supports (README, "Browsers"; scripts/check-syntax.mjs holds
 * the scripts to them): lightningcss adds what they need, such as Safari's `-webkit-user-select`.
 * `:dir()` stays as written: lowered, it would read the page's language instead of its `dir`.
 */
const CSS_TARGETS = { safari: (15 << 16) | (4 << 8), chrome: 108 << 16, firefox: 101 << 16 };
const minifyCss = (fileName, source) =>
  cssTransform({ filename: fileName, code: Buffer.from(source), minify: true, targets: CSS_TARGETS, exclude: CssFeatures.DirSelector }).code.toString();

/**
 * Files that ship beside site.js: the stylesheets (minified), and `runtime.css`, all of them in
 * one file that a theme links in its <head> so that no stylesheet arrives after the first layout.
 */
const runtimeAssets = () => ({
  name: 'runtime-assets',
  generateBundle() {
    const all = [];
    for (const [fileName, path] of RUNTIME_STYLESHEETS) {
      const source = minifyCss(fileName, readFileSync(path, 'utf8'));
      all.push(source);
      this.emitFile({ type: 'asset', fileName, source });
    }
    // The mark tells the runtime runtime.css is applied, also when a bundler renamed or merged it (platform/assets.ts).
    this.emitFile({ type: 'asset', fileName: 'runtime.css', source: [...all, ':root{--tessera-runtime-css:1}'].join('\n') });
    // Each language's words, beside site.js (platform/strings.ts loads the page's one).
    for (const file of readdirSync('contract/i18n')) {
      this.emitFile({ type: 'asset', fileName: `i18n/${file}`, source: JSON.stringify(JSON.parse(readFileSync(`contract/i18n/${file}`, 'utf8'))) });
    }
    this.emitFile({ type: 'asset', fileName: 'map-marker.svg', source: readFileSync('runtime/src/blocks/map/map-marker.svg', 'utf8') });
  },
});

/**
 * Every script and stylesheet of the runtime also as `.br` (brotli at its best) and `.gz`
 * beside it, which the server sends as they are (@fastify/static `preCompressed`): about a
 * tenth smaller than compressing each answer on the fly, and no work per request.
 */
const precompress = () => ({
  name: 'precompress',
  writeBundle(options, bundle) {
    const dir = options.dir ?? dirname(options.file);
    for (const fileName of Object.keys(bundle)) {
      if (!/\.(js|css|json)$/.test(fileName)) continue;
      const file = join(dir, fileName);
      const source = readFileSync(file);
      writeFileSync(`${file}.br`, brotliCompressSync(source, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
    }
  },
});

const runtimePlugins = (outDir, format) => [
  runtimeAssets(),
  preactAlias(),
  resolve({ browser: true }),
  versionAndMode(),
  ts(['runtime/src/**/*', 'contract/**/*'], outDir),
  minify(COMPRESS, format),
  precompress(),
];

/** Copies the owner app's HTML pages (and the chart library's stylesheet) next to its scripts. */
const copyHtml = (files) => ({
  name: 'copy-html',
  generateBundle() {
    for (const file of files) {
      this.emitFile({ type: 'asset', fileName: file, source: readFileSync(`preview-app/${file}`, 'utf8') });
    }
    this.emitFile({ type: 'asset', fileName: 'login.css', source: readFileSync('preview-app/login.css', 'utf8') });
    this.emitFile({ type: 'asset', fileName: 'uPlot.min.css', source: readFileSync('node_modules/uplot/dist/uPlot.min.css', 'utf8') });
  },
});

// How the runtime is split. Rollup's own rule already follows the folders: a block's folder is
// imported by its block alone, so each block folder (and each lazily loaded design, page or
// service folder) becomes its chunk. Code that several chunks share would be split by Rollup
// into one chunk per set of importers, or taken along by the first group that imports it; the
// groups below name that shared code instead, by module path under runtime/src or contract,
// so that what loads together is one request: the collectors with the transport and tracking
// rules that blocks share with them; SiteRuntime.money/.url with the currency table and URL
// rules the store blocks share; the image loader with its DOM batching; the Escape stack with
// the focus trap; the modal with the runtime's style sheets; the gallery's core with its grid layouts and lightbox opener, and its moving
// designs with their navigation. A folder-only rule (each module to its nearest folder with an
// index) was measured against these: 42 chunks instead of 53, but /gallery then downloads 19
// scripts and 69 KB instead of 13 and 31 KB (the `ui` and `platform` folders become single chunks).
const SHARED_CHUNKS = {
  collectors: ['collectors/index', 'net/beacon', 'tracking/census', 'tracking/visitor', 'tracking/landing', 'core/tracking-policy', 'platform/media-events', 'model/analytics-id'],
  'pure-api': ['pure-api', 'commerce/money', 'commerce/currencies', 'url/classify', 'url/slug'],
  'responsive-images': ['ui/responsive-images', 'platform/dom-batch', 'model/files', 'context/features'],
  keys: ['platform/keys', 'platform/direction'],
  interaction: ['platform/escape', 'ui/focus'],
  swipe: ['ui/swipe'],
  // The dialogs' styles with the dialog; the owner's outlines take it along (owners only).
  modal: ['ui/modal', 'ui/styles', 'platform/style-sheets'],
  gallery: ['index', 'core', 'gallery', 'options', 'history', 'slides', 'eventable', 'open-lightbox', 'words', 'designs/index', 'designs/types', 'designs/layouts']
    .map((name) => `blocks/gallery/${name}`)
    .concat('platform/viewport'),
  slideshow: ['navigation', 'controls', 'autoplay', 'designs/stacked', 'designs/strip'].map((name) => `blocks/gallery/${name}`),
};
const chunkOfModule = new Map(
  Object.entries(SHARED_CHUNKS).flatMap(([chunk, modules]) => modules.map((module) => [module, chunk])),
);
/** The group a module belongs to, by its path under runtime/src/ or contract/ without extension. */
function sharedChunk(id) {
  const module = /\/(?:runtime\/src|contract)\/(.+)\.tsx?$/.exec(id)?.[1];
  return module === undefined ? undefined : chunkOfModule.get(module);
}

const RUNTIME_ENTRY = new URL('./runtime/src/index.ts', import.meta.url).pathname;
/**
 * Shared by lazy chunks that load at once on a page (the cookie banner, the page bars; every
 * chunk that writes markup goes through the Trusted Types policy) and small: in site.js, where
 * all find it, rather than a chunk of its own that each would have to wait for.
 */
const IN_SITE_JS = /\/runtime\/src\/platform\/(screen-foot|page-box|trusted-types)\.ts$/;

/** The modules an entry imports statically, directly or not (computed once per build). */
const reachable = new WeakMap();
function staticallyReachable(getModuleInfo, entry) {
  const key = getModuleInfo(entry);
  if (reachable.has(key)) return reachable.get(key);
  const seen = new Set();
  const visit = (id) => {
    if (seen.has(id)) return;
    seen.add(id);
    for (const next of getModuleInfo(id)?.importedIds ?? []) visit(next);
  };
  visit(entry);
  reachable.set(key, seen);
  return seen;
}

const nodeExternal = [...builtinModules, ...builtinModules.map((m) => `node:${m}`), ...Object.keys(pkg.dependencies)];

export default [
  {
    input: { site: 'runtime/src/index.ts' },
    // Lazy chunks may import from site.js itself instead of a facade chunk (one request less).
    preserveEntrySignatures: 'allow-extension',
    output: {
      dir: 'dist/runtime',
      format: 'es',
      entryFileNames: '[name].js',
      // Maps without the sourceMappingURL comment: the server names them in a SourceMap header.
      sourcemap: 'hidden',
      // preact/compat is one shared chunk, loaded by the first piece of UI that needs it.
      manualChunks: (id, { getModuleInfo }) => {
        if (id.includes('/node_modules/preact/')) return 'preact';
        // What site.js needs itself is pinned there: a manual chunk would otherwise take
        // along every module it shares with site.js.
        if (staticallyReachable(getModuleInfo, RUNTIME_ENTRY).has(id) || IN_SITE_JS.test(id)) return 'site';
        return sharedChunk(id);
      },
      // A folder's index chunk is named after its folder: chunks/accordion-<hash>.js, perf-….
      chunkFileNames: (chunk) => {
        const folder = /\/([^/]+)\/index\.tsx?$/.exec(chunk.facadeModuleId ?? chunk.moduleIds.at(-1) ?? '');
        return `chunks/${folder ? folder[1] : '[name]'}-[hash:6].js`;
      },
    },
    plugins: [emptyDist(), ...runtimePlugins('dist/runtime')],
  },
  {
    input: 'runtime/src/index.ts',
    output: {
      file: 'dist/runtime/site.iife.js',
      format: 'iife',
      name: 'SiteRuntimeModule',
      inlineDynamicImports: true,
      sourcemap: 'hidden',
    },
    // `(function(){…})()`: V8 compiles a function in parentheses with the script, on the
    // streaming thread, where it would otherwise compile all 180 KB of it again on the main
    // thread when it runs (a long task of its own at 4x; see README "What the benchmarks found").
    plugins: runtimePlugins('dist/runtime', { wrap_iife: true }),
  },
  // Every pure helper for theme code, self-contained (no shared chunk with site.js, which
  // would cost site.js a request).
  {
    input: 'runtime/src/helpers.ts',
    output: { file: 'dist/runtime/helpers.js', format: 'es', sourcemap: 'hidden' },
    plugins: [resolve({ browser: true }), ts(['runtime/src/**/*', 'contract/**/*'], 'dist/runtime'), minify()],
  },
  // Not served: the consent service and the error capture on their own, with the shared platform
  // helpers left out, so that each one's share of site.js has a
  // budget of its own. No source map: its URL comment would count against the budget.
  ...[
    ['runtime/src/consent/core.ts', 'dist/measure/consent-core.js', /\/platform\/|\/chunk$|\/(banner|embed-placeholder)$/],
    ['runtime/src/errors/capture.ts', 'dist/measure/errors-core.js', /\/platform\//],
  ].map(([input, file, shared]) => ({
    input,
    external: (id) => shared.test(id),
    output: { file, format: 'es' },
    plugins: [ts(['runtime/src/**/*', 'contract/**/*'], 'dist/measure', false), minify()],
  })),
  // Type declarations for theme code (the package's types, packages/runtime): window.SiteRuntime
  // and the helpers, each file whole, from the sources.
  ...['index', 'helpers'].map((name) => ({
    input: `runtime/src/${name}.ts`,
    output: { file: `dist/types/${name}.d.ts`, format: 'es' },
    plugins: [dts({ tsconfig: './tsconfig.json', compilerOptions: { types: [] } })],
  })),
  {
    input: { app: 'preview-app/src/main.tsx', login: 'preview-app/src/login.ts' },
    output: {
      dir: 'dist/preview',
      format: 'es',
      entryFileNames: '[name].js',
      chunkFileNames: 'chunks/[name]-[hash].js',
      sourcemap: true,
    },
    plugins: [
      resolve({ browser: true }),
      commonjs(),
      versionAndMode(),
      ts(['preview-app/src/**/*', 'runtime/src/**/*', 'contract/**/*'], 'dist/preview'),
      minify({ passes: 2 }),
      copyHtml(['index.html', 'login.html']),
    ],
  },
  {
    input: { main: 'server/src/main.ts', backup: 'server/src/backup.ts', 'copy-to-postgres': 'server/src/copy-to-postgres.ts', 'copy-to-sqlite': 'server/src/copy-to-sqlite.ts', 'send-test-mail': 'server/src/send-test-mail.ts' },
    output: { dir: 'dist/server', format: 'es', sourcemap: true, entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
    external: (id) => nodeExternal.some((name) => id === name || id.startsWith(`${name}/`)),
    plugins: [resolve({ preferBuiltins: true }), versionAndMode(), ts(['server/src/**/*', 'runtime/src/**/*', 'contract/**/*'], 'dist/server')],
  },
];
