// Assembles the runtime's npm package (packages/runtime) from the build and packs it:
// the built runtime without its precompressed copies and source maps (whose sources are this
// repository's, not the package's), the type declarations, the licence and
// the changelog. `npm run build` first. Prints the tarball's path.
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkgDir = path.join(root, 'packages', 'runtime');
const version = (file) => JSON.parse(readFileSync(file, 'utf8')).version;

if (!existsSync(path.join(root, 'dist', 'runtime', 'site.js')) || !existsSync(path.join(root, 'dist', 'types', 'index.d.ts'))) {
  console.error('No build to package: run `npm run build` first.');
  process.exit(1);
}
if (version(path.join(root, 'package.json')) !== version(path.join(pkgDir, 'package.json'))) {
  console.error('packages/runtime/package.json and package.json must have the same version.');
  process.exit(1);
}
for (const folder of ['dist', 'types']) rmSync(path.join(pkgDir, folder), { recursive: true, force: true });
cpSync(path.join(root, 'dist', 'runtime'), path.join(pkgDir, 'dist'), { recursive: true, filter: (file) => !/\.(br|gz|map)$/.test(file) });
mkdirSync(path.join(pkgDir, 'types'), { recursive: true });
cpSync(path.join(root, 'dist', 'types'), path.join(pkgDir, 'types'), { recursive: true });
for (const file of ['LICENSE', 'CHANGELOG.md']) copyFileSync(path.join(root, file), path.join(pkgDir, file));

const destination = process.argv[2] ?? path.join(root, 'dist');
mkdirSync(destination, { recursive: true });
const [packed] = JSON.parse(execFileSync('npm', ['pack', pkgDir, '--json', '--pack-destination', destination], { encoding: 'utf8' }));
console.log(path.join(destination, packed.filename));
