/**
 * Blocks inside themes no one here wrote: a page styled by Bootstrap 5 (from npm), not by the
 * demo's own CSS, at a phone's and a desktop's width; themes that set a small root font, a dark
 * page, a fixed header above everything, an age gate, their own scrolling box; a visitor's
 * larger font. The runtime's own stylesheets must give its markup what it needs; the theme's
 * rules must not leak into it. Every block type in the frameworks' themes: theme-frameworks.spec.ts.
 */
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { api, expect, layoutShifted, runtimeReady, test, themeRule, watchLayoutShifts } from './fixtures';
import { BOOTSTRAP_CSS } from './theme-pages';


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
  await watchLayoutShifts(page);
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
        if (linksRuntimeCss) expect(await layoutShifted(page)).toBe(0);
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

test("a theme's own search form, with a field of its own, is enhanced where it stands and sends both fields", async ({ page, consoleErrors }) => {
  const html = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Search in a Bootstrap theme</title>
  <link rel="stylesheet" href="/theme-assets/bootstrap.min.css">
  <link rel="stylesheet" href="/runtime/runtime.css">
  <script type="module" src="/runtime/site.js"></script>
</head>
<body>
  <main class="container py-4">
    <h1>Shop</h1>
    <div id="block-shop-search" data-block-type="search" data-block-json='{"placeholder": "Search the shop"}'>
      <form class="d-flex gap-2" action="/search"><input class="form-control" name="q" type="search" aria-label="Search the site"><select class="form-select" name="in" aria-label="Where"><option>all</option><option>shop</option></select><button class="btn btn-primary">Go</button></form>
    </div>
    <script>window.themeForm = document.querySelector('#block-shop-search form');</script>
    <p>After the search.</p>
  </main>
</body>
</html>`;
  await page.route('**/theme-assets/bootstrap.min.css', (route) => route.fulfill({ contentType: 'text/css', body: BOOTSTRAP_CSS }));
  await page.route('**/theme-search', (route) => route.fulfill({ contentType: 'text/html', body: html }));
  await watchLayoutShifts(page);
  await page.goto('/theme-search');
  await runtimeReady(page);
  const block = page.locator('#block-shop-search');
  await expect(block).toHaveAttribute('data-block-status', 'mounted');
  // The same form: no second one, nothing hidden, the theme's classes and field kept.
  await expect(block.locator('form')).toHaveCount(1);
  expect(await block.locator('form').evaluate((form) => form === (window as unknown as { themeForm: Element }).themeForm)).toBe(true);
  await expect(block.getByRole('search')).toHaveClass('d-flex gap-2');
  const field = block.getByRole('searchbox', { name: 'Search the site' });
  await expect(field).toHaveAttribute('placeholder', 'Search the shop');
  await expect(field).toHaveAttribute('maxlength', '100');
  await expect(field).toHaveAttribute('required', '');
  await expect(block.getByRole('button', { name: 'Go' })).toHaveClass('btn btn-primary');
  expect(await layoutShifted(page)).toBe(0);
  await block.getByRole('combobox', { name: 'Where' }).selectOption('shop');
  await field.fill('glaze');
  await field.press('Enter');
  await page.waitForURL(/\/search\?q=glaze&in=shop$/);
  expect(consoleErrors).toEqual([]);
});

test.describe('a theme that sets the root font size to 62.5% (1rem = 10 px) and its text at 1.6rem', () => {
  test.use({ consented: false });

  test("the runtime's own small print follows the text around it, not the root: the embed gate, the lightbox's counter", async ({ page }) => {
    await themeRule(page, 'html { font-size: 62.5%; } body { font-size: 1.6rem; }');
    const fontSize = (selector: string) => page.locator(selector).first().evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
    await page.goto('/map');
    await runtimeReady(page);
    expect(await fontSize('body')).toBe(16);
    // Before: .875rem, 8.75 px here.
    expect(await fontSize('.site-embed-gate')).toBeCloseTo(14, 1);
    // What sits over the page keeps its floor: 15 px, not .9375rem (9.4 px here).
    expect(await fontSize('.site-cookie-banner')).toBe(15);
    await page.goto('/gallery?itemId=photo-23');
    await runtimeReady(page);
    await expect(page.locator('dialog.tl')).toBeVisible();
    // Before: .9rem, 9 px here.
    expect(await fontSize('dialog.tl .tl-counter')).toBeCloseTo(14.4, 1);
  });
});

test.describe('a theme whose text is 14 px, on a touch phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("every field the runtime draws keeps 16 px text, so that the phone's browser does not zoom into the page as one is focused", async ({ page }) => {
    await themeRule(page, 'body { font-size: 14px; }');
    const small: string[] = [];
    await page.goto('/plain');
    expect((await api(page, 'POST', '/api/commerce/cart/entries', { productId: 'print-harbour', quantity: 1 })).ok()).toBe(true);
    // A form with parts, the search block, a donation's amount, the members' sign-in, the cart's quantity, the checkouts.
    for (const path of ['/contact', '/blocks', '/search', '/members', '/cart', '/commerce/goto-checkout', '/checkout/donate?donatePageId=studio-fund&amount=2500']) {
      await page.goto(path);
      await runtimeReady(page);
      expect(await page.locator('body').evaluate((body) => getComputedStyle(body).fontSize)).toBe('14px');
      const fields = page.locator('input:not([type=hidden], [type=radio], [type=checkbox], [type=submit], [type=button]), select, textarea');
      expect(await fields.count(), path).toBeGreaterThan(0);
      small.push(...(await fields.evaluateAll((found, at) => found.filter((field) => parseFloat(getComputedStyle(field).fontSize) < 16).map((field) => `${at}: ${field.outerHTML.slice(0, 80)}`), path)));
    }
    // Before: the search field, the donation's amount, the sign-in's, the cart's and the checkouts' fields took the theme's 14 px.
    expect(small).toEqual([]);
  });
});

test.describe('a theme that takes the outline off links and buttons (a:focus, button:focus { outline: 0 })', () => {
  test.use({ consented: false });

  test('what the runtime makes still shows where focus is: the banner\'s link, embed gates, the map\'s link, an image that opens the lightbox, the menu\'s tabs and panel, the search form', async ({ page }) => {
    test.setTimeout(60_000);
    await themeRule(page, '*:focus { outline: none; } a:focus, button:focus, input:focus, select:focus, textarea:focus { outline: 0; }');
    const MADE = { banner: '.site-cookie-banner :is(a, button)', gate: '.site-embed-gate :is(a, button)', map: '.tm-address a', image: '[data-block-type="image"] [role="button"]', tabs: '.menu-tabs > button', menu: '[data-block-type="menu"] [role="tabpanel"]', search: '.search-block :is(input, button)' };
    const seen = new Set<string>();
    const unringed: string[] = [];
    for (const path of ['/blocks', '/map', '/gallery?nomotion=true', '/search']) {
      await page.goto(path);
      await runtimeReady(page);
      for (let step = 0; step < 80; step++) {
        await page.keyboard.press('Tab');
        const focus = await page.evaluate((made) => {
          const element = document.activeElement!;
          if (element === document.body) return null;
          const kind = Object.keys(made).find((name) => element.matches(made[name as keyof typeof made]));
          const style = getComputedStyle(element);
          return { kind, ringed: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2, name: `${element.tagName.toLowerCase()} ${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 30)}` };
        }, MADE);
        if (!focus) break;
        if (!focus.kind) continue;
        seen.add(focus.kind);
        if (!focus.ringed) unringed.push(`${path}: ${focus.name}`);
      }
    }
    expect([...seen].sort()).toEqual(Object.keys(MADE).sort());
    // Before: every one of them but the banner's buttons.
    expect(unringed).toEqual([]);
  });
});

/** A dark theme that knows nothing of the runtime's properties: light text on near-black, nothing else. */
const darkPage = (colorScheme: boolean) => `<!doctype html>
<html lang="en"${colorScheme ? ' style="color-scheme: dark"' : ''}>
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>A dark theme</title>
  <style>body { margin: 0; padding: 16px; background: #121212; color: #e6e6e6; font: 16px/1.5 system-ui, sans-serif; }</style>
  <script type="module" src="/runtime/site.js"></script>
</head>
<body>
  <main>
    <h1>Studio at night</h1>
    <div id="block-form" data-block-type="form" data-block-json='{"formId": "contact", "submitButtonText": "Send", "fields": [{"id": "name", "type": "text", "title": "Name", "required": true}, {"id": "message", "type": "textarea", "title": "Message", "required": true, "maxLength": 500}]}'></div>
    <form role="search" action="/search" class="search-block"><label for="q">Search</label> <input id="q" name="q" type="search" value="prints"> <button>Search</button></form>
    <div id="block-chart" data-block-type="chart" data-block-json='{"variant": "bar", "title": "Visitors", "datasetId": "studio-visitors"}'><p>Visitors grew.</p></div>
  </main>
</body>
</html>`;

test.describe('a dark theme that sets no --site-* property, at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  async function openDarkPage(page: Page, colorScheme: boolean) {
    await page.route('**/theme-dark', (route) => route.fulfill({ contentType: 'text/html', body: darkPage(colorScheme) }));
    await page.goto('/plain'); // the crumb cookie, for the chart's call
    await page.goto('/theme-dark');
    await runtimeReady(page);
    for (const id of ['block-form', 'block-chart']) await expect(page.locator(`#${id}`)).toHaveAttribute('data-block-status', 'mounted');
    await expect(page.locator('#block-chart svg text').first()).toBeVisible();
  }
  const colours = (page: Page, selector: string) =>
    page.locator(selector).first().evaluate((element) => {
      const style = getComputedStyle(element);
      return { color: style.color, background: style.backgroundColor, fill: style.fill };
    });

  test("every text the runtime draws reads against the page after a failed submit: fields, errors, the counter, the chart's axes", async ({ page, consoleErrors }) => {
    await openDarkPage(page, false);
    await page.locator('#block-form textarea').fill('Late');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Name is required.')).toBeVisible();
    const result = await new AxeBuilder({ page }).withRules(['color-contrast']).include('main').analyze();
    // Before: light text on white fields (1.24:1), errors #b3261e (2.5:1), the counter #555, the axes #444 on #121212.
    expect(result.violations.flatMap((rule) => rule.nodes.map((node) => `${node.target.join(' ')}: ${node.any[0]?.message}`))).toEqual([]);
    expect(result.passes.flatMap((rule) => rule.nodes).length).toBeGreaterThan(5); // it did look: fields, errors, labels, axes
    // Fields are the browser's own pair; the axes are drawn in the text's colour.
    expect(await colours(page, '#block-form textarea')).toMatchObject({ background: 'rgb(255, 255, 255)', color: 'rgb(0, 0, 0)' });
    expect(await colours(page, '#block-chart svg text')).toMatchObject({ fill: 'rgb(230, 230, 230)' });
    expect(consoleErrors).toEqual([]);
  });

  test('the primary buttons (Send, Search) show their edge on the near-black page, at 3:1 or more', async ({ page }) => {
    await openDarkPage(page, false);
    const luminance = ([r, g, b]: number[]) => {
      const linear = (c: number) => ((c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      return 0.2126 * linear(r!) + 0.7152 * linear(g!) + 0.0722 * linear(b!);
    };
    const contrast = (a: number[], b: number[]) => {
      const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (light! + 0.05) / (dark! + 0.05);
    };
    for (const name of ['Send', 'Search']) {
      const box = (await page.getByRole('button', { name, exact: true }).boundingBox())!;
      // A row of pixels through the button's middle, from 4 px left of it to its inside.
      const y = Math.round(box.y + box.height / 2);
      const left = Math.round(box.x) - 4;
      const row = await sharp(await page.screenshot({ clip: { x: left, y, width: 12, height: 1 } })).raw().toBuffer({ resolveWithObject: true });
      const pixels = Array.from({ length: row.info.width }, (_, i) => [...row.data.subarray(i * row.info.channels, i * row.info.channels + 3)]);
      const background = pixels[0]!;
      // Before: the button's #111 next to the page's #121212 (1.0:1); the edge is now the most contrasting pixel.
      expect(Math.max(...pixels.map((pixel) => contrast(pixel, background))), `${name}: ${JSON.stringify(pixels)}`).toBeGreaterThanOrEqual(3);
    }
  });

  test('with color-scheme: dark, the fields are dark with light text', async ({ page }) => {
    await openDarkPage(page, true);
    const field = await colours(page, '#q');
    const channel = (rgb: string) => Number(/\d+/.exec(rgb)![0]);
    expect(channel(field.background)).toBeLessThan(80);
    expect(channel(field.color)).toBeGreaterThan(200);
  });
});

test.describe('a visitor who set a larger default font size (24 px), on a 320 × 256 screen (a 1280 × 1024 screen at 400 %)', () => {
  test.use({ consented: false, viewport: { width: 320, height: 256 } });

  test('the banner, bars and dialogs grow with it, and the banner scrolls within the screen to its buttons', async ({ page }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Page.enable');
    await cdp.send('Page.setFontSizes', { fontSizes: { standard: 24, fixed: 13 } });
    const fontSize = (selector: string) => page.locator(selector).first().evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
    await page.goto('/de');
    await runtimeReady(page);
    const banner = page.locator('.site-cookie-banner');
    await expect(banner).toBeVisible();
    // Before: 15 px whatever the visitor chose.
    expect(await fontSize('.site-cookie-banner')).toBe(22.5);
    // German at that size is taller than the screen: the banner stops at its edges and scrolls.
    const box = (await banner.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(256.5);
    expect(await banner.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
    await page.keyboard.press('Tab'); // the skip link
    const accept = page.getByRole('button', { name: 'Akzeptieren' });
    while (!(await accept.evaluate((element) => element === document.activeElement))) await page.keyboard.press('Tab');
    await expect(accept).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(banner).toHaveCount(0);
    expect((await page.context().cookies()).find((cookie) => cookie.name === 'ss_cookieAllowed')?.value).toBe('true');

    await page.goto('/announcements');
    await runtimeReady(page);
    expect(await fontSize('.site-announcement-bar')).toBe(21);
    await page.evaluate(() => void window.SiteRuntime!.dialog.alert({ title: 'Saved', message: 'Your changes are saved.' }));
    await expect(page.getByRole('dialog', { name: 'Saved' })).toBeVisible();
    expect(await fontSize('.site-modal')).toBe(22.5);
    expect(await fontSize('.site-modal h2')).toBe(27);
  });
});

test.describe('a theme whose fixed header sits at z-index 99999, on a phone', () => {
  test.use({ consented: false, viewport: { width: 390, height: 844 } });

  test('the cookie banner at the top and a dialog are above it: their buttons take the click, the backdrop covers the header', async ({ page }) => {
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const header = Object.assign(document.createElement('header'), { id: 'theme-header', textContent: 'Studio' });
        header.style.cssText = 'position:fixed;top:0;left:0;right:0;height:160px;z-index:99999;background:#333;color:#fff';
        document.body.prepend(header);
      });
    });
    const onTop = (x: number, y: number) => page.evaluate(([left, top]) => document.elementFromPoint(left!, top!)?.closest('#theme-header, .site-cookie-banner, .site-modal-overlay')?.className || 'header', [x, y]);
    await page.goto('/cookies-popup'); // the banner as a popup at the top right, its accept an icon
    await runtimeReady(page);
    const accept = page.getByRole('region', { name: 'Cookie banner' }).getByRole('button', { name: 'Accept' });
    await expect(accept).toBeVisible();
    const box = (await page.locator('.site-cookie-banner').boundingBox())!;
    expect(box.y).toBeLessThan(160);
    // Before: the header covered the banner's top (its text), and a click there reached the header.
    expect(await onTop(box.x + box.width / 2, box.y + 30)).toContain('site-cookie-banner');
    await accept.click();
    await expect(page.locator('.site-cookie-banner')).toHaveCount(0);

    const answered = page.evaluate(() => window.SiteRuntime!.dialog.confirm({ title: 'Leave?', message: 'Your changes are not saved.' }));
    await expect(page.getByRole('alertdialog', { name: 'Leave?' })).toBeVisible();
    expect(await onTop(20, 20)).toContain('site-modal-overlay');
    await page.getByRole('button', { name: 'Confirm' }).click();
    expect(await answered).toBe('confirm');
  });
});

