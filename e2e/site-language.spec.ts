/**
 * A site in another language (site.json `website.language`), in Chromium: the pages the server
 * makes are German from the first paint (lang, title, words), the runtime on them speaks German
 * too (the member sign-in's refusal), and they pass axe.
 */
import { axeViolations, expect, runtimeReady, test } from './fixtures';
import { withNewSite } from './new-site';

const MEMBER = { email: 'mitglied@example.com', password: 'mitglied-passwort-1' };

test('a German site: the not-found and member access pages, and signing in', async ({ browser }) => {
  test.setTimeout(60_000);
  const german = (settings: Record<string, unknown>) => {
    (settings.website as Record<string, unknown>).language = 'de-DE';
    settings.memberPages = ['/'];
  };
  await withNewSite(browser, { site: german, env: { MEMBER_EMAIL: MEMBER.email, MEMBER_PASSWORD: MEMBER.password } }, async (context) => {
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
  });
});
