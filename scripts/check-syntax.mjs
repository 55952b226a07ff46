// The runtime's browsers (README, "Browsers"): every script it ships must parse as ES2022
// without class static blocks, which is what Safari 15.4, Firefox 101 and Chrome 108 all read
// (class fields come from web-vitals and altcha-lib; static blocks need Safari 16.4). A
// dependency that brings newer syntax fails `npm test` here instead of a visitor's older phone.
// Run after the build.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'acorn';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const DIRS = ['dist/runtime', 'dist/runtime/chunks'];
const scripts = DIRS.flatMap((dir) => readdirSync(path.join(root, dir)).filter((name) => name.endsWith('.js')).map((name) => `${dir}/${name}`));
if (scripts.length === 0) {
  console.error('No built scripts found: run the build first.');
  process.exit(1);
}

/** The first node of `type` in an ESTree, or undefined. */
function find(node, type) {
  if (!node || typeof node !== 'object') return undefined;
  if (node.type === type) return node;
  for (const value of Object.values(node)) {
    const found = Array.isArray(value) ? value.map((item) => find(item, type)).find(Boolean) : find(value, type);
    if (found) return found;
  }
  return undefined;
}

const problems = [];
for (const file of scripts) {
  const source = readFileSync(path.join(root, file), 'utf8');
  try {
    const tree = parse(source, { ecmaVersion: 2022, sourceType: file.endsWith('.iife.js') ? 'script' : 'module' });
    const block = find(tree, 'StaticBlock');
    if (block) problems.push(`${file}: a class static block at ${block.start} (Safari 16.4)`);
  } catch (error) {
    problems.push(`${file}: syntax newer than ES2022 at ${error.pos}: ${JSON.stringify(source.slice(Math.max(0, error.pos - 40), error.pos + 40))}`);
  }
}
if (problems.length) {
  console.error(`Scripts the runtime's browsers cannot read (README, "Browsers"):\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`Every one of the ${scripts.length} runtime scripts is ES2022 without class static blocks, as the runtime's browsers read.`);
