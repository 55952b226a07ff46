// The documentation stays whole (issue 39 §5): every relative link in README.md, CHANGELOG.md,
// bench/README.md and docs/ points at a file that exists; every block type the runtime registers
// has its page in docs/blocks/ with an HTML example of that type; every block and page-service
// page has its Events and Accessibility sections; the README stays under 300 lines. Fails with
// every problem found, each naming its file.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const markdown = (dir) =>
  readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? markdown(path.join(dir, entry.name)) : entry.name.endsWith('.md') ? [path.join(dir, entry.name)] : [],
  );
const documents = ['README.md', 'CHANGELOG.md', 'bench/README.md', ...markdown('docs')];
const text = Object.fromEntries(documents.map((file) => [file, readFileSync(path.join(root, file), 'utf8')]));
const problems = [];

// Links: [text](target) outside code spans and fences; absolute URLs and bare anchors are not files.
for (const [file, body] of Object.entries(text)) {
  const prose = body.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
  for (const [, target] of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/i.test(target) || target.startsWith('#')) continue;
    const resolved = path.join(root, path.dirname(file), target.split('#')[0]);
    if (!existsSync(resolved)) problems.push(`${file}: the link ${target} points at nothing`);
  }
}

// One page per registered block type, with an example of it.
const registry = readFileSync(path.join(root, 'runtime/src/core/registry.ts'), 'utf8');
const blockTypes = [...registry.matchAll(/\['([a-z-]+)', lazy\(/g)].map((match) => match[1]);
if (blockTypes.length < 15) problems.push(`runtime/src/core/registry.ts: found only ${blockTypes.length} block types; has its form changed?`);
const blockPages = markdown('docs/blocks').filter((file) => !file.endsWith('README.md'));
for (const type of blockTypes) {
  const page = blockPages.find((file) => text[file].includes(`data-block-type="${type}"`) && /^```html$/m.test(text[file]));
  if (!page) problems.push(`docs/blocks/: no page has an HTML example of data-block-type="${type}"`);
}

// Every block and service page says what it fires and how it serves assistive technology.
for (const file of [...blockPages, ...markdown('docs/services').filter((name) => !name.endsWith('README.md'))]) {
  for (const section of ['## Events', '## Accessibility']) {
    if (!new RegExp(`^${section}$`, 'm').test(text[file])) problems.push(`${file}: no "${section}" section`);
  }
}

const readmeLines = text['README.md'].split('\n').length;
if (readmeLines >= 300) problems.push(`README.md: ${readmeLines} lines; the front door stays under 300`);

if (problems.length) {
  console.error(`The documentation has ${problems.length} problem(s):\n${problems.map((line) => `  ${line}`).join('\n')}`);
  process.exit(1);
}
console.log(`Documentation: ${documents.length} files, links whole; ${blockTypes.length} block types each with a page and an example.`);
