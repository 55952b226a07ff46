/**
 * A site in another language (site.json `website.language`), in Chromium: the pages the server
 * makes are German from the first paint (lang, title, words), the runtime on them speaks German
 * too (the member sign-in's refusal), and they pass axe.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { axeViolations, expect, runtimeReady, test } from './fixtures';
import { startBuiltServer } from './server-process';

const MEMBER = { email: 'mitglied@example.com', password: 'mitglied-passwort-1' };

test('a German site: the not-found and member access pages, and signing in', async ({ browser }) => {
  test.setTimeout(60_000);
  const parent = mkdtempSync(path.join(tmpdir(), 'tessera-e2e-de-'));
  const siteDir = path.join(parent, 'site');
  expect(spawnSync(process.execPath, ['scripts/new-site.mjs', siteDir]).status).toBe(0);
  const site = JSON.parse(readFileSync(path.join(siteDir, 'site.json'), 'utf8')) as { website: Record<string, unknown>; memberPages?: string[] };
  site.website.language = 'de-DE';
  site.memberPages = ['/'];
  writeFileSync(path.join(siteDir, 'site.json'), JSON.stringify(site));
  const server = await startBuiltServer({ SITE_DIR: siteDir, MEMBER_EMAIL: MEMBER.email, MEMBER_PASSWORD: MEMBER.password });
  const context = await browser.newContext({ baseURL: server.baseUrl });
  try {
    await context.addCookies([{ name: 'ss_cookieAllowed', value: 'true', url: server.baseUrl }]);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));

    expect((await page.goto('/nirgends'))!.status()).toBe(404);
    await expect(page).toHaveTitle('Seite nicht gefunden · My site');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
    await expect(page.getByRole('link', { name: 'Zur Startseite' })).toBeVisible();

    const languageFile = page.waitForResponse((response) => response.url().endsWith('/i18n/de.json'));
    expect((await page.goto('/'))!.status()).toBe(403);
    await runtimeReady(page);
    expect((await languageFile).ok()).toBe(true);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nur für Mitglieder');
    const signIn = page.getByRole('form', { name: 'Mitglieder-Anmeldung' });
    await signIn.getByLabel('E-Mail').fill(MEMBER.email);
    await signIn.getByLabel('Passwort').fill('falsch-falsch');
    await signIn.getByRole('button', { name: 'Anmelden' }).click();
    await expect(signIn.getByRole('status')).toHaveText('E-Mail-Adresse oder Passwort ist falsch.');
    expect(await axeViolations(page)).toEqual([]);
    await signIn.getByLabel('Passwort').fill(MEMBER.password);
    await signIn.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome');
    // The browser logs the 404 page, the 403 member page and the refused sign-in (401); nothing else.
    expect(errors.filter((error) => !/status of 40[134]/.test(error))).toEqual([]);
  } finally {
    await context.close();
    await server.stop();
    rmSync(parent, { recursive: true, force: true });
  }
});
