/**
 * The runtime as theme authors get it: the npm package packed from the build, installed into a
 * project outside the repository, its types checked, and its files served from a plain static
 * host to Chromium, where a gallery mounts.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
  const project = path.join(scratch, 'theme');
  mkdirSync(project);
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'theme', private: true, type: 'module' }));
  execFileSync('npm', ['install', tarball, '--offline', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: project, stdio: 'pipe' });

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
  const svg = (n: number) => `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200"><rect width="300" height="200" fill="#${n}${n}${n}"/></svg>`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Theme</title>
<link rel="stylesheet" href="/vendor/${PACKAGE}/runtime.css">
<script type="module" src="/vendor/${PACKAGE}/site.js"></script></head>
<body><main><div id="gallery" data-block-type="gallery" data-gallery-design="grid" data-block-json='{"design": "grid", "lightbox": true, "title": "Work"}'>
${[1, 2, 3].map((n) => `<figure data-slide-id="w${n}" data-image-dimensions="300x200"><img data-src="/img/${n}.svg" width="300" height="200" alt="Work ${n}"></figure>`).join('\n')}
</div></main></body></html>`;
  const served: string[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://theme.local');
    served.push(url.pathname);
    const image = /^\/img\/(\d)\.svg$/.exec(url.pathname);
    if (url.pathname === '/') return response.writeHead(200, { 'content-type': 'text/html' }).end(html);
    if (url.pathname === '/favicon.ico') return response.writeHead(204).end();
    if (image) return response.writeHead(200, { 'content-type': 'image/svg+xml' }).end(svg(Number(image[1])));
    const file = path.resolve(installed, `.${decodeURIComponent(url.pathname.replace(`/vendor/${PACKAGE}`, ''))}`);
    if (!url.pathname.startsWith(`/vendor/${PACKAGE}/`) || !file.startsWith(installed + path.sep)) return response.writeHead(404).end();
    try {
      const type = file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : file.endsWith('.svg') ? 'image/svg+xml' : 'application/octet-stream';
      response.writeHead(200, { 'content-type': type }).end(readFileSync(file));
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
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
