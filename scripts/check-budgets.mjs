// Every script the build emits must have a size budget (.size-limit.json): a new chunk without
// one fails `npm test`, so nothing grows unseen. The budget table in docs/budgets.md is made from the same
// file (`node scripts/check-budgets.mjs --write` rewrites it; the check fails when it is stale).
// Run after the build.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { syncDocSection } from './doc-section.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const budgets = JSON.parse(readFileSync(path.join(root, '.size-limit.json'), 'utf8'));
const DIRS = ['dist/runtime', 'dist/runtime/chunks', 'dist/preview', 'dist/preview/chunks'];

/** size-limit's globs as used here: `*` any run of characters, `?` one, within a file name. */
const toRegExp = (glob) =>
  new RegExp(`^${[...glob].map((c) => (c === '*' ? '[^/]*' : c === '?' ? '[^/]' : c.replace(/[.+^${}()|[\]\\]/g, '\\$&'))).join('')}$`);
const patterns = budgets.flatMap((budget) => [budget.path].flat()).map(toRegExp);

const scripts = DIRS.flatMap((dir) => {
  try {
    return readdirSync(path.join(root, dir)).filter((name) => name.endsWith('.js')).map((name) => `${dir}/${name}`);
  } catch {
    return [];
  }
});
if (scripts.length === 0) {
  console.error('No built scripts found: run the build first.');
  process.exit(1);
}
const unbudgeted = scripts.filter((file) => !patterns.some((pattern) => pattern.test(file)));
if (unbudgeted.length) {
  console.error(`These built scripts have no size budget in .size-limit.json:\n  ${unbudgeted.join('\n  ')}`);
  process.exit(1);
}
// And each budget measures what its name says: one file per path (a glob that also caught
// another chunk would add it silently), none gone stale.
const problems = budgets.flatMap((budget) =>
  [budget.path].flat().flatMap((glob) => {
    const dir = path.posix.dirname(glob);
    let names = [];
    try {
      names = readdirSync(path.join(root, dir));
    } catch {
      /* reported below as no match */
    }
    const matches = names.map((name) => `${dir}/${name}`).filter((file) => toRegExp(glob).test(file));
    return matches.length === 1 ? [] : [`"${budget.name}": ${glob} matches ${matches.length ? matches.join(', ') : 'nothing'}`];
  }),
);
if (problems.length) {
  console.error(`Budgets that do not measure one file per path:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}

// A budget's name says what it measures; why it is what it is goes in docs/budgets.md.
const noted = budgets.filter((budget) => /\b(raised|lowered)\b/i.test(budget.name));
if (noted.length) {
  console.error(`Budget names that carry their history (move it to docs/budgets.md):\n  ${noted.map((budget) => budget.name.slice(0, 80)).join('\n  ')}`);
  process.exit(1);
}

const BUDGETS_DOC = path.join(root, 'docs', 'budgets.md');
const START = '<!-- budgets:start (made from .size-limit.json by scripts/check-budgets.mjs --write) -->';
const END = '<!-- budgets:end -->';
const shortPath = (glob) => `\`${glob.replace(/^dist\/runtime\/chunks\//, 'chunks/').replace(/^dist\//, '')}\``;
const table = [
  START,
  '| what | files | budget (gzip) |',
  '|---|---|---|',
  ...budgets.map((budget) => `| ${budget.name.replace(/\|/g, '\\|')} | ${[budget.path].flat().length > 3 ? `${[budget.path].flat().length} files` : [budget.path].flat().map(shortPath).join(' + ')} | ${budget.limit} |`),
  END,
].join('\n');
syncDocSection(BUDGETS_DOC, START, END, table, 'node scripts/check-budgets.mjs');
console.log(`Every one of the ${scripts.length} built scripts has a size budget; every budget measures what it names; the table in docs/budgets.md matches.`);
