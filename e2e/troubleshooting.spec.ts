/**
 * The mistakes a theme author makes first, each provoked in Chromium: the console shows the
 * words docs/troubleshooting.md quotes, so the page's advice matches what the author will see.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const DOC = readFileSync('docs/troubleshooting.md', 'utf8').replace(/\s+/g, ' ');
const FAQ = `<div id="block-faq" data-block-type="accordion"><h2>Opening hours</h2><p>Every day.</p></div>`;
const CONTEXT = '<script type="application/json" id="site-context">{"website": {"id": "demo"}, "env": "prod"}</script>';
const themePage = (head: string, body = FAQ) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A theme</title>${head}</head><body><main>${body}</main></body></html>`;
const MODULE = '<script type="module" src="/runtime/site.js"></script>';

/** Opens `url` (served as `html` when given) and waits until the console has shown every fragment. */
async function consoleShows(tab: Page, url: string, html: string | null, fragments: string[], headers: Record<string, string> = {}): Promise<void> {
  const said: string[] = [];
  tab.on('console', (message) => said.push(message.text()));
  tab.on('pageerror', (error) => said.push(error.message));
  if (html !== null) await tab.route(url, (route) => route.fulfill({ contentType: 'text/html', headers, body: html }));
  await tab.goto(url);
  for (const fragment of fragments) {
    expect(DOC, 'quoted in docs/troubleshooting.md').toContain(fragment);
    await expect.poll(() => said.join('\n'), { message: fragment, timeout: 5_000 }).toContain(fragment);
  }
}

