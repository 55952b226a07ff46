/**
 * One block of every type in a page of a CSS framework's theme (Bootstrap 5, Tailwind's reset,
 * Pico CSS), at a phone's and a desktop's width: all mount, nothing scrolls sideways or shifts,
 * the keyboard paths work, and the framework's rules do not leak into the runtime's markup.
 */
import { axeViolations, expect, runtimeReady, test } from './fixtures';
import { everyBlockPage } from './theme-pages';

for (const [width, height] of [[390, 844], [1280, 800]] as const) {
  test.describe(`every block type in a Bootstrap theme at ${width} px`, () => {
    // Not answered: no third-party embed loads (the page asks no other host), the banner shows.
    test.use({ viewport: { width, height }, consented: false });

    test('all mount, nothing scrolls sideways or shifts, the keyboard paths work, and the theme restyles the runtime through its properties', async ({ page, baseURL, consoleErrors }) => {
      test.setTimeout(60_000);
      const elsewhere: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.protocol.startsWith('http') && url.host !== new URL(baseURL!).host) elsewhere.push(url.host);
      });
      await page.route(/^https:\/\//, (route) => (route.request().url().startsWith('https://fonts.googleapis.com/') ? route.fulfill({ contentType: 'text/css', body: '' }) : route.abort()));
      await page.goto('/plain'); // the crumb cookie, as a served page sets it
      const types = await everyBlockPage(page);
      expect(types).toEqual(expect.arrayContaining(['accordion', 'form', 'newsletter', 'gallery', 'image', 'video', 'map', 'menu', 'member-area', 'audio', 'search', 'summary', 'reservation', 'acuity', 'zola', 'product-list', 'donation', 'chart', 'button']));
      await page.addInitScript(() => {
        (window as unknown as { __shifts: string[] }).__shifts = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node }> }>) {
            if (entry.hadRecentInput) continue;
            const nodes = (entry.sources ?? []).map((source) => (source.node instanceof Element ? source.node.closest('[data-block-type]')?.getAttribute('data-block-type') ?? source.node.nodeName : '?'));
            (window as unknown as { __shifts: string[] }).__shifts.push(`${entry.value.toFixed(4)} ${nodes.join(',')}`);
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto('/theme-every-block');
      await runtimeReady(page);
      const top = page.locator('main [data-block-type]:not([data-block-type] [data-block-type])');
      await expect(top).toHaveCount(types.length);
      for (const type of types) await expect(page.locator(`main > .row > section > [data-block-type="${type}"]`)).toHaveAttribute('data-block-status', 'mounted');
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts)).toEqual([]);
      // No block asks another host; the site's Google Fonts (a page setting, not an embed) do.
      expect(elsewhere.filter((host) => host !== 'fonts.googleapis.com')).toEqual([]);

      // The theme's properties reach the runtime's controls, its banner and its dialogs.
      const style = (selector: string, property: string) => page.locator(selector).first().evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);
      for (const button of ['.search-block button', '.donation-form button', '.site-form-submit']) expect(await style(button, 'background-color')).toBe('rgb(13, 110, 253)');
      expect(await style('.product-quick-view-button', 'border-top-left-radius')).toBe('0px');
      expect(await style('.site-cookie-banner', 'background-color')).toBe('rgb(33, 37, 41)');

      // Keyboard: an accordion item opens on Enter.
      const item = page.locator('[data-block-type="accordion"] > details').nth(1);
      await expect(item).not.toHaveAttribute('open');
      await item.locator('summary').focus();
      await page.keyboard.press('Enter');
      await expect(item).toHaveAttribute('open');
      // The menu's tabs: the arrows move, Enter selects (manual activation).
      const tabs = page.locator('[data-block-type="menu"] [role="tab"]');
      await tabs.first().focus();
      await page.keyboard.press('ArrowRight');
      await expect(tabs.nth(1)).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
      // Quick view: opens on Enter, closes on Escape, gives focus back.
      const quickView = page.locator('.product-quick-view-button').first();
      await quickView.focus();
      await page.keyboard.press('Enter');
      const dialog = page.locator('dialog.product-quick-view');
      await expect(dialog).toBeVisible();
      expect(await dialog.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(255, 255, 255)');
      expect(await dialog.evaluate((element) => element.getBoundingClientRect().right)).toBeLessThanOrEqual(width);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(quickView).toBeFocused();
      // The donation's amounts move with the arrows; an embed's placeholder buttons are reachable.
      const amounts = page.locator('.donation-form input[type="radio"]');
      await amounts.first().focus();
      await page.keyboard.press('ArrowRight');
      await expect(amounts.nth(1)).toBeChecked();
      await page.locator('[data-block-type="map"] .site-embed-gate button').first().focus();
      await expect(page.locator('[data-block-type="map"] .site-embed-gate button').first()).toBeFocused();
      // A dialog in the theme's radius and primary colour.
      const answered = page.evaluate(() => window.SiteRuntime!.dialog.alert({ title: 'Saved', message: 'All good.' }));
      const alert = page.locator('.site-modal');
      await expect(alert).toBeVisible();
      expect(await alert.evaluate((element) => getComputedStyle(element).borderTopLeftRadius)).toBe('0px');
      expect(await alert.locator('button.site-primary').evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(13, 110, 253)');
      await page.keyboard.press('Escape');
      expect(await answered).toBe('cancel');
      // Search: typed and sent with Enter.
      await page.locator('.search-block input').fill('etching');
      await page.locator('.search-block input').press('Enter');
      await page.waitForURL(/\/search\?q=etching/);
      expect(consoleErrors).toEqual([]);
    });
  });
}

