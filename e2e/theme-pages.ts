/**
 * Pages in themes no one here wrote, for the theme specs: the frameworks' stylesheets (from npm)
 * and a page with one block of every type the demo has, in a theme's container and columns.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

export const BOOTSTRAP_CSS = readFileSync(path.join(process.cwd(), 'node_modules', 'bootstrap', 'dist', 'css', 'bootstrap.min.css'), 'utf8');
/** Tailwind's reset, unlayered as Tailwind 3 emits it (Tailwind 4 puts it in a layer, which any unlayered rule beats). */
export const TAILWIND_PREFLIGHT = readFileSync(path.join(process.cwd(), 'node_modules', 'tailwindcss', 'preflight.css'), 'utf8');
export const PICO_CSS = readFileSync(path.join(process.cwd(), 'node_modules', '@picocss', 'pico', 'css', 'pico.min.css'), 'utf8');

/** Where the demo keeps one block of each type (its context comes from /blocks, which has the feature flags). */
export const BLOCK_SOURCES = ['/blocks', '/', '/contact', '/gallery', '/media', '/map'];
/** A theme's choices, through the runtime's custom properties (docs/theming.md). */
export const THEME_PROPERTIES = ':root{--site-primary:rgb(13, 110, 253);--site-on-primary:rgb(255, 255, 255);--site-radius:0px;--site-banner-background:rgb(33, 37, 41);--site-focus:rgb(134, 183, 254)}';

/** Blocks whose markup is in the HTML, first; those built from their JSON after them. */
export const HTML_FIRST = ['accordion', 'button', 'image', 'gallery', 'video', 'audio', 'map'];
/**
 * The theme holds the space blocks will take, as docs/blocks/README.md says: a block built from its
 * JSON holds a screen's height until it has mounted (what follows starts below the fold and
 * never moves in view), and the image block that crops to 16:9 has that shape from the start.
 */
export const THEME_RESERVATIONS = `@media (scripting: enabled) {
  main > .row > section > [data-block-type]:not(${HTML_FIRST.map((type) => `[data-block-type="${type}"]`).join(', ')}):not([data-block-status="mounted"], [data-block-status="failed"]) { min-height: 100vh; }
}
#block-hero img { aspect-ratio: 16 / 9; }`;

/** How a theme's page starts: its stylesheets, and the classes of its container and columns. */
export interface ThemeFrame {
  name: string;
  head: string;
  container: string;
  column: string;
}
export const BOOTSTRAP_FRAME: ThemeFrame = {
  name: 'Bootstrap',
  head: `<link rel="stylesheet" href="/theme-assets/bootstrap.min.css">
  <link rel="stylesheet" href="/runtime/runtime.css">
  <style>${THEME_PROPERTIES}
${THEME_RESERVATIONS}</style>`,
  container: 'container py-4',
  column: 'col-md-6',
};


/** A page in the theme with one block of every type the demo has, each in a column. */
export async function everyBlockPage(page: Page, frame: ThemeFrame = BOOTSTRAP_FRAME): Promise<string[]> {
  const sources = await Promise.all(BLOCK_SOURCES.map((source) => page.request.get(source).then((response) => response.text())));
  await page.goto('about:blank');
  const { context, blocks } = await page.evaluate((htmls) => {
    const found = new Map<string, string>();
    let siteContext = '';
    for (const html of htmls) {
      const doc = new DOMParser().parseFromString(html, 'text/html');
      siteContext ||= doc.getElementById('site-context')?.textContent ?? '';
      for (const element of doc.querySelectorAll('[data-block-type]')) {
        if (element.parentElement?.closest('[data-block-type]')) continue;
        const type = element.getAttribute('data-block-type')!;
        if (!found.has(type)) found.set(type, element.outerHTML);
      }
    }
    return { context: siteContext, blocks: [...found] };
  }, sources);
  const rank = (type: string) => (HTML_FIRST.includes(type) ? HTML_FIRST.indexOf(type) : HTML_FIRST.length);
  blocks.sort(([a], [b]) => rank(a) - rank(b));
  const html = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Every block in a ${frame.name} theme</title>
  ${frame.head}
  <script type="application/json" id="site-context">${context}</script>
  <script type="module" src="/runtime/site.js"></script>
</head>
<body>
  <main class="${frame.container}">
    <h1 class="display-5">Every block</h1>
    <div class="row g-4">
      ${blocks.map(([type, block]) => `<section class="${frame.column}"><h2 class="h5">${type}</h2>${block}</section>`).join('\n      ')}
    </div>
  </main>
</body>
</html>`;
  await page.route('**/theme-assets/bootstrap.min.css', (route) => route.fulfill({ contentType: 'text/css', body: BOOTSTRAP_CSS }));
  await page.route('**/theme-assets/preflight.css', (route) => route.fulfill({ contentType: 'text/css', body: TAILWIND_PREFLIGHT }));
  await page.route('**/theme-assets/pico.min.css', (route) => route.fulfill({ contentType: 'text/css', body: PICO_CSS }));
  await page.route('**/theme-every-block', (route) => route.fulfill({ contentType: 'text/html', body: html }));
  return blocks.map(([type]) => type);
}
