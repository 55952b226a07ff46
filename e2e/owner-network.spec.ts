/**
 * The owner app on a network that comes and goes, and with a session that ends while it is open
 * (signed out in another tab): it says what happened in words, comes back without a reload, and
 * loses nothing the owner entered.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { test, expect, api, axeViolations, OWNER } from './fixtures';

const UNABLE_TO_CONNECT = 'Unable to connect. Please try again';

async function openConfig(page: Page) {
  await page.goto('/plain');
  expect((await api(page, 'POST', '/api/auth/Login', OWNER)).ok()).toBe(true);
  await page.goto('/config/?frameUrl=%2Fplain');
  await expect(page.getByRole('tab', { name: 'Insights' })).toHaveAttribute('aria-selected', 'true');
}

/**
 * The Editing tab with every load settled (the editors', the lazily loaded text editors' and
 * the Insights tab's): a call still on its way when the session ends would open the sign-in
 * dialog before the call the test makes.
 */
async function openEditing(page: Page) {
  await openConfig(page);
  await page.getByRole('tab', { name: 'Editing' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Editing' }).getByRole('textbox', { name: 'Announcement text' })).toBeVisible();
  await expect(page.locator('[aria-busy="true"], .config-loading')).toHaveCount(0);
}

/** Log out in another tab of the same browser: the app's session ends under it. */
async function signOutInAnotherTab(context: BrowserContext) {
  const other = await context.newPage();
  await other.goto('/plain?noredirect');
  expect((await api(other, 'POST', '/api/auth/Logout')).ok()).toBe(true);
  await other.close();
}

/** A tag name no other test (or repeat) uses: the tags are the server's, shared by the suite. */
const tagName = (kind: string) => `${kind} ${test.info().repeatEachIndex}-${Date.now() % 100_000}`;

test.describe('owner app on a broken network', () => {
  test('the editors that could not load come back with Try again; a failed load retries when the browser is back online', async ({ page, context }) => {
    await page.route('**/api/owner/pageviews?*', (route) => route.abort('internetdisconnected'));
    await openConfig(page);
    const traffic = page.locator('section[aria-labelledby="traffic-title"]');
    await expect(traffic.getByRole('alert')).toHaveText(`Unable to load page views: ${UNABLE_TO_CONNECT}Try again`);
    await page.unroute('**/api/owner/pageviews?*');
    await context.setOffline(true);

    // Offline as the owner opens the Editing tab: its code cannot be fetched.
    await page.getByRole('tab', { name: 'Editing' }).click();
    const editing = page.getByRole('tabpanel', { name: 'Editing' });
    await expect(editing.getByRole('alert')).toHaveText(`Something went wrong: The editors could not be shown (${UNABLE_TO_CONNECT}).Try again`);

    // Back online: the page-views section asks again by itself; the editors on Try again.
    await context.setOffline(false);
    await page.getByRole('tab', { name: 'Insights' }).click();
    await expect(traffic.getByRole('alert')).toHaveCount(0);
    await expect(traffic.getByRole('heading', { name: 'Page views' })).toBeVisible();
    await expect(traffic.locator('.config-table, .config-chart').first()).toBeVisible();
    await page.getByRole('tab', { name: 'Editing' }).click();
    await editing.getByRole('button', { name: 'Try again' }).press('Enter');
    await expect(editing.getByRole('heading', { name: 'Tags and categories' })).toBeVisible();
    await expect(editing.getByRole('textbox', { name: 'Announcement text' })).toBeVisible();
  });

  test('a save offline says so in words and keeps what the owner typed', async ({ page, context }) => {
    await openEditing(page);
    const tags = page.locator('section[aria-labelledby="tag-title"]');
    const name = tagName('Offline');
    await expect(tags.getByLabel('New tag')).toBeVisible();
    await context.setOffline(true);
    await tags.getByLabel('New tag').fill(name);
    await tags.getByLabel('New tag').press('Enter');
    await expect(tags.getByRole('alert')).toHaveText(UNABLE_TO_CONNECT);
    await expect(tags.getByLabel('New tag')).toHaveValue(name);

    await context.setOffline(false);
    await tags.getByLabel('New tag').press('Enter');
    await expect(tags.getByRole('listitem').filter({ hasText: name })).toBeVisible();
    await expect(tags.getByRole('alert')).toHaveText('');
  });
});

test.describe('owner app after the session ended', () => {
  test('signing in again in place finishes the save; declining says why; nothing typed is lost', async ({ page, context }) => {
    await openEditing(page);
    const tags = page.locator('section[aria-labelledby="tag-title"]');
    await expect(tags.getByLabel('New tag')).toBeVisible();

    await signOutInAnotherTab(context);

    const name = tagName('Kept');
    await tags.getByLabel('New tag').fill(name);
    await tags.getByLabel('New tag').press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Sign in again' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleDescription('Your session has ended. Sign in to carry on: what you entered here is kept.');
    await expect(dialog.getByLabel('Email')).toBeFocused();
    expect(await axeViolations(page, 'dialog')).toEqual([]);

    // Escape declines: the app's own Escape (the panel) does not see it, and the save says why.
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page.locator('#config-panel')).toBeVisible();
    await expect(tags.getByRole('alert')).toHaveText('Sign in to see this.');
    await expect(tags.getByLabel('New tag')).toBeFocused();
    await expect(tags.getByLabel('New tag')).toHaveValue(name);

    // Again: a wrong password says so in the dialog; the right one finishes the save.
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await page.keyboard.type(OWNER.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type('not the password');
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('alert')).toHaveText('Invalid email or password.');
    await dialog.getByLabel('Password').fill(OWNER.password);
    await dialog.getByLabel('Password').press('Enter');
    await expect(dialog).toHaveCount(0);
    await expect(tags.getByRole('listitem').filter({ hasText: name })).toBeVisible();
    await expect(tags.getByLabel('New tag')).toHaveValue('');
    await expect(tags.getByLabel('New tag')).toBeFocused();
    // Signed in for good: the next call needs no dialog.
    await tags.getByRole('button', { name: `Delete tag ${name}` }).press('Enter');
    await expect(tags.getByRole('listitem').filter({ hasText: name })).toHaveCount(0);
  });

  test('an upload that met the ended session is sent again once the owner has signed in', async ({ page, context }) => {
    await openEditing(page);
    const files = page.locator('.config-files');
    await expect(files.getByLabel('Upload a file')).toBeVisible();
    await signOutInAnotherTab(context);

    const name = `${tagName('hours').replace(' ', '-')}.txt`;
    await files.getByLabel('Upload a file').setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from('Open Monday to Friday') });
    const dialog = page.getByRole('dialog', { name: 'Sign in again' });
    await dialog.getByLabel('Email').fill(OWNER.email);
    await dialog.getByLabel('Password').fill(OWNER.password);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect(files.getByRole('status')).toHaveText('Upload complete.');
    await expect(files.getByRole('listitem').filter({ hasText: name })).toBeVisible();
  });
});
