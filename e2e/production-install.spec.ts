/**
 * A server deployed without the build and test tools (docs/deployment.md, "A build made
 * elsewhere"): the build (`dist/`) with `package.json` and its lock file, installed with
 * `npm ci --omit=dev`. Whatever the server and its commands load as they run must be a
 * dependency: one left among the devDependencies works in the repository and fails there.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, runtimeReady, test } from './fixtures';
import { startLoggedServer } from './server-process';

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
  let server: Awaited<ReturnType<typeof startLoggedServer>> | null = null;
  try {
    for (const file of ['package.json', 'package-lock.json', '.npmrc']) copyFileSync(path.join(ROOT, file), path.join(release, file));
    for (const folder of ['dist', 'examples']) cpSync(path.join(ROOT, folder), path.join(release, folder), { recursive: true });
    execFileSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], { cwd: release, stdio: 'pipe', timeout: 240_000 });
    // None of the build and test tools came along.
    for (const tool of ['rollup', 'typescript', 'vitest', '@playwright/test', 'size-limit']) expect(existsSync(path.join(release, 'node_modules', tool)), tool).toBe(false);

    server = await startLoggedServer({ OWNER_PASSWORD: 'release-owner-1' }, { cwd: release });
    const base = server.baseUrl;

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
    const backup = path.join(server.dataDir, 'site-backup.db');
    execFileSync(process.execPath, ['dist/server/backup.js', backup], { cwd: release, env: server.env, stdio: 'pipe' });
    expect(statSync(backup).size).toBeGreaterThan(0);
    expect(server.log()).not.toContain('"level":50');
  } finally {
    server?.stop();
    rmSync(release, { recursive: true, force: true });
  }
});