test.describe('a theme that opens an age gate (a modal dialog) as the page loads, on a phone', () => {
  test.use({ consented: false, viewport: { width: 390, height: 640 } });

  // Opened as parsing ends, before the runtime's module runs: the runtime starts while the gate is open.
  const openAgeGate = (page: Page) =>
    page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive') return;
        const gate = document.createElement('dialog');
        gate.id = 'age-gate';
        gate.style.cssText = 'margin:auto auto 0;width:100%;max-width:none;box-sizing:border-box;padding:24px';
        gate.innerHTML = '<p>Are you 18 or older?</p><form method="dialog"><button>Yes, I am 18</button></form>';
        document.body.append(gate);
        gate.showModal();
      });
    });

  test('the cookie banner waits for it to close: it never covers the dialog, then shows, is announced and works', async ({ page, consoleErrors }) => {
    await openAgeGate(page);
    await page.goto('/faq');
    await runtimeReady(page);
    const yes = page.getByRole('button', { name: 'Yes, I am 18' });
    await expect(yes).toBeVisible();
    const banner = page.locator('.site-cookie-banner');
    await expect(banner).toHaveCount(1); // the server rendered it, the runtime adopted it
    // Above the gate it covered its button, and a tap on what looked like the banner reached the gate.
    await expect(banner).toBeHidden();
    const box = (await yes.boundingBox())!;
    expect(await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.textContent, [box.x + box.width / 2, box.y + box.height / 2])).toBe('Yes, I am 18');

    await yes.click();
    const region = page.getByRole('region', { name: 'Cookie banner' });
    await expect(region).toBeVisible();
    await expect(region.locator('[aria-live]')).toHaveText(/^Cookie banner: This demo uses cookies/);
    await region.getByRole('button', { name: 'Accept cookies' }).click();
    await expect(banner).toHaveCount(0);
    expect(await page.evaluate(() => window.SiteRuntime!.consent.state())).toBe(true);
    expect(consoleErrors).toEqual([]);
  });

  test.describe('for a visitor who accepted cookies', () => {
    test.use({ consented: true });

    test('the popup overlay waits for it to close too, then opens with focus in it', async ({ page, consoleErrors }) => {
      await openAgeGate(page);
      await page.goto('/offers');
      await runtimeReady(page);
      // Opened inside the gate, the popup came before the gate's question was answered.
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('dialog', { name: 'Get our monthly notes' })).toHaveCount(0);
      await page.getByRole('button', { name: 'Yes, I am 18' }).click();
      const popup = page.getByRole('dialog', { name: 'Get our monthly notes' });
      await expect(popup).toBeVisible();
      await expect(popup.getByRole('button', { name: 'Close' })).toBeFocused();
      await popup.getByRole('button', { name: 'Close' }).click();
      await expect(popup).toHaveCount(0);
      expect(consoleErrors).toEqual([]);
    });
  });
});

