/**
 * Every HTML example in the documentation that holds a block is mounted in Chromium, on a page
 * of the demo site's origin with its context: each block must reach `mounted`, with no console
 * error. An example that drifts from what the runtime does fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';

const ROOT = process.cwd();
const markdownUnder = (dir: string): string[] =>
  readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? markdownUnder(`${dir}/${entry.name}`) : entry.name.endsWith('.md') ? [`${dir}/${entry.name}`] : [],
  );
const SOURCES = ['README.md', ...markdownUnder('docs')];

interface Example {
  source: string;
  line: number;
  html: string;
}

const examples: Example[] = SOURCES.flatMap((source) => {
  const text = readFileSync(path.join(ROOT, source), 'utf8');
  return [...text.matchAll(/^```html\n([\s\S]*?)^```/gm)]
    .filter((match) => match[1]!.includes('data-block-type'))
    .map((match) => ({ source, line: text.slice(0, match.index).split('\n').length, html: match[1]! }));
});

test('the documentation has block examples to check', () => {
  // One page per block type, each with its example (scripts/check-docs.mjs checks which).
  expect(examples.length).toBeGreaterThanOrEqual(20);
});

// Not answered: third-party embeds wait behind their placeholder, and nothing leaves the machine.
test.use({ consented: false });

for (const example of examples) {
  test(`${example.source}:${example.line} mounts`, async ({ page, consoleErrors }) => {
    await page.route(/^https:\/\//, (route) => (route.request().url().startsWith('https://fonts.googleapis.com/') ? route.fulfill({ contentType: 'text/css', body: '' }) : route.abort()));
    // The demo site's context (website id, feature flags), as a theme page on the site has it.
    const blocksPage = await (await page.request.get('/blocks')).text();
    const context = /<script type="application\/json" id="site-context">([\s\S]*?)<\/script>/.exec(blocksPage)![1]!;
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Example</title>
<link rel="stylesheet" href="/runtime/runtime.css">
<script type="application/json" id="site-context">${context}</script>
<script type="module" src="/runtime/site.js"></script></head>
<body><main>${example.html.replace(/<link rel="stylesheet" href="\/runtime\/runtime\.css">[^\n]*\n?/, '')}</main></body></html>`;
    await page.route('**/docs-example', (route) => route.fulfill({ contentType: 'text/html', body: html }));
    await page.goto('/docs-example');
    await page.waitForFunction(() => window.SiteRuntime !== undefined);
    await page.evaluate(() => window.SiteRuntime!.ready);
    const blocks = page.locator('main [data-block-type]:not([data-block-type] [data-block-type])');
    expect(await blocks.count()).toBeGreaterThan(0);
    for (const block of await blocks.all()) await expect(block).toHaveAttribute('data-block-status', 'mounted');
    await page.waitForLoadState('networkidle');
    expect(consoleErrors).toEqual([]);
  });
}
