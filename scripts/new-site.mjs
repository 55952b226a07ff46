// `npm run new-site -- DIR`: writes a minimal site folder (a page with an accordion and a
// contact form, site.json, forms.json, a stylesheet) to serve with SITE_DIR=DIR. Refuses a
// folder that exists and is not empty, so nothing of an owner's is overwritten.
import { cpSync, existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const target = process.argv[2];
if (!target || target.startsWith('-')) {
  console.error('Usage: npm run new-site -- DIR   (writes a minimal site to DIR; serve it with SITE_DIR=DIR npm start)');
  process.exit(2);
}
const dir = path.resolve(target);
if (existsSync(dir) && readdirSync(dir).length > 0) {
  console.error(`${dir} exists and is not empty: choose a new folder.`);
  process.exit(1);
}
cpSync(path.join(root, 'templates', 'site'), dir, { recursive: true });
console.log(`A new site is in ${dir}:
  index.html      the home page (add more pages beside it)
  _partials/      header.html and footer.html, which your pages and the pages the server
                  makes (checkout, member sign-in, …) include
  site.json       the site's settings (cookie banner, currency, time zone, …); give
                  website.baseUrl the site's public address before it goes live
  forms.json      the forms the server accepts (the contact form)
  assets/         your stylesheet and files
Serve it:  SITE_DIR=${dir} npm start`);
