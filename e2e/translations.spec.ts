/**
 * The runtime UI in each language it ships, walked through every state a page can reach (the
 * banner, the embed placeholders, form errors, the gallery and its lightbox, dialogs, the error
 * overlay, the chart) with no string of the English catalogue left in the page's text or in an
 * ARIA name, and the language's words downloaded and no other's. German on the demo's /de page
 * (`<html lang="de">`, its banner rendered by the server) at 390 and 1280 px; French, Spanish,
 * Italian and Portuguese on the same page with its `lang` changed (`fr-CA`, `es-MX`, `it-IT`,
 * `pt-BR`) and without the server's banner, so that the runtime draws its own, as on a page
 * another host serves, at 390 px where their longer words are tightest; nothing scrolls
 * sideways in any state. Then dates and money follow the page's language, and a page's own
 * `strings` win over the catalogue file.
 */
import type { Page } from '@playwright/test';
import { expect, runtimeReady, test } from './fixtures';
import { CATALOGUE } from '../runtime/src/i18n/catalogue';
import { fill } from '../contract/text/format';
import { readFileSync } from 'node:fs';

type Words = Record<string, string>;
const catalogueOf = (code: string) => JSON.parse(readFileSync(new URL(`../contract/i18n/${code}.json`, import.meta.url), 'utf8')) as Words;

/** The English strings a page in a language must not show: those its translation words differently. */
const englishLeftIn = (words: Words) =>
  Object.entries(CATALOGUE)
    .filter(([name, text]) => words[name] !== text && text.replace(/\{\w+\}/g, '').trim().length > 1)
    .map(([name, text]) => {
      const pattern = text
        .split(/\{\w+\}/)
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('.+?');
      return { name, text, whole: new RegExp(`^\\s*${pattern}\\s*$`), long: text.length >= 24 && !/\{\w+\}/.test(text) };
    });

/** Every text node, attribute a person hears (aria-label, alt, title, placeholder) and ARIA name in the page, theme header and footer aside. */
async function shownTexts(page: Page): Promise<{ texts: string[]; body: string }> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const theme = (node: Node) => !!(node instanceof Element ? node : node.parentElement)?.closest('.site-header, .site-footer, .skip-link, script, style');
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (theme(node)) continue;
      if (node.nodeType === Node.TEXT_NODE) texts.push(node.textContent ?? '');
      else for (const name of ['aria-label', 'alt', 'title', 'placeholder', 'aria-roledescription', 'value']) {
        const value = (node as Element).getAttribute(name);
        if (value && !(name === 'value' && (node as Element).tagName !== 'BUTTON')) texts.push(value);
      }
      if (node instanceof HTMLElement && node.shadowRoot) texts.push(node.shadowRoot.textContent ?? '');
    }
    const main = Array.from(document.body.children).filter((child) => !theme(child));
    return { texts, body: main.map((child) => (child as HTMLElement).innerText ?? '').join('\n') };
  });
}

async function expectNoEnglish(page: Page, words: Words, state: string): Promise<void> {
  const { texts, body } = await shownTexts(page);
  const found: string[] = [];
  for (const english of englishLeftIn(words)) {
    const hit = texts.find((text) => english.whole.test(text));
    if (hit !== undefined) found.push(`${english.name}: "${hit.trim()}"`);
    else if (english.long && body.includes(english.text)) found.push(`${english.name}: "${english.text}"`);
  }
  expect(found, `English left on the page in ${page.url()} (${state})`).toEqual([]);
  // Longer words than English's widen nothing: no sideways scrolling, at a phone's width too.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `scrolls sideways (${state})`).toBeLessThanOrEqual(0);
}

/**
 * Opens `path` (the German demo page, or a copy of it in another language) as a first visit and
 * walks the runtime UI through its states, each checked for English and for the language's words.
 */
