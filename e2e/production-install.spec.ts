/**
 * A server deployed without the build and test tools (docs/deployment.md, "A build made
 * elsewhere"): the build (`dist/`) with `package.json` and its lock file, installed with
 * `npm ci --omit=dev`. Whatever the server and its commands load as they run must be a
 * dependency: one left among the devDependencies works in the repository and fails there.
 */
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, runtimeReady, test } from './fixtures';

const ROOT = process.cwd();

test("the Dockerfile's image installs and starts the server as the test below does", () => {
  const image = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8').split(/^FROM /m).at(-1)!;
  expect(image).toMatch(/^RUN npm ci --omit=dev\b/m);
  expect(image).toMatch(/^COPY --from=build \/src\/dist \.\/dist$/m);
  expect(image).toMatch(/^CMD \["node", "dist\/server\/main\.js"\]$/m);
  // The demo site is in the image, and nothing of the repository that the build leaves behind.
  expect(image).toMatch(/^COPY examples \.\/examples$/m);
  expect(readFileSync(path.join(ROOT, '.dockerignore'), 'utf8').split('\n')).toEqual(expect.arrayContaining(['node_modules', 'dist', 'data', '.git']));
});

test('installed with npm ci --omit=dev, the built server serves pages, the runtime and fonts, makes images, and backs up', async ({ page }) => {
  // The install takes seconds with npm's cache; compiling SQLite, without the cached build, a minute and a half.
  test.setTimeout(300_000);
  const release = mkdtempSync(path.join(tmpdir(), 'tessera-release-'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-release-data-'));
  const server = { process: null as ReturnType<typeof spawn> | null };
  try {
    for (const file of ['package.json', 'package-lock.json', '.npmrc']) copyFileSync(path.join(ROOT, file), path.join(release, file));
    for (const folder of ['dist', 'examples']) cpSync(path.join(ROOT, folder), path.join(release, folder), { recursive: true });
    execFileSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], { cwd: release, stdio: 'pipe', timeout: 240_000 });
    // None of the build and test tools came along.
    for (const tool of ['rollup', 'typescript', 'vitest', '@playwright/test', 'size-limit']) expect(existsSync(path.join(release, 'node_modules', tool)), tool).toBe(false);

    const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, OWNER_PASSWORD: 'release-owner-1' };
    delete env.ROOT_DIR;
    delete env.SITE_DIR;
    const started = spawn(process.execPath, ['dist/server/main.js'], { cwd: release, env, stdio: ['ignore', 'pipe', 'pipe'] });
    server.process = started;
    let log = '';
    started.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
    started.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
    const listening = /listening on (http:\/\/127\.0\.0\.1:\d+)/;
    await expect.poll(() => listening.exec(log)?.[1], { timeout: 20_000, message: log }).toBeTruthy();
    const base = listening.exec(log)![1]!;

    // A page, its blocks mounted by the runtime this server serves.
    await page.context().addCookies([{ name: 'ss_cookieAllowed', value: 'true', url: base }]);
    expect((await page.goto(`${base}/gallery`))?.status()).toBe(200);
    await runtimeReady(page);
    await expect(page.locator('[data-block-status="mounted"]').first()).toBeAttached();
    await expect(page.locator('[data-block-status="failed"]')).toHaveCount(0);
    // The fonts come from their npm packages; the owner app from the build.
    const font = await page.request.get(`${base}/fonts/inter/latin-400-normal.woff2`);
    expect([font.status(), font.headers()['content-type']]).toEqual([200, 'font/woff2']);
    expect((await page.request.get(`${base}/config/`, { maxRedirects: 0 })).status()).toBe(302);

    // The image worker's library, with its native part.
    const png = execFileSync(process.execPath, ['--input-type=module', '-e', "const sharp = (await import('sharp')).default; process.stdout.write(String((await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } }).png().toBuffer()).length))"], { cwd: release, encoding: 'utf8' });
    expect(Number(png)).toBeGreaterThan(0);
    // And a command beside the server.
    const backup = path.join(dataDir, 'site-backup.db');
    execFileSync(process.execPath, ['dist/server/backup.js', backup], { cwd: release, env, stdio: 'pipe' });
    expect(statSync(backup).size).toBeGreaterThan(0);
    expect(log).not.toContain('"level":50');
  } finally {
    server.process?.kill('SIGKILL');
    rmSync(release, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
});
