/**
 * The runtime as theme authors get it: the npm package packed from the build, installed into a
 * project outside the repository, its types checked, and its files served from a plain static
 * host to Chromium, where a gallery mounts; and bundled into a theme's own script by Vite,
 * rolldown (a classic iife) and webpack.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures';

const ROOT = process.cwd();
const PACKAGE = 'tessera-runtime';

// One worker packs once: packing assembles packages/runtime in place, so two at once would race.
test.describe.configure({ mode: 'serial' });

let scratch: string;
let tarball: string;

test.beforeAll(() => {
  scratch = mkdtempSync(path.join(os.tmpdir(), 'tessera-theme-'));
  tarball = execFileSync('node', [path.join(ROOT, 'scripts', 'package-runtime.mjs'), scratch], { encoding: 'utf8' }).trim();
});
test.afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A theme's gallery that opens the lightbox, with its images on the theme's host. */
const GALLERY = `<div id="gallery" data-block-type="gallery" data-gallery-design="grid" data-block-json='{"design": "grid", "lightbox": true, "title": "Work"}'>
${[1, 2, 3].map((n) => `<figure data-slide-id="w${n}" data-image-dimensions="300x200"><img data-src="/img/${n}.svg" width="300" height="200" alt="Work ${n}"></figure>`).join('\n')}
</div>`;
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json' };

/** A plain static host: `/` is the page, `/img/<n>.svg` an image, and under `prefix` the files in `dir`; what it served, in order. */
async function staticHost(html: string, dir: string, prefix: string): Promise<{ origin: string; served: string[]; server: Server }> {
  const served: string[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://theme.local');
    served.push(url.pathname);
    const image = /^\/img\/(\d)\.svg$/.exec(url.pathname);
    if (url.pathname === '/') return response.writeHead(200, { 'content-type': 'text/html' }).end(html);
    if (url.pathname === '/favicon.ico') return response.writeHead(204).end();
    if (image) return response.writeHead(200, { 'content-type': 'image/svg+xml' }).end(`<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200"><rect width="300" height="200" fill="#${image[1]!.repeat(3)}"/></svg>`);
    const file = path.resolve(dir, `.${decodeURIComponent(url.pathname.slice(prefix.length - 1))}`);
    if (!url.pathname.startsWith(prefix) || !file.startsWith(dir + path.sep)) return response.writeHead(404).end();
    let body: Buffer;
    try {
      body = readFileSync(file);
    } catch {
      return response.writeHead(404).end();
    }
    response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, served, server };
}

/** A project outside the repository with the packed runtime installed, as a theme author has it. */
function themeProject(name: string): string {
  const project = path.join(scratch, name);
  mkdirSync(project);
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name, private: true, type: 'module' }));
  execFileSync('npm', ['install', tarball, '--offline', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: project, stdio: 'pipe' });
  return project;
}

