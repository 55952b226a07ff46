/**
 * Blocks inside a theme no one here wrote: a page styled by Bootstrap 5 (from npm), not by the
 * demo's own CSS, at a phone's and a desktop's width. The runtime's own stylesheets must give
 * its markup what it needs; the theme's rules must not leak into it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, runtimeReady, test } from './fixtures';

const BOOTSTRAP_CSS = readFileSync(path.join(process.cwd(), 'node_modules', 'bootstrap', 'dist', 'css', 'bootstrap.min.css'), 'utf8');

/** A Bootstrap page with an image block and a chart block in a two-column row. */
const themePage = (linksRuntimeCss: boolean) => `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>A Bootstrap theme</title>
  <link rel="stylesheet" href="/theme-assets/bootstrap.min.css">
  ${linksRuntimeCss ? '<link rel="stylesheet" href="/runtime/runtime.css">' : ''}
  <script type="module" src="/runtime/site.js"></script>
</head>
<body>
  <main class="container py-4">
    <h1 class="display-5">Studio</h1>
    <div class="row g-4">
      <div class="col-md-6">
        <figure id="block-photo" data-block-type="image" data-block-json='{}'>
          <img data-src="/images/demo/7-2400x1600.svg" width="2400" height="1600" alt="A demo picture">
        </figure>
        <p class="lead">Text after the image.</p>
      </div>
      <div class="col-md-6">
        <div id="block-chart" data-block-type="chart" data-block-json='{"variant": "bar", "title": "Visitors", "datasetId": "studio-visitors"}'><p>Visitors grew.</p></div>
      </div>
    </div>
  </main>
</body>
</html>`;

async function openThemePage(page: Page, linksRuntimeCss: boolean) {
  await page.route('**/theme-assets/bootstrap.min.css', (route) => route.fulfill({ contentType: 'text/css', body: BOOTSTRAP_CSS }));
  await page.route('**/theme-bootstrap', (route) => route.fulfill({ contentType: 'text/html', body: themePage(linksRuntimeCss) }));
  const imageWidths: number[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/images/demo/')) imageWidths.push(Number(/^(\d+)w$/.exec(url.searchParams.get('format') ?? '')?.[1] ?? 0));
  });
  await page.addInitScript(() => {
    (window as unknown as { __shift: number }).__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) (window as unknown as { __shift: number }).__shift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // The crumb cookie, as a page the server serves sets it (else the chart's first call is a 403 and a retry).
  await page.goto('/plain');
  await page.goto('/theme-bootstrap');
  await runtimeReady(page);
  for (const id of ['block-photo', 'block-chart']) await expect(page.locator(`#${id}`)).toHaveAttribute('data-block-status', 'mounted');
  // Loaded: a sized source asked for and arrived.
  const img = page.locator('#block-photo img');
  await expect.poll(() => img.evaluate((element) => (element as HTMLImageElement).complete && /format=\d+w/.test((element as HTMLImageElement).currentSrc))).toBe(true);
  const asked = Number(/format=(\d+)w/.exec(await img.evaluate((element) => (element as HTMLImageElement).currentSrc))?.[1]);
  return { imageWidths, asked };
}

for (const [width, height] of [[390, 844], [1280, 800]] as const) {
  test.describe(`a Bootstrap theme at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    for (const linksRuntimeCss of [true, false]) {
      test(`the image fits its column and asks for that width; nothing scrolls sideways${linksRuntimeCss ? '; nothing shifts' : ' (runtime.css not linked)'}`, async ({ page, consoleErrors }) => {
        const { imageWidths, asked } = await openThemePage(page, linksRuntimeCss);
        const image = page.locator('#block-photo img');
        const [imageBox, columnBox] = await Promise.all([image.boundingBox(), page.locator('#block-photo').boundingBox()]);
        expect(imageBox!.width).toBeLessThanOrEqual(columnBox!.width + 0.5);
        expect(imageBox!.height / imageBox!.width).toBeCloseTo(1600 / 2400, 2);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        // The width asked for is the one the image is drawn at (the smallest spec width that covers it), never the 2500w original.
        expect(asked).toBe([100, 300, 500, 750, 1000, 1500, 2500].find((w) => w >= imageBox!.width));
        expect(Math.max(...imageWidths)).toBeLessThan(2500);
        if (linksRuntimeCss) expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBe(0);
        expect(consoleErrors).toEqual([]);
      });
    }

    test("the chart's legend is a row of names, not the theme's bulleted list", async ({ page }) => {
      await openThemePage(page, false);
      const legend = page.locator('#block-chart .chart-legend');
      await expect(legend).toBeVisible();
      expect(await legend.evaluate((element) => [getComputedStyle(element).listStyleType, getComputedStyle(element).paddingLeft, getComputedStyle(element).display])).toEqual([
        'none',
        '0px',
        'flex',
      ]);
    });
  });
}
