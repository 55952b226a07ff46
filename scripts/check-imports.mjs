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

// Inside the runtime, imports point down (ARCHITECTURE, "Rules of the house"): each folder of
// runtime/src has a rank, and a static import goes to its own folder or a lower rank. Blocks and
// page services share a rank, so neither imports the other (they talk through DOM events);
// `collectors` is the chunk that wires the site-page services together, the entry wires all.
// A lazy import (`import()`) may load upward only along the edges listed here, each a view or a
// chunk that is loaded on demand; a new one fails until it is listed with its reason.
const RUNTIME = path.join(root, 'runtime/src');
const RANKS = {
  platform: 0,
  context: 1,
  core: 2,
  net: 3,
  ui: 4,
  ...Object.fromEntries(['blocks', 'consent', 'overlays', 'tracking', 'perf', 'errors', 'owner', 'enhance', 'pages'].map((folder) => [folder, 5])),
  collectors: 6,
  '(entry)': 7,
  // The catalogue of every visitor string, for tests and docs; the runtime never imports it.
  i18n: 7,
};
const LAZY_UPWARD = new Set([
  'core ~> blocks', // the registry: block type → its chunk
  'core ~> ui', // the consent gate shows its placeholder only while an embed waits
  'net ~> ui', // the data layer's system error overlay, loaded when a failure needs it (inverting it costs site.js a hook)
  'pages ~> owner', // owner tools load only for a signed-in owner or inside the config frame
]);
/** A file's folder under runtime/src; a block is its own folder (blocks/<type>), ranked as blocks. */
const folderOf = (file) => {
  const parts = path.relative(RUNTIME, file).split(path.sep);
  if (parts.length === 1) return '(entry)';
  return parts[0] === 'blocks' && parts.length > 2 ? `blocks/${parts[1]}` : parts[0];
};
const rankOf = (folder) => RANKS[folder.startsWith('blocks/') ? 'blocks' : folder];
const STATIC_OR_LAZY = /(\bimport\s*\(\s*|\bfrom\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;
const layering = [];
for (const file of sources(RUNTIME)) {
  const from = folderOf(file);
  for (const [, how, specifier] of readFileSync(file, 'utf8').matchAll(STATIC_OR_LAZY)) {
    const target = path.resolve(path.dirname(file), specifier);
    if (!target.startsWith(RUNTIME + path.sep)) continue;
    const to = folderOf(target);
    if (to === from) continue;
    if (rankOf(from) === undefined || rankOf(to) === undefined) {
      layering.push(`${path.relative(root, file)}: the folder ${rankOf(from) === undefined ? from : to} has no rank in scripts/check-imports.mjs`);
      continue;
    }
    const lazy = /^import\s*\(/.test(how);
    if (rankOf(to) < rankOf(from)) continue;
    const edge = `${from.replace(/^blocks\/.*/, 'blocks')} ~> ${to.replace(/^blocks\/.*/, 'blocks')}`;
    if (lazy && LAZY_UPWARD.has(edge)) continue;
    layering.push(`${path.relative(root, file)} (${from}) ${lazy ? 'lazily imports' : 'imports'} ${specifier} (${to}), which is not below it`);
  }
}
if (layering.length) {
  console.error(`Runtime imports that do not point down:\n  ${layering.join('\n  ')}`);
  process.exit(1);
}
console.log('The runtime, the server and the owner app import each other only through contract/; inside the runtime, imports point down.');
