import { test, expect, runtimeReady } from './fixtures';

test.describe('loading and blocks', () => {
  test('a page without blocks and context makes no request of its own; money/url load when theme code asks', async ({ page, consoleErrors }) => {
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await page.goto('/plain');
    await expect(page.locator('html')).toHaveAttribute('data-site-ready', '');
    await page.waitForLoadState('networkidle');
    // CONTRACT §1: no script but site.js, no API call (the page links its own stylesheets).
    expect(requests.filter((path) => path.endsWith('.js') || path.startsWith('/api/'))).toEqual(['/runtime/site.js']);
    expect(await page.evaluate(() => window.SiteRuntime!.context.website)).toEqual({});
    // Theme code that awaits ready gets SiteRuntime.money and .url, synchronous from then on.
    expect(await page.evaluate(async () => (await window.SiteRuntime!.ready, window.SiteRuntime!.money.format(12.5)))).toBe('$12.50');
    expect(requests.filter((path) => path.startsWith('/runtime/chunks/'))).toEqual([expect.stringMatching(/^\/runtime\/chunks\/pure-api-[\w-]{6}\.js$/)]);
    expect(requests.filter((path) => path.startsWith('/api/'))).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test('a page with blocks and no context loads its blocks and no collector', async ({ page, consoleErrors }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.endsWith('.js') || path.startsWith('/api/')) scripts.push(path);
    });
    // A theme's own page, served on the site's origin, with an accordion and no page context.
    await page.route('**/theme-page-without-context', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html lang="en"><head><title>Theme page</title><script type="module" src="/runtime/site.js"></script></head>
<body><main><div data-block-type="accordion"><details><summary>Question</summary><div><p>Answer</p></div></details></div></main></body></html>`,
      }),
    );
    await page.goto('/theme-page-without-context');
    await expect(page.locator('[data-block-type="accordion"]')).toHaveAttribute('data-block-status', 'mounted');
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((path) => !/^\/runtime\/(site\.js|chunks\/(accordion|preact)-[\w-]{6}\.js)$/.test(path))).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test('a page with blocks loads the money/url chunk only once theme code reads ready', async ({ page, consoleErrors }) => {
    const chunks: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/runtime/chunks/')) chunks.push(path);
    });
    await page.goto('/faq');
    await expect(page.locator('html')).toHaveAttribute('data-site-ready', '');
    await expect(page.locator('[data-block-type="accordion"]').first()).toHaveAttribute('data-block-status', 'mounted');
    await page.waitForLoadState('networkidle');
    const isHelpers = (path: string) => /\/pure-api-[\w-]{6}\.js$/.test(path);
    expect(chunks.filter(isHelpers)).toEqual([]);
    expect(await page.evaluate(async () => (await window.SiteRuntime!.ready, window.SiteRuntime!.url.slugify('Spring Sale')))).toBe('spring-sale');
    expect(chunks.filter(isHelpers)).toHaveLength(1);
    expect(consoleErrors).toEqual([]);
  });

  test('the accordion block loads its own chunk only', async ({ page }) => {
    const chunks: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/runtime/chunks/')) chunks.push(path);
    });
    await page.goto('/faq');
    await runtimeReady(page);
    // Page services may load their own chunks (performance); of block code, only the accordion's.
    const blockChunks = chunks.filter((path) => /\/(accordion|form|button|places|captcha-solve)-/.test(path));
    expect(blockChunks).toHaveLength(1);
    expect(blockChunks[0]).toMatch(/\/accordion-[\w-]+\.js$/);
  });

  test('a malformed block and an unknown type leave the other blocks working', async ({ page, consoleErrors }) => {
    await page.goto('/robustness');
    await runtimeReady(page);
    await expect(page.locator('#block-broken')).toHaveAttribute('data-block-status', 'failed');
    await expect(page.locator('#block-unknown')).toHaveAttribute('data-block-status', 'failed');
    await expect(page.locator('#block-robust-ok')).toHaveAttribute('data-block-status', 'mounted');
    expect(consoleErrors.join('\n')).toContain('Block "accordion" (#block-broken) has malformed data-block-json');
    expect(consoleErrors.some((text) => text.startsWith('uncaught'))).toBe(false);
    // The broken block stays usable as plain <details>.
    await page.locator('#block-broken summary').click();
    await expect(page.locator('#block-broken details')).toHaveAttribute('open', '');
  });

  test('a block added later mounts, a moved one keeps its instance, a removed one is destroyed', async ({ page }) => {
    await page.goto('/robustness');
    await runtimeReady(page);
    await page.evaluate(() => {
      document.getElementById('late-blocks')!.innerHTML =
        '<div id="block-late" data-block-type="accordion"><details><summary>Late</summary><div>Body</div></details><details><summary>Two</summary><div>Body</div></details></div>';
    });
    await expect(page.locator('#block-late')).toHaveAttribute('data-block-status', 'mounted');
    const sameAfterMove = await page.evaluate(() => {
      const element = document.getElementById('block-late')!;
      const before = window.SiteRuntime!.block(element);
      document.querySelector('main')!.prepend(element);
      return new Promise<boolean>((resolve) => setTimeout(() => resolve(window.SiteRuntime!.block(element) === before && before !== undefined), 50));
    });
    expect(sameAfterMove).toBe(true);
    const destroyed = await page.evaluate(() => {
      const element = document.getElementById('block-late')!;
      element.remove();
      return new Promise<boolean>((resolve) => setTimeout(() => resolve(window.SiteRuntime!.block(element) === undefined), 50));
    });
    expect(destroyed).toBe(true);
  });

  test("a web component's block: slotted into it from its light DOM, it mounts and is styled; inside its shadow root, it is left alone (docs/javascript-api.md, init)", async ({ page }) => {
    await page.goto('/robustness');
    await runtimeReady(page);
    await page.evaluate(() => {
      const grid = (id: string) =>
        `<div id="${id}" data-block-type="gallery" data-block-json='{"design": "grid", "thumbnails-per-row": 2}'>` +
        '<figure data-slide-id="w1" data-type="image" data-image-dimensions="1000x1500"><img data-src="/images/demo/1-1000x1500.svg" width="1000" height="1500" alt="One"></figure>' +
        '<figure data-slide-id="w2" data-type="image" data-image-dimensions="1500x1500"><img data-src="/images/demo/2-1500x1500.svg" width="1500" height="1500" alt="Two"></figure></div>';
      customElements.define('theme-card', class extends HTMLElement {
        constructor() {
          super();
          this.attachShadow({ mode: 'open' }).innerHTML = `<div class="frame"><slot></slot></div>${grid('block-hidden-away')}`;
        }
      });
      document.getElementById('late-blocks')!.innerHTML = `<theme-card>${grid('block-slotted')}</theme-card>`;
    });
    const slotted = page.locator('#block-slotted');
    await expect(slotted).toHaveAttribute('data-block-status', 'mounted');
    // Laid out by the gallery's stylesheet, as the runtime marked it: two columns.
    await expect(slotted).toHaveAttribute('data-gallery-design', 'grid');
    await expect(slotted).toHaveCSS('display', 'grid');
    expect((await slotted.evaluate((element) => getComputedStyle(element).gridTemplateColumns)).split(' ')).toHaveLength(2);
    expect(await page.evaluate(() => document.querySelector('theme-card')!.shadowRoot!.getElementById('block-hidden-away')!.hasAttribute('data-block-status'))).toBe(false);
  });

  test('the classic IIFE build runs the same runtime without chunks', async ({ page, consoleErrors }) => {
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await page.goto('/classic');
    await runtimeReady(page);
    await expect(page.locator('#block-classic')).toHaveAttribute('data-block-status', 'mounted');
    await page.locator('#block-classic summary').nth(1).click();
    await expect(page.locator('#block-classic details').nth(1)).toHaveAttribute('open', '');
    await expect(page.locator('#block-classic details').nth(0)).not.toHaveAttribute('open', '');
    expect(requests.filter((path) => path.startsWith('/runtime/'))).toEqual(['/runtime/site.iife.js']);
    expect(await page.evaluate(() => window.SiteRuntime!.version)).toMatch(/^\d+\.\d+\.\d+/);
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('accordion', () => {
  test('opens by mouse with a 250 ms animation and closes the others', async ({ page }) => {
    await page.goto('/');
    await runtimeReady(page);
    const items = page.locator('#block-home-faq details');
    await expect(items.nth(0)).toHaveAttribute('open', ''); // expandFirst
    // Record the animations the accordion starts (reading getAnimations() later races their end).
    await page.evaluate(() => {
      const durations: unknown[] = ((window as unknown as { durations: unknown[] }).durations = []);
      const animate = Element.prototype.animate;
      Element.prototype.animate = function (keyframes, options) {
        durations.push(typeof options === 'object' ? options.duration : options);
        return animate.call(this, keyframes, options);
      };
    });
    await items.nth(1).locator('summary').click();
    const durations = await page.evaluate(() => (window as unknown as { durations: unknown[] }).durations);
    expect(durations).toEqual([250, 250]); // the second item opens, the first closes
    await expect(items.nth(1)).toHaveAttribute('open', '');
    await expect(items.nth(0)).not.toHaveAttribute('open', '');
  });

  test('ignores toggles while animating', async ({ page }) => {
    await page.goto('/');
    await runtimeReady(page);
    // The second click comes during the 250 ms animation and is ignored.
    await page.evaluate(() => {
      const summary = document.querySelectorAll<HTMLElement>('#block-home-faq summary')[2]!;
      summary.click();
      summary.click();
    });
    await page.waitForTimeout(400);
    await expect(page.locator('#block-home-faq details').nth(2)).toHaveAttribute('open', '');
  });

  test('works by keyboard: Enter and Space toggle the focused item', async ({ page }) => {
    await page.goto('/faq');
    await runtimeReady(page);
    const first = page.locator('#block-faq-multi details').nth(0);
    const second = page.locator('#block-faq-multi details').nth(1);
    await first.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(first).toHaveAttribute('open', '');
    // Toggles are ignored while the 250 ms animation runs; on a busy machine it may run late.
    await page.waitForFunction(() => document.getAnimations().length === 0);
    await page.keyboard.press('Tab');
    await expect(second.locator('summary')).toBeFocused();
    await page.keyboard.press('Space');
    await expect(second).toHaveAttribute('open', '');
    await expect(first).toHaveAttribute('open', ''); // allowMultipleOpen
  });

  test('opens instantly under prefers-reduced-motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/faq');
    await runtimeReady(page);
    await page.locator('#block-faq-multi summary').first().click();
    expect(await page.evaluate(() => document.getAnimations().length)).toBe(0);
    await expect(page.locator('#block-faq-multi details').first()).toHaveAttribute('open', '');
  });
});

test.describe('dialogs', () => {
  test('logout=true shows the Logout Successful alert and drops the parameter', async ({ page }) => {
    await page.goto('/?logout=true');
    const dialog = page.getByRole('dialog', { name: 'Logout Successful' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('You have been successfully logged out');
    const okay = dialog.getByRole('button', { name: 'Okay' });
    await expect(okay).toBeFocused();
    expect(new URL(page.url()).search).toBe('');
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
  });

  test('a confirmation cancels on Escape, keeps focus inside and restores it', async ({ page }) => {
    await page.goto('/faq');
    await runtimeReady(page);
    await page.locator('#block-faq-multi summary').first().focus();
    const result = page.evaluate(() => window.SiteRuntime!.dialog.confirm({ title: 'Delete?', message: 'Really?', showReject: true }));
    const dialog = page.getByRole('alertdialog', { name: 'Delete?' });
    await expect(dialog).toBeVisible();
    await expect(page.locator('.site-modal-overlay')).toHaveCSS('z-index', '30000');
    await expect(dialog).toHaveCSS('width', '350px');
    await expect(dialog).toHaveCSS('padding', '20px');
    await expect(dialog.getByRole('button')).toHaveText(['Cancel', 'Reject', 'Confirm']);
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeFocused();
    await page.keyboard.press('Escape');
    expect(await result).toBe('cancel');
    await expect(page.locator('#block-faq-multi summary').first()).toBeFocused();
  });

  test("opened from a theme's modal <dialog>, a confirmation can be reached and answered, and Escape closes only it", async ({ page, consoleErrors }) => {
    await page.goto('/plain');
    await runtimeReady(page);
    await page.evaluate(() => {
      const themeDialog = Object.assign(document.createElement('dialog'), { id: 'theme-dialog', innerHTML: '<p>Remove this item?</p><button id="ask">Remove</button>' });
      document.body.append(themeDialog);
      themeDialog.showModal();
      const answers: string[] = [];
      Object.assign(window, { answers });
      themeDialog.querySelector('#ask')!.addEventListener('click', () => void window.SiteRuntime!.dialog.confirm({ title: 'Sure?', message: 'It cannot be undone.' }).then((answer) => answers.push(answer)));
    });
    const answers = () => page.evaluate(() => (window as unknown as { answers: string[] }).answers);
    const confirmation = page.getByRole('alertdialog', { name: 'Sure?' });
    const ask = page.locator('#ask');

    await ask.click();
    // Before: the confirmation was drawn but inert under the theme's modal (focus stayed on Remove; no click reached it).
    await expect(confirmation.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(confirmation.getByRole('button', { name: 'Confirm' })).toBeFocused();
    await confirmation.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(answers).toEqual(['confirm']);
    await expect(ask).toBeFocused();
    await expect(page.locator('#theme-dialog')).toHaveJSProperty('open', true);

    await ask.click();
    await expect(confirmation).toBeVisible();
    await page.keyboard.press('Escape');
    await expect.poll(answers).toEqual(['confirm', 'cancel']);
    await expect(page.locator('#theme-dialog')).toHaveJSProperty('open', true);

    // The theme closes its dialog with the confirmation open: the confirmation is cancelled with it.
    await ask.click();
    await expect(confirmation).toBeVisible();
    await page.evaluate(() => (document.getElementById('theme-dialog') as HTMLDialogElement).close());
    await expect.poll(answers).toEqual(['confirm', 'cancel', 'cancel']);
    await expect(confirmation).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test('an information dialog confirms itself after 2000 ms', async ({ page }) => {
    await page.goto('/plain');
    await runtimeReady(page);
    const started = Date.now();
    const result = await page.evaluate(() => window.SiteRuntime!.dialog.information({ title: 'Saved' }));
    expect(result).toBe('confirm');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
  });
});