async function walkThroughInLanguage(page: Page, path: string, code: string): Promise<void> {
  const words = catalogueOf(code);
  const translations: string[] = [];
  page.on('request', (request) => {
    if (/\/i18n\//.test(request.url())) translations.push(new URL(request.url()).pathname);
  });
  await page.route(/^https:\/\/(maps\.googleapis\.com|www\.youtube-nocookie\.com)\//, (route) => route.abort());
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(path);
  await runtimeReady(page);
  expect(translations).toEqual([`/runtime/i18n/${code}.json`]);

  // The banner, and the embeds' placeholders under the restrictive policy.
  const banner = page.locator('section.site-cookie-banner');
  await expect(banner).toHaveAttribute('aria-label', words['banner.label']!);
  await expect(banner.getByRole('button', { name: words['banner.accept'] })).toBeEnabled();
  await expect(page.getByRole('button', { name: words['embed.allowAll'] }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: fill(words['embed.load']!, { what: words['embed.map']! }) })).toBeVisible();
  await expect(page.locator('#block-diagramm table')).toBeAttached();
  await expectNoEnglish(page, words, 'loaded');

  // Form errors: the whole form, then one field (the form's own texts are the page's German).
  const form = page.locator('#block-kontakt form');
  await form.getByRole('button', { name: 'Nachricht senden' }).click();
  await expect(form.locator('.site-form-general').first()).toHaveText(words['form.formInvalid']!);
  await expect(form.getByText(fill(words['form.required']!, { title: 'Name' }))).toBeVisible();
  // Focus moves to the first invalid field after the next paint: typing before it lands would
  // put the text wherever focus is then.
  await expect(form.locator('[aria-invalid="true"]').first()).toBeFocused();
  await form.getByLabel('E-Mail', { exact: false }).first().fill('nicht-gültig');
  await form.locator('textarea').fill('x'.repeat(201));
  await form.getByRole('button', { name: 'Nachricht senden' }).click();
  await expect(form.getByText(words['form.emailNotValid']!)).toBeVisible();
  await expect(form.getByText(words['form.characterLimit']!)).toBeVisible();
  await expectNoEnglish(page, words, 'form errors');

  // The slideshow's controls, then its lightbox.
  const gallery = page.locator('#block-diashow');
  await expect(gallery.getByRole('button', { name: words['gallery.next'] })).toBeVisible();
  await gallery.getByRole('button', { name: words['gallery.next'] }).click();
  // The second photo has no alt: its opener is named by the catalogue.
  await gallery.getByRole('button', { name: fill(words['gallery.image']!, { n: 2 }), exact: true }).click();
  const lightbox = page.locator('dialog.tl');
  await expect(lightbox).toBeVisible();
  await expect(lightbox.getByRole('button', { name: words['lightbox.close'] })).toBeVisible();
  await expect(lightbox.locator('.tl-counter')).toHaveText(fill(words['lightbox.counter']!, { n: 2, count: 3 }));
  await expectNoEnglish(page, words, 'lightbox');
  await page.keyboard.press('Escape');
  await expect(lightbox).toBeHidden();

  // A dialog with the default buttons, and the data layer's error overlay.
  const asked = page.evaluate(() => window.SiteRuntime!.dialog.confirm({ title: 'Frage' }));
  await expect(page.getByRole('button', { name: words['dialog.confirm'] })).toBeVisible();
  await expect(page.getByRole('button', { name: words['dialog.cancel'] })).toBeVisible();
  await expectNoEnglish(page, words, 'dialog');
  await page.getByRole('button', { name: words['dialog.cancel'] }).click();
  expect(await asked).toBe('cancel');
  void page.evaluate(() => window.SiteRuntime!.api.request('/api/i18n-test/missing', { method: 'POST' }).catch(() => undefined));
  const overlay = page.getByRole('alertdialog');
  await expect(overlay.getByRole('heading', { name: words['data.title'] })).toBeVisible();
  await expect(overlay.getByRole('button', { name: words['data.reload'] })).toBeVisible();
  await expectNoEnglish(page, words, 'error overlay');
  await overlay.getByRole('button', { name: words['data.clear'] }).click();

  // The banner answered: the map's and the video's placeholders go; still in the language.
  await banner.getByRole('button', { name: words['banner.decline'] }).click();
  await expect(banner).toBeHidden();
  await expectNoEnglish(page, words, 'banner answered');
  expect(errors).toEqual([]);
}

test.describe('a page in German', () => {
  for (const width of [390, 1280]) test.describe(`a first visit at ${width} px`, () => {
    test.use({ consented: false, viewport: { width, height: 844 } });
    test('every reachable state of the runtime UI speaks German, and only German is downloaded', async ({ page }) => {
      await walkThroughInLanguage(page, '/de', 'de');
    });
  });

  test('dates, numbers and relative times follow the page language; the page context\'s strings win', async ({ page, baseURL }) => {
    await page.goto(`${baseURL}/de`);
    await runtimeReady(page);
    // The chart's axis numbers are written the German way (1.000, not 1,000).
    const ticks = await page.locator('#block-diagramm svg text').allTextContents();
    expect(ticks.some((tick) => /^\d{1,3}(\.\d{3})+$/.test(tick))).toBe(true);
    expect(ticks.some((tick) => /^\d{1,3}(,\d{3})+$/.test(tick))).toBe(false);

    // A page's own words: the same page with a `strings` entry for the lightbox's close button.
    await page.route(`${baseURL}/de`, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace('id="site-context">{', 'id="site-context">{"strings": {"lightbox.close": "Zumachen"}, ');
      await route.fulfill({ response, body: html });
    });
    await page.goto(`${baseURL}/de`);
    await runtimeReady(page);
    await page.locator('#block-diashow').getByRole('button', { name: 'Demofoto 1' }).click();
    await expect(page.locator('dialog.tl').getByRole('button', { name: 'Zumachen' })).toBeVisible();
  });
});

for (const [tag, code, width] of [['fr-CA', 'fr', 390], ['es-MX', 'es', 390], ['it-IT', 'it', 390], ['pt-BR', 'pt', 390]] as const) {
  test.describe(`a page in ${tag}, its banner drawn by the runtime, at ${width} px`, () => {
    test.use({ consented: false, viewport: { width, height: 844 } });
    test(`every reachable state of the runtime UI is in its words, and only i18n/${code}.json is downloaded`, async ({ page }) => {
      // The German demo page in another language, without the banner the server rendered into it in
      // German: the runtime draws its own, as on a page that another host serves.
      await page.route('**/de', async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace('<html lang="de">', `<html lang="${tag}">`).replace(/<section class="site-cookie-banner[\s\S]*?<\/section>/, '')
          // The page's own heading, German that is English too: the check is for the runtime's words.
          .replace('<h2>Video</h2>', '<h2>Film</h2>');
        await route.fulfill({ response, body: html });
      });
      await walkThroughInLanguage(page, '/de', code);
    });
  });
}
