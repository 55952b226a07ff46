// The runtime, the server and the owner app meet only in contract/ (ARCHITECTURE, issue 39):
// each may import its own folder and contract/, and contract/ imports only itself. Fails with
// every import that crosses, naming the file and what it reaches.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const AREAS = { contract: 'contract', runtime: 'runtime/src', server: 'server/src', 'owner app': 'preview-app/src' };
const areaOf = (file) => Object.entries(AREAS).find(([, folder]) => file === path.join(root, folder) || file.startsWith(path.join(root, folder) + path.sep))?.[0];

function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sources(full) : /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;
const crossings = [];
for (const [area, folder] of Object.entries(AREAS)) {
  for (const file of sources(path.join(root, folder))) {
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const target = areaOf(path.resolve(path.dirname(file), specifier));
      const allowed = target === area || target === 'contract';
      if (!allowed) crossings.push(`${path.relative(root, file)} (${area}) imports ${specifier} (${target ?? 'outside the programs'})`);
    }
  }
}
if (crossings.length) {
  console.error(`Imports that cross between the runtime, the server and the owner app (share through contract/):\n  ${crossings.join('\n  ')}`);
  process.exit(1);
}
console.log('The runtime, the server and the owner app import each other only through contract/.');
