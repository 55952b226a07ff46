/**
 * The owner's files in the config app, by keyboard: an image uploaded (progress, processing, its
 * widths) and linked; renamed and deleted with focus kept; a dropped connection, a server error
 * and cancelled uploads and jobs each said.
 */
import { test, expect, runtimeReady } from './fixtures';
import { chooseByKeyboard, openEditing } from './editing-helpers';

test.describe('owner files', () => {
  test('uploads an image (progress, processing, widths), links a button to it; the site serves it', async ({ page, browser, baseURL }) => {
    const sharp = (await import('sharp')).default;
    const panel = await openEditing(page);
    const files = panel.locator('.config-files');
    await chooseByKeyboard(files.getByLabel('Upload a file'), { name: 'virus.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('x') });
    await expect(files.getByRole('status')).toHaveText('The file virus.exe does not appear to be a supported file type');
    const png = await sharp({ create: { width: 640, height: 320, channels: 3, background: '#204060' } }).png().toBuffer();
    await chooseByKeyboard(files.getByLabel('Upload a file'), { name: 'price list.png', mimeType: 'image/png', buffer: png });
    await expect(files.getByRole('status')).toHaveText('Upload complete.');
    await expect(files.getByRole('listitem').filter({ hasText: 'price-list.png' })).toContainText('widths 500, 300, 100');

    await panel.getByRole('button', { name: 'Edit link: Price list' }).press('Enter');
    const editor = panel.locator('.config-link-editor');
    await editor.getByLabel('Link type').selectOption('File');
    await editor.getByLabel('File', { exact: true }).selectOption({ label: 'price-list.png' });
    await editor.getByLabel('Name').fill('Price list (image)');
    await editor.getByRole('button', { name: 'Save link' }).press('Enter');
    await expect(panel.getByRole('status').filter({ hasText: 'Saved:' })).toHaveText('Saved: Price list (image) now links to /s/price-list.png.');

    const visitor = await (await browser.newContext({ baseURL })).newPage();
    await visitor.goto('/studio');
    await runtimeReady(visitor);
    const link = visitor.locator('#block-studio-prices a');
    await expect(link).toHaveText('Price list (image)');
    const href = await link.getAttribute('href');
    expect(new URL(href!, baseURL).pathname).toBe('/s/price-list.png');
    const image = await visitor.request.get(`/s/price-list.png?format=300w`);
    expect(image.headers()['content-type']).toBe('image/png');
    expect((await sharp(await image.body()).metadata()).width).toBe(300);
    await visitor.context().close();
  });
});

test.describe('owner files: rename and delete', () => {
  test('by keyboard: a rename keeps the focus on the file, a delete asks first and then moves the focus on', async ({ page, baseURL }) => {
    const panel = await openEditing(page);
    const files = panel.locator('.config-files');
    const run = `${Date.now()}-${test.info().repeatEachIndex}`;
    for (const name of [`draft-${run}.txt`, `old-${run}.txt`]) {
      await chooseByKeyboard(files.getByLabel('Upload a file'), { name, mimeType: 'text/plain', buffer: Buffer.from(name) });
      await expect(files.getByRole('link', { name })).toBeVisible();
    }

    await files.getByRole('button', { name: `Rename draft-${run}.txt` }).press('Enter');
    await expect(files.getByLabel(`New name for draft-${run}.txt`)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(files.getByRole('button', { name: `Rename draft-${run}.txt` })).toBeFocused();
    await page.keyboard.press('Enter');
    await files.getByLabel(`New name for draft-${run}.txt`).fill(`final-${run}.txt`);
    await page.keyboard.press('Enter');
    await expect(files.getByRole('link', { name: `final-${run}.txt` })).toBeVisible();
    await expect(files.getByRole('button', { name: `Rename final-${run}.txt` })).toBeFocused();

    // Delete asks first; Cancel keeps the file.
    await files.getByRole('button', { name: `Delete old-${run}.txt` }).press('Enter');
    const confirm = page.getByRole('dialog', { name: `Delete old-${run}.txt?` });
    await expect(confirm).toContainText('Links to it on the site will stop working.');
    await confirm.getByRole('button', { name: 'Cancel' }).press('Enter');
    await expect(confirm).toHaveCount(0);
    await expect(files.getByRole('link', { name: `old-${run}.txt` })).toBeVisible();
    await files.getByRole('button', { name: `Delete old-${run}.txt` }).press('Enter');
    await confirm.getByRole('button', { name: 'Confirm' }).press('Enter');
    await expect(files.getByRole('link', { name: `old-${run}.txt` })).toHaveCount(0);
    expect((await page.request.get(`${baseURL}/s/old-${run}.txt`)).status()).toBe(404);
    // The focus went on to a neighbour's Delete button, not to the page's body.
    await expect(files.locator(':focus')).toHaveAttribute('aria-label', /^Delete /);
  });
});

test.describe('owner files: failures and cancelling', () => {
  test('a dropped connection, a server error, a cancelled upload and a cancelled image job each say so', async ({ page }) => {
    const sharp = (await import('sharp')).default;
    const panel = await openEditing(page);
    const files = panel.locator('.config-files');
    const status = files.getByRole('status');
    const chooser = files.getByLabel('Upload a file');
    const note = { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('opening hours') };
    const uploads = '**/api/owner/files/notes.txt?*';

    await page.route(uploads, (route) => route.abort('connectionreset'));
    await chooseByKeyboard(chooser, note);
    await expect(status).toHaveText('There was a problem while uploading your file. File upload failed to complete');
    await page.unroute(uploads);

    await page.route(uploads, (route) => route.fulfill({ status: 502, body: '' }));
    await chooseByKeyboard(chooser, note);
    await expect(status).toHaveText('There was a problem while uploading your file. Error uploading (HTTP 502)');
    await page.unroute(uploads);

    // A request that never answers: the owner cancels it.
    await page.route(uploads, () => undefined);
    await chooseByKeyboard(chooser, note);
    await files.getByRole('button', { name: 'Cancel upload' }).press('Enter');
    await expect(status).toHaveText('Upload cancelled.');
    await page.unroute(uploads);
    await expect(files.getByRole('listitem').filter({ hasText: 'notes.txt' })).toHaveCount(0);

    // A large image takes the server over a second to make its widths (1.2 s on an idle machine):
    // cancel the job. A PNG, since a JPEG decodes at a fraction of its size for the small widths
    // (7000 x 5000 took 0.3 s, and the job sometimes finished before the cancel arrived).
    const poster = await sharp({ create: { width: 12000, height: 9000, channels: 3, background: '#402010' } }).png().toBuffer();
    const posterName = `poster-${test.info().repeatEachIndex}.png`; // --repeat-each runs side by side
    await chooseByKeyboard(chooser, { name: posterName, mimeType: 'image/png', buffer: poster });
    await expect(status).toHaveText('Processing the image…');
    await files.getByRole('button', { name: 'Cancel processing' }).press('Enter');
    await expect(status).toHaveText('File processing cancelled');
    await expect(files.getByRole('button', { name: 'Cancel processing' })).toHaveCount(0);
    // The original stays, without widths.
    await page.reload();
    await page.getByRole('tab', { name: 'Editing' }).click();
    await expect(panel.locator('.config-files').getByRole('listitem').filter({ hasText: posterName })).toHaveText(new RegExp(`^${posterName} \\([\\d.]+ [KM]B\\) Rename Delete$`));
  });
});
