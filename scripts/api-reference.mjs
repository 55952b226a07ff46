// docs/api-reference.md's declarations come from the build's type declarations
// (dist/types/index.d.ts, generated from the sources): this checks they match, and with
// --write brings them up to date. Run after `npm run build`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { syncDocSection } from './doc-section.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DECLARATIONS = path.join(root, 'dist', 'types', 'index.d.ts');
const DOC = path.join(root, 'docs', 'api-reference.md');
/** What theme code meets, in the order a reader wants it. */
const NAMES = ['SiteRuntimeApi', 'DialogOptions', 'DialogResult', 'ConsentState', 'MoneyApi', 'UrlApi', 'RequestOptions', 'BlockInstance', 'Environment', 'PageContext', 'SiteDocumentEvents', 'SiteElementEvents', 'MediaEventDetail'];
const START = '<!-- api:start (made from dist/types/index.d.ts by scripts/api-reference.mjs --write) -->';
const END = '<!-- api:end -->';

const source = readFileSync(DECLARATIONS, 'utf8');

/** One declaration with its doc comment: an interface (to its closing brace) or a type alias. */
function declaration(name) {
  const start = new RegExp(`^(?:/\\*\\*[\\s\\S]*?\\*/\\n)?(?:interface|type) ${name}\\b`, 'm').exec(source);
  if (!start) throw new Error(`dist/types/index.d.ts declares no ${name}`);
  let end = source.indexOf('\n', start.index);
  if (/^(?:\/\*\*[\s\S]*?\*\/\n)?interface /.test(start[0])) {
    let depth = 0;
    for (let i = source.indexOf('{', start.index); i < source.length; i++) {
      if (source[i] === '{') depth++;
      else if (source[i] === '}' && --depth === 0) {
        end = i + 1;
        break;
      }
    }
  } else end = source.indexOf(';', start.index) + 1;
  return source.slice(start.index, end);
}

const block = [START, '```ts', ...NAMES.map(declaration).join('\n\n').split('\n'), '```', END].join('\n');
syncDocSection(DOC, START, END, block, 'node scripts/api-reference.mjs');
console.log(`docs/api-reference.md holds the declarations of ${NAMES.join(', ')} as the build generates them.`);