test.describe('a theme that scrolls its page in a box of its own (html and body fixed, main fills the rest and scrolls)', () => {
  test('images are asked for 200 px before they scroll into the box, as on a page the window scrolls', async ({ page, consoleErrors }) => {
    await page.route('**/gallery-in-a-box', async (route) => {
      const response = await route.fetch({ url: route.request().url().replace('gallery-in-a-box', 'gallery?nomotion=true') });
      const html = (await response.text()).replace('</head>', '<style>html,body{height:100%;overflow:hidden;margin:0} body{display:flex;flex-direction:column} body>main{flex:1;min-height:0;overflow-y:auto}</style></head>');
      await route.fulfill({ response, body: html });
    });
    await page.goto('/gallery-in-a-box');
    await runtimeReady(page);
    // An image of the last grid, scrolled to 100 px under the box's foot: out of sight, within the margin.
    const asked = await page.evaluate(async () => {
      const box = document.querySelector('body > main')!;
      const image = document.querySelectorAll<HTMLImageElement>('#block-big-grid img')[40]!;
      box.scrollTop += image.getBoundingClientRect().top - box.getBoundingClientRect().bottom - 100;
      await new Promise((done) => setTimeout(done, 50));
      const seen = image.getBoundingClientRect().top - box.getBoundingClientRect().bottom;
      for (let wait = 0; wait < 60 && !image.getAttribute('src'); wait++) await new Promise((done) => setTimeout(done, 50));
      return { under: Math.round(seen), src: image.getAttribute('src') };
    });
    expect(asked.under).toBeGreaterThan(50);
    expect(asked.src).toMatch(/format=\d+w/);
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('a sticky-footer theme that lays the body out as a grid (header, main, footer), on a page shorter than the screen', () => {
  test.use({ viewport: { width: 1280, height: 1000 } });

  test("with the rule docs/theming.md gives, the announcement bar has a row of its own: the header keeps its height, the footer ends the page above the stack's room", async ({ page }) => {
    const docs = readFileSync('docs/theming.md', 'utf8');
    const rule = /## A body laid out as a grid[\s\S]*?```css\n([\s\S]*?)```/.exec(docs)![1]!;
    expect(rule).toContain('body:has(> .site-announcement-bar)');
    // The theme's skip link is placed absolutely, as most are: it takes no row.
    await themeRule(page, `${rule} .skip-link { position: absolute; }`);
    const layout = () =>
      page.evaluate(() => {
        const box = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
        const room = document.querySelector('.site-screen-foot-room');
        return { header: Math.round(box('body > header').height), footerAboveRoom: !room || box('body > footer').bottom <= room.getBoundingClientRect().top + 1, pageEnd: Math.round(document.documentElement.scrollHeight) };
      });
    await page.goto('/announcements');
    await runtimeReady(page);
    const bar = page.getByRole('complementary', { name: 'Announcement' });
    await expect(bar).toBeVisible();
    await expect(page.locator('.site-bottom-stack')).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.body).display)).toBe('grid');
    const withBar = await layout();
    expect(withBar.pageEnd).toBeLessThanOrEqual(1000); // the grid's 1fr row has room to stretch
    await bar.getByRole('button').click();
    await expect(bar).toHaveCount(0);
    // Without the rule the header took the stretching row.
    expect({ ...withBar, pageEnd: 0 }).toEqual({ ...(await layout()), pageEnd: 0 });
    expect(withBar.footerAboveRoom).toBe(true);
  });
});
