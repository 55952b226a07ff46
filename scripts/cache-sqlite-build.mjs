// better-sqlite3 ships its binaries on GitHub, which this project's machines cannot reach, so
// every `npm ci` compiles SQLite from source (a minute and a half on two cores). prebuild-install,
// which its install script runs first, looks in npm's cache (~/.npm/_prebuilds) before it
// downloads: this keeps the binary the last install compiled there, under the name it looks
// for, so that the next `npm ci` on this machine takes it instead of compiling again. The name
// holds the package's version, Node's ABI and the platform, so another version or Node compiles
// anew. Nothing is downloaded; without the cache, installs compile as before.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const pkg = path.join(root, 'node_modules', 'better-sqlite3');
const binary = path.join('build', 'Release', 'better_sqlite3.node');

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    if (!existsSync(path.join(pkg, binary))) process.exit(0);
    // prebuild-install names the cached file it would take, then fails to download (no network to GitHub).
    let said = '';
    try {
      said = execFileSync(path.join(root, 'node_modules', '.bin', 'prebuild-install'), ['--verbose'], { cwd: pkg, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 30_000 });
    } catch (error) {
      said = `${error.stdout ?? ''}${error.stderr ?? ''}`;
    }
    const cached = /looking for cached prebuild @ (\S+\.tar\.gz)/.exec(said)?.[1];
    if (!cached || existsSync(cached)) process.exit(0);
    mkdirSync(path.dirname(cached), { recursive: true });
    execFileSync('tar', ['-czf', cached, '-C', pkg, binary]);
    console.log(`Kept the compiled better-sqlite3 in ${cached}: the next npm ci on this machine takes it instead of compiling.`);
  } catch (error) {
    // A cache is a convenience: never a reason for the tests to stop.
    console.warn(`Could not keep the compiled better-sqlite3 (${error.message}); the next npm ci compiles it again.`);
  }
}