test('the tarball holds the built runtime, its types, licence and changelog, and nothing of the tests, bench, server or sources', () => {
  const files = execFileSync('tar', ['tzf', tarball], { encoding: 'utf8' }).trim().split('\n');
  expect(files).toEqual(
    expect.arrayContaining(
      ['package.json', 'README.md', 'LICENSE', 'CHANGELOG.md', 'dist/site.js', 'dist/site.iife.js', 'dist/helpers.js', 'dist/runtime.css', 'dist/gallery.css', 'types/index.d.ts', 'types/helpers.d.ts'].map((file) => `package/${file}`),
    ),
  );
  expect(files.filter((file) => /^package\/dist\/chunks\/gallery-[\w-]{6}\.js$/.test(file))).toHaveLength(1);
  const stray = files.filter((file) => /^package\/(e2e|bench|server|runtime|preview-app|examples|scripts|node_modules|packages)\//.test(file) || /\.(map|br|gz|tsx?)$/.test(file.replace(/\.d\.ts$/, '')));
  expect(stray).toEqual([]);
  const manifest = JSON.parse(readFileSync(path.join(ROOT, 'packages', 'runtime', 'package.json'), 'utf8'));
  expect(manifest.version).toBe(JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version);
  expect(manifest.license).toBe('MIT');
});

test('installed into a project elsewhere, its types check theme code and it mounts a gallery from a static host', async ({ page, consoleErrors }) => {
  const project = themeProject('theme');

  // Theme code against the installed declarations: SiteRuntime on window, and the helpers.
  writeFileSync(
    path.join(project, 'theme.ts'),
    `import type {} from '${PACKAGE}';
import { PageType, money, slugify } from '${PACKAGE}/helpers';

export async function greet(): Promise<string> {
  const runtime = window.SiteRuntime;
  if (!runtime) return slugify('  no runtime  ');
  await runtime.ready;
  const kind: number | null = runtime.context.pageType;
  const answer: 'confirm' | 'cancel' | 'reject' = await runtime.dialog.confirm({ title: 'Go on?' });
  runtime.destroy();
  return [runtime.money.format(12.5), money.format(3, 'EUR'), PageType.REVIEWS_REQUEST, kind, answer, runtime.version].join(' ');
}
// @ts-expect-error: not part of the API (fails to compile if SiteRuntime were untyped)
window.SiteRuntime?.notAMember();

// The runtime's events, typed for addEventListener (each detail is unknown without them).
export const counts: number[] = [];
document.addEventListener('site:cart', (event) => counts.push(event.detail.totalQuantity));
document.addEventListener('site:consent', (event) => counts.push(event.detail.state ? 1 : 0));
document.querySelector<HTMLElement>('[data-block-type="form"]')?.addEventListener('site:form-submit', (event) => counts.push(event.detail.formId.length));
document.querySelector<HTMLElement>('[data-block-type="gallery"]')?.addEventListener('gallery:change', (event) => counts.push(event.detail.index - event.detail.previous));
document.addEventListener('dialog:hidden', (event) => {
  const result: 'confirm' | 'cancel' | 'reject' = event.detail.result;
  counts.push(result.length);
});
// @ts-expect-error: the cart's detail has no such field
document.addEventListener('site:cart', (event) => event.detail.items);
`,
  );
  writeFileSync(
    path.join(project, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: 'es2022', module: 'esnext', moduleResolution: 'bundler', lib: ['es2022', 'dom'], types: [] }, files: ['theme.ts'] }),
  );
  const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  expect(() => execFileSync('node', [tsc, '-p', project], { encoding: 'utf8', stdio: 'pipe' })).not.toThrow();

  // A plain static host: the installed dist/ under /vendor/, a page and its images.
  const installed = path.join(project, 'node_modules', PACKAGE, 'dist');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Theme</title>
<link rel="stylesheet" href="/vendor/${PACKAGE}/runtime.css">
<script type="module" src="/vendor/${PACKAGE}/site.js"></script></head>
<body><main>${GALLERY}</main></body></html>`;
  const { origin, served, server } = await staticHost(html, installed, `/vendor/${PACKAGE}/`);
  try {
    await page.goto(origin);
    await expect(page.locator('#gallery')).toHaveAttribute('data-block-status', 'mounted');
    await expect(page.locator('#gallery img').first()).toHaveAttribute('src', /\/img\/1\.svg/);
    await page.getByRole('button', { name: 'Work 2' }).click();
    await expect(page.getByRole('dialog', { name: 'Work' })).toBeVisible();
    expect(await page.evaluate(() => window.SiteRuntime!.version)).toBe(JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version);
    // Chunks came from beside site.js, wherever the host put it.
    expect(served.filter((file) => file.includes('/chunks/')).every((file) => file.startsWith(`/vendor/${PACKAGE}/chunks/`))).toBe(true);
    expect(served.some((file) => /\/chunks\/gallery-[\w-]{6}\.js$/.test(file))).toBe(true);
    expect(consoleErrors).toEqual([]);
  } finally {
    server.close();
  }
});

test("bundled by Vite into the theme's own script: its stylesheet folded into the theme's, its language files where data-runtime-base says", async ({ page, consoleErrors }) => {
  const project = themeProject('bundled-theme');
  writeFileSync(path.join(project, 'main.js'), `import '${PACKAGE}';\nimport '${PACKAGE}/runtime.css';\n`);
  // The bundler writes its own script tag (and drops what it does not know from it): the setting goes on the page context's.
  writeFileSync(
    path.join(project, 'index.html'),
    `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Theme</title>
<script type="application/json" id="site-context" data-runtime-base="/tessera/">{}</script>
<script type="module" src="/main.js"></script></head>
<body><main>${GALLERY}</main></body></html>`,
  );
  // The files the runtime fetches rather than imports, copied where the setting says (docs: "A bundler").
  const installed = path.join(project, 'node_modules', PACKAGE, 'dist');
  cpSync(path.join(installed, 'i18n'), path.join(project, 'public', 'tessera', 'i18n'), { recursive: true });
  cpSync(path.join(installed, 'map-marker.svg'), path.join(project, 'public', 'tessera', 'map-marker.svg'));
  execFileSync('node', [path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'error'], { cwd: project, stdio: 'pipe' });
  const built = path.join(project, 'dist');
  const { origin, served, server } = await staticHost(readFileSync(path.join(built, 'index.html'), 'utf8'), built, '/');
  try {
    await page.goto(origin);
    await expect(page.locator('#gallery')).toHaveAttribute('data-block-status', 'mounted');
    await page.getByRole('button', { name: 'Work 2' }).click();
    // In the page's language: the words came from /tessera/i18n/de.json.
    await expect(page.getByRole('dialog', { name: 'Work' }).getByRole('button', { name: 'Schließen' })).toBeVisible();
    expect(served).toContain('/tessera/i18n/de.json');
    // The gallery's and the lightbox's stylesheets are in the theme's bundle: none asked for on its own.
    expect(served.filter((file) => file.endsWith('.css'))).toEqual([expect.stringMatching(/^\/assets\/index-[\w-]+\.css$/)]);
    expect(await page.locator('#gallery').evaluate((element) => getComputedStyle(element).display)).toBe('grid');
    expect(consoleErrors).toEqual([]);
  } finally {
    server.close();
  }
});

/**
 * Theme bundles that leave the runtime no usable import.meta.url, each built into dist/theme/
 * of `project` as theme.js: rolldown's iife has no import.meta (its url is undefined, as in
 * esbuild's; rollup fills it in), and webpack makes it the file: address it read.
 */
const BUNDLERS = [
  {
    name: "rolldown's iife (a classic script, as Vite's library mode writes it)",
    language: 'fr',
    close: 'Fermer',
    chunks: false,
    build: (project: string) =>
      execFileSync('node', [path.join(ROOT, 'node_modules', 'rolldown', 'bin', 'cli.mjs'), 'main.js', '--format', 'iife', '--file', 'dist/theme/theme.js', '--log-level', 'silent'], { cwd: project, stdio: 'pipe' }),
  },
  {
    name: 'webpack 5 (its import.meta.url a file: address)',
    language: 'it',
    close: 'Chiudi',
    chunks: true,
    build: (project: string) => {
      const webpack = JSON.stringify(path.join(ROOT, 'node_modules', 'webpack'));
      const config = JSON.stringify({ mode: 'production', context: project, entry: './main.js', output: { path: path.join(project, 'dist', 'theme'), filename: 'theme.js' } });
      execFileSync('node', ['-e', `require(${webpack})(${config}, (error, stats) => { if (error || stats.hasErrors()) { console.error(error ?? stats.toString('errors-only')); process.exit(1); } })`], { cwd: project, stdio: 'pipe' });
    },
  },
];

for (const bundler of BUNDLERS) {
  test(`bundled by ${bundler.name} into the theme's script: it finds its files beside the bundle`, async ({ page, consoleErrors }) => {
    // An install and a bundler's build before the page: 26 s for webpack in a loaded CI run, 35 in another.
    test.setTimeout(90_000);
    const project = themeProject(`theme-${bundler.language}`);
    writeFileSync(path.join(project, 'main.js'), `import '${PACKAGE}';\n`);
    bundler.build(project);
    const built = path.join(project, 'dist');
    const installed = path.join(project, 'node_modules', PACKAGE, 'dist');
    for (const file of ['i18n', 'gallery.css', 'lightbox.css']) cpSync(path.join(installed, file), path.join(built, 'theme', file), { recursive: true });
    const html = `<!doctype html><html lang="${bundler.language}"><head><meta charset="utf-8"><title>Theme</title>
<script defer src="/theme/theme.js"></script></head>
<body><main>${GALLERY}</main></body></html>`;
    const { origin, served, server } = await staticHost(html, built, '/');
    try {
      await page.goto(origin);
      await expect(page.locator('#gallery')).toHaveAttribute('data-block-status', 'mounted');
      await page.getByRole('button', { name: 'Work 2' }).click();
      await expect(page.getByRole('dialog', { name: 'Work' }).getByRole('button', { name: bundler.close })).toBeVisible();
      expect(served).toEqual(expect.arrayContaining([`/theme/i18n/${bundler.language}.json`, '/theme/gallery.css', '/theme/lightbox.css']));
      // webpack splits the blocks into chunks of its own, loaded from beside the bundle.
      const scripts = served.filter((file) => file.endsWith('.js'));
      expect(scripts.length > 1).toBe(bundler.chunks);
      expect(scripts.every((file) => file.startsWith('/theme/'))).toBe(true);
      expect(await page.locator('#gallery').evaluate((element) => getComputedStyle(element).display)).toBe('grid');
      expect(consoleErrors).toEqual([]);
    } finally {
      server.close();
    }
  });
}
