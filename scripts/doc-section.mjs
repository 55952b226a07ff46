// A section of a docs page made from the sources, between two HTML-comment markers: checks it
// is current, or with --write rewrites it. Used by check-budgets.mjs and api-reference.mjs.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** `content` must start with `start` and end with `end`; exits 1 when the page is out of date. */
export function syncDocSection(file, start, end, content, command) {
  const name = path.relative(process.cwd(), file);
  const page = readFileSync(file, 'utf8');
  const [before, rest] = page.split(start);
  const after = rest?.split(end)[1];
  if (before === undefined || after === undefined) {
    console.error(`${name} has no generated section markers (${start} … ${end}).`);
    process.exit(1);
  }
  const updated = before + content + after;
  if (updated === page) return;
  if (process.argv.includes('--write')) return writeFileSync(file, updated);
  console.error(`${name} is out of date with the sources: run ${command} --write`);
  process.exit(1);
}