test('each mistake docs/troubleshooting.md describes shows the words it quotes', async ({ context, baseURL }) => {
  // A page load for each mistake the page describes: 28 s in a loaded CI run.
  test.setTimeout(60_000);
  const at = `${baseURL}/a-theme-page`;
  const cases: Array<[string, string, string | null, string[], Record<string, string>?]> = [
    ['site.js as a classic script', at, themePage('<script src="/runtime/site.js"></script>'), ["Cannot use 'import.meta' outside a module"]],
    ['a Content-Security-Policy without the runtime', at, themePage(MODULE), ['Loading the script', 'violates the following Content Security Policy directive'], { 'content-security-policy': "script-src https://cdn.example" }],
    ['both builds', at, themePage(`${MODULE}<script defer src="/runtime/site.iife.js"></script>`), ['SiteRuntime is already running; this copy stays idle.']],
    ['a misspelt block type', at, themePage(MODULE, '<div id="block-photos" data-block-type="galery"></div>'), ['Block "galery" (#block-photos): unknown block type, left as it is.']],
    ['malformed settings', at, themePage(MODULE, `<div id="block-signup" data-block-type="newsletter" data-block-json='{"formId": "news",}'></div>`), ['has malformed data-block-json']],
    ["a gallery's malformed settings", at, themePage(MODULE, `<div id="block-photos" data-block-type="gallery" data-block-json="{'design': 'grid'}"><figure><img data-src="/images/demo/1-1000x1500.svg" alt="One"></figure></div>`), ['Error decoding gallery block data.']],
    ['settings the block cannot work with', at, themePage(MODULE, `<div id="block-signup" data-block-type="newsletter" data-block-json='{"title": "News"}'></div>`), ['failed to initialise.', 'A form block needs a "formId" in its data-block-json.']],
    ['a page context that is not JSON', at, themePage(`${MODULE}<script type="application/json" id="site-context">{"website": {"id": "demo",}}</script>`), ['Page context is not valid JSON; using the defaults.']],
    [
      'Trusted Types without the runtime\'s policy',
      at,
      themePage(MODULE, `<div id="block-photos" data-block-type="gallery" data-block-json='{"design": "slideshow"}'><figure><img data-src="/images/demo/1-1000x1500.svg" alt="One"></figure><figure><img data-src="/images/demo/2-1500x1500.svg" alt="Two"></figure></div>`),
      ["Creating a TrustedTypePolicy named 'tessera' violates the following Content Security policy directive", "This document requires 'TrustedHTML' assignment."],
      { 'content-security-policy': "require-trusted-types-for 'script'; trusted-types theme-policy" },
    ],
    ['a path as data-api-base', at, themePage(`<script type="module" src="/runtime/site.js" data-api-base="/api"></script>${CONTEXT}`), ['Ignoring data-api-base "/api": it must be an http(s) origin.']],
  ];
  for (const [name, url, html, fragments, headers] of cases) {
    await test.step(name, async () => {
      const tab = await context.newPage();
      await consoleShows(tab, url, html, fragments, headers);
      await tab.close();
    });
  }

  await test.step('a stylesheet that does not come, on a page without runtime.css', async () => {
    const tab = await context.newPage();
    await tab.route(/\/runtime\/[a-z-]+\.css$/, (route) => route.abort());
    const gallery = '<div id="block-photos" data-block-type="gallery" data-block-json=\'{"design": "grid"}\'><figure><img data-src="/images/demo/1-1000x1500.svg" alt="One"></figure></div>';
    await consoleShows(tab, at, themePage(MODULE, gallery), ['Stylesheet ', 'failed to load; the block shows unstyled.']);
    await tab.close();
  });

  await test.step('a captcha on a page over plain http (a phone trying the theme on the local network)', async () => {
    const tab = await context.newPage();
    const said: string[] = [];
    tab.on('console', (message) => said.push(message.text()));
    const form = `<div id="block-callback" data-block-type="form" data-block-json='{"formId": "callback", "captcha": true, "fields": [{"id": "n", "type": "text", "title": "Name"}]}'></div>`;
    // Not localhost and not https: no Web Crypto. The runtime's files come from the server
    // through this host (a page there may not reach into 127.0.0.1), the challenge canned.
    await tab.route('http://theme.test/**', async (route) => {
      const url = new URL(route.request().url());
      if (url.pathname === '/') return route.fulfill({ contentType: 'text/html', body: themePage(MODULE, form) });
      if (url.pathname.startsWith('/runtime/')) return route.fulfill({ response: await route.fetch({ url: `${baseURL}${url.pathname}` }) });
      if (url.pathname === '/api/form/captcha/challenge') return route.fulfill({ json: { parameters: { algorithm: 'SHA-256', nonce: '00', salt: '00', cost: 1, keyLength: 32, keyPrefix: '00' }, signature: 'x' } });
      return route.fulfill({ json: {} });
    });
    await tab.goto('http://theme.test/');
    await tab.getByRole('checkbox', { name: "I'm not a robot" }).check();
    await expect(tab.locator('.site-form-captcha').getByRole('status')).toHaveText('Verification failed. Try again later.');
    for (const fragment of ['The captcha could not be verified.', 'The captcha needs a secure page (https) to compute its answer.']) {
      expect(DOC, 'quoted in docs/troubleshooting.md').toContain(fragment);
      await expect.poll(() => said.join('\n'), { message: fragment, timeout: 5_000 }).toContain(fragment);
    }
    await tab.close();
  });

  await test.step('the page opened from disk', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'tessera-theme-'));
    try {
      writeFileSync(path.join(folder, 'index.html'), themePage(`<script type="module" src="file://${path.resolve('dist/runtime/site.js')}"></script>`));
      const tab = await context.newPage();
      await consoleShows(tab, `file://${folder}/index.html`, null, ["from origin 'null' has been blocked by CORS policy"]);
      expect(await tab.evaluate(() => typeof window.SiteRuntime)).toBe('undefined');
      await tab.close();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  await test.step('a site on another host that the server does not list in SITE_ORIGINS', async () => {
    const html = themePage(`<script type="module" src="${baseURL}/runtime/site.js" data-api-base="${baseURL}"></script>${CONTEXT}`);
    const host = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(html));
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    try {
      const tab = await context.newPage();
      await consoleShows(tab, `http://127.0.0.1:${(host.address() as AddressInfo).port}/`, null, ["has been blocked by CORS policy: No 'Access-Control-Allow-Origin' header is present on the requested resource."]);
      await tab.close();
    } finally {
      host.close();
    }
  });
});