test.describe('every block type under Tailwind\'s reset (preflight), at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, consented: false });

  test("the runtime's controls keep what they need: the menu's selected tab shows, tabs and buttons are targets, nothing scrolls sideways", async ({ page, consoleErrors }) => {
    await page.route(/^https:\/\//, (route) => (route.request().url().startsWith('https://fonts.googleapis.com/') ? route.fulfill({ contentType: 'text/css', body: '' }) : route.abort()));
    await page.goto('/plain');
    const types = await everyBlockPage(page, {
      name: 'Tailwind',
      // The reset after the runtime's stylesheet, as a theme that links runtime.css first has it.
      head: `<link rel="stylesheet" href="/runtime/runtime.css">
  <link rel="stylesheet" href="/theme-assets/preflight.css">`,
      container: 'mx-auto p-4',
      column: 'mb-6',
    });
    await page.goto('/theme-every-block');
    await runtimeReady(page);
    for (const type of types) await expect(page.locator(`main > .row > section > [data-block-type="${type}"]`)).toHaveAttribute('data-block-status', 'mounted');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The reset takes every button's border, background and padding: before, the tabs ran together
    // as plain words ("BreakfastLunchDinner") and nothing showed which one was chosen.
    const tabs = page.locator('[data-block-type="menu"] [role="tab"]');
    const look = (index: number) =>
      tabs.nth(index).evaluate((element) => {
        const style = getComputedStyle(element);
        const box = element.getBoundingClientRect();
        return { underline: `${style.borderBottomWidth} ${style.borderBottomColor}`, color: style.color, height: box.height, right: box.right };
      });
    const [first, second] = [await look(0), await look(1)];
    expect(first.underline).toBe(`3px ${first.color}`);
    expect(second.underline).toBe('3px rgba(0, 0, 0, 0)');
    expect(first.height).toBeGreaterThanOrEqual(44);
    const secondLeft = await tabs.nth(1).evaluate((element) => element.getBoundingClientRect().left);
    expect(secondLeft - first.right).toBeGreaterThanOrEqual(12);
    await tabs.first().focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    expect((await look(1)).underline).toBe(`3px ${second.color}`);
    expect((await look(0)).underline).toBe('3px rgba(0, 0, 0, 0)');
    // Windows' contrast themes draw transparent borders too: there only the chosen tab's shows.
    await page.emulateMedia({ forcedColors: 'active' });
    const [chosen, other] = [(await look(1)).underline, (await look(0)).underline];
    const canvas = await page.evaluate(() => {
      const probe = document.body.appendChild(Object.assign(document.createElement('i'), { style: 'color: Canvas' }));
      const colour = getComputedStyle(probe).color;
      probe.remove();
      return colour;
    });
    expect(other).toBe(`3px ${canvas}`);
    expect(chosen).not.toBe(other);
    await page.emulateMedia({ forcedColors: 'none' });

    // The runtime's buttons and fields keep their look and their size under the reset.
    for (const selector of ['.site-form-submit', '.search-block button', '.donation-form button', '.product-quick-view-button']) {
      const box = (await page.locator(selector).first().boundingBox())!;
      expect(box.height, selector).toBeGreaterThanOrEqual(44);
    }
    expect(await page.locator('.site-form-submit').first().evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(17, 17, 17)');
    expect(await page.locator('.site-form input[type="email"]').first().evaluate((element) => getComputedStyle(element).borderTopWidth)).toBe('1px');
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('every block type under Pico CSS, at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, consented: false });

  test("a theme that draws [role=button] and colours every paragraph leaves the runtime's images, thumbnails, legend and banner as they are", async ({ page, consoleErrors }) => {
    await page.route(/^https:\/\//, (route) => (route.request().url().startsWith('https://fonts.googleapis.com/') ? route.fulfill({ contentType: 'text/css', body: '' }) : route.abort()));
    await page.goto('/plain');
    const types = await everyBlockPage(page, { name: 'Pico', head: '<link rel="stylesheet" href="/theme-assets/pico.min.css">', container: 'container', column: '' });
    await page.goto('/theme-every-block');
    await runtimeReady(page);
    for (const type of types) await expect(page.locator(`main > .row > section > [data-block-type="${type}"]`)).toHaveAttribute('data-block-status', 'mounted');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Pico gives every p its own text colour: the banner's text was grey on the banner's black (1.6:1).
    await expect(page.locator('.site-cookie-banner')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // Pico draws [role=button] as a blue button with padding: the image block's image and the
    // slideshow's thumbnails were framed in it, and the current thumbnail's outline (the text's
    // colour) was the button's white.
    const looks = await page.evaluate(() =>
      [...document.querySelectorAll('main [role="button"]:not(button)')].map((element) => {
        const style = getComputedStyle(element);
        return `${element.tagName.toLowerCase()}.${element.className}: ${style.backgroundColor} ${style.paddingTop} ${style.borderTopWidth}`;
      }),
    );
    expect(looks.length).toBeGreaterThan(3);
    for (const look of looks) expect(look).toMatch(/: rgba\(0, 0, 0, 0\) 0px 0px$/);
    const current = page.locator('.tg-thumbnails > .is-current');
    const [outline, text] = await current.evaluate((element) => [getComputedStyle(element).outlineColor, getComputedStyle(element.closest('main')!).color]);
    expect(outline).toBe(text);
    // Pico squares every list item: the chart's legend is a row of names, without them.
    expect(await page.locator('.chart-legend > li').first().evaluate((element) => getComputedStyle(element).listStyleType)).toBe('none');
    expect(consoleErrors).toEqual([]);
  });

  test("in Pico's dark theme (the visitor's system is dark) the consent placeholders and the banner keep their contrast", async ({ page, consoleErrors }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.route(/^https:\/\//, (route) => (route.request().url().startsWith('https://fonts.googleapis.com/') ? route.fulfill({ contentType: 'text/css', body: '' }) : route.abort()));
    await page.goto('/plain');
    await everyBlockPage(page, { name: 'Pico', head: '<link rel="stylesheet" href="/theme-assets/pico.min.css">', container: 'container', column: '' });
    await page.goto('/theme-every-block');
    await runtimeReady(page);
    // Pico's light text in every p was on the placeholders' light grey (map, booking, registry).
    await expect(page.locator('.site-embed-gate').first()).toBeVisible();
    await expect(page.locator('.site-cookie-banner')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});

