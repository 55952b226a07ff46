/**
 * The owner editing the site in the config app, by keyboard: datasets and charts, the newsletter's
 * list, links, tags, rich text, the pages list, fonts and code injection; the site follows.
 * Files (upload, rename, delete, failures): editing-files.spec.ts.
 */
import { test, expect, runtimeReady, queryServerDb } from './fixtures';
import { chooseByKeyboard, openEditing } from './editing-helpers';

test.describe('owner editing', () => {
  test('builds a dataset by keyboard and the chart block on the site shows it', async ({ page, browser, baseURL }) => {
    const panel = await openEditing(page);
    await panel.getByLabel('Dataset', { exact: true }).selectOption({ label: 'Studio visitors' });
    await expect(panel.getByLabel('Name', { exact: true })).toHaveValue('Studio visitors');
    // The spec's check before saving: an emptied cell.
    await panel.getByLabel('Visitors, row 1').fill('');
    await panel.getByRole('button', { name: 'Save dataset' }).press('Enter');
    await expect(panel.getByRole('alert').filter({ hasText: 'missing' })).toHaveText('One or more rows was missing data');
    await panel.getByLabel('Visitors, row 1').fill('400');
    await panel.getByRole('button', { name: 'Add row' }).focus();
    await page.keyboard.press('Enter');
    await panel.getByLabel('Month, row 5').fill('May');
    await page.keyboard.press('Tab');
    await page.keyboard.type('333');
    await page.keyboard.press('Tab');
    await page.keyboard.type('44');
    await panel.getByRole('button', { name: 'Save dataset' }).focus();
    await page.keyboard.press('Enter');
    await expect(panel.getByRole('status').filter({ hasText: 'Saved' })).toHaveText('Saved. Chart blocks with datasetId "studio-visitors" show it.');

    const visitor = await (await browser.newContext({ baseURL })).newPage();
    await visitor.goto('/blocks');
    await runtimeReady(visitor);
    const chart = visitor.locator('#block-visitors-chart figure');
    await expect(visitor.getByRole('figure', { name: 'Studio visitors and print sales' })).toBeVisible();
    await chart.getByText('Data table').click();
    await expect(chart.locator('table tbody tr')).toHaveCount(5);
    await expect(chart.locator('table tbody tr').first()).toHaveText('Jan40014');
    await expect(chart.locator('table tbody tr').last()).toHaveText('May33344');
    expect(await chart.locator('svg rect').count()).toBe(10);
    await visitor.context().close();
  });

  test('imports a CSV into the grid', async ({ page }) => {
    const panel = await openEditing(page);
    await panel.getByLabel('Dataset', { exact: true }).selectOption({ label: 'New dataset' });
    await panel.getByLabel('Name', { exact: true }).fill('Imported sales');
    await chooseByKeyboard(panel.getByLabel('Import CSV'), { name: 'sales.csv', mimeType: 'text/csv', buffer: Buffer.from('Quarter,Sales\n"Q1, early",10\nQ2,20\n') });
    await expect(panel.getByRole('status').filter({ hasText: 'Imported' })).toHaveText('Imported sales.csv. Check it, then save.');
    await expect(panel.getByLabel('Quarter, row 1')).toHaveValue('Q1, early');
    await panel.getByRole('button', { name: 'Save dataset' }).press('Enter');
    await expect(panel.getByRole('status').filter({ hasText: 'Saved' })).toContainText('"imported-sales"');
    expect(queryServerDb<{ rows_json: string }>("SELECT rows_json FROM datasets WHERE id = 'imported-sales'")[0]!.rows_json).toBe('[["Q1, early",10],["Q2",20]]');
  });

  test('connects the newsletter to a list; a visitor’s subscription lands in it; disconnecting asks first', async ({ page, browser, baseURL }) => {
    const panel = await openEditing(page);
    const lists = panel.getByRole('region', { name: 'Mailing lists' }).or(panel.locator('section', { has: page.getByRole('heading', { name: 'Mailing lists' }) }));
    await lists.getByRole('button', { name: 'Connect' }).press('Enter');
    await expect(lists.getByRole('alert').filter({ hasText: 'List' })).toHaveText('A List must be selected');
    await lists.getByLabel(/Mailing list for newsletter form/).selectOption({ label: 'Studio news' });
    await lists.getByRole('button', { name: 'Connect' }).press('Enter');
    await expect(lists).toContainText('is connected to Studio news');
    // The form gave way to Disconnect, and so did the focus.
    await expect(lists.getByRole('button', { name: 'Disconnect' })).toBeFocused();

    const visitor = await (await browser.newContext({ baseURL })).newPage();
    await visitor.context().addCookies([{ name: 'ss_cookieAllowed', value: 'true', url: baseURL! }]);
    await visitor.goto('/');
    await runtimeReady(visitor);
    await visitor.locator('#block-newsletter input[type="email"]').fill('listed@example.com');
    await visitor.getByRole('button', { name: 'Sign up' }).click();
    await expect(visitor.getByText("You're subscribed. Thank you!")).toBeVisible();
    await visitor.context().close();
    expect(queryServerDb("SELECT list_id FROM newsletter_subscribers WHERE email = 'listed@example.com'")).toEqual([{ list_id: 'studio-news' }]);

    await lists.getByRole('button', { name: 'Disconnect' }).press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Disconnect this list?' });
    await expect(confirm).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(lists).toContainText('is connected to Studio news');
    // Escape in the dialog did not toggle the panel.
    await expect(page.getByRole('button', { name: /panel/ })).toHaveAttribute('aria-expanded', 'true');
    await lists.getByRole('button', { name: 'Disconnect' }).press('Enter');
    await confirm.getByRole('button', { name: 'Confirm' }).press('Enter');
    await expect(lists.getByRole('button', { name: 'Connect' })).toBeVisible();
    await expect(lists.getByLabel(/Mailing list for newsletter form/)).toBeFocused();
  });

  test('links a button to a page and to an email, by keyboard, with the spec messages; the site follows', async ({ page, browser, baseURL }) => {
    const panel = await openEditing(page);
    await panel.getByRole('button', { name: 'Edit link: Opening hours' }).press('Enter');
    const editor = panel.locator('.config-link-editor');
    // The editor opens with the focus; Escape cancels it (and leaves the panel open), back on the button.
    await expect(editor.getByLabel('Name')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(editor).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Hide panel' })).toHaveAttribute('aria-expanded', 'true');
    await expect(panel.getByRole('button', { name: 'Edit link: Opening hours' })).toBeFocused();
    await page.keyboard.press('Enter');
    await editor.getByLabel('Link type').selectOption('Web Address');
    await editor.getByLabel('Web address').fill('not a host');
    await editor.getByRole('button', { name: 'Save link' }).press('Enter');
    await expect(editor.getByRole('alert')).toHaveText('Links must be formatted as example.com or https://example.com');
    await expect(editor.getByLabel('Web address')).toBeFocused();
    await editor.getByLabel('Link type').selectOption('Email');
    await editor.getByLabel('Email address').fill('studio@example');
    await page.keyboard.press('Enter');
    await expect(editor.getByRole('alert')).toHaveText('Emails must be formatted as name@example.com');
    await editor.getByLabel('Email address').fill('');
    await page.keyboard.press('Enter');
    await expect(editor.getByRole('alert')).toHaveText('Please enter a valid email');
    await editor.getByLabel('Link type').selectOption('Page');
    await editor.getByLabel('Page', { exact: true }).selectOption('/contact');
    await editor.getByLabel('Name').fill('Write to us');
    await editor.getByRole('button', { name: 'Save link' }).press('Enter');
    await expect(panel.getByRole('status').filter({ hasText: 'Saved:' })).toHaveText('Saved: Write to us now links to /contact.');
    // The editor closed under the focus: it is back on the button's Edit link.
    await expect(panel.getByRole('button', { name: 'Edit link: Write to us' })).toBeFocused();

    const visitor = await (await browser.newContext({ baseURL })).newPage();
    await visitor.goto('/studio');
    await runtimeReady(visitor);
    const link = visitor.locator('#block-studio-hours a');
    await expect(link).toHaveText('Write to us');
    await expect(link).toHaveAttribute('href', /\/contact$/);
    await visitor.context().close();
  });

  test('tags: duplicates and one edit at a time say so', async ({ page }) => {
    const panel = await openEditing(page);
    const tags = panel.locator('section[aria-labelledby="tag-title"]');
    for (const name of ['Etching', 'Linocut']) {
      await tags.getByLabel('New tag').fill(name);
      await page.keyboard.press('Enter');
      await expect(tags.getByRole('listitem').filter({ hasText: name })).toBeVisible();
    }
    await tags.getByLabel('New tag').fill('etching');
    await page.keyboard.press('Enter');
    await expect(tags.getByRole('alert')).toHaveText('This tag already exists');
    await tags.getByRole('button', { name: 'Edit tag Etching' }).press('Enter');
    await expect(tags.getByLabel('Rename tag Etching')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(tags.getByRole('button', { name: 'Edit tag Etching' })).toBeFocused();
    await page.keyboard.press('Enter');
    await tags.getByRole('button', { name: 'Edit tag Linocut' }).press('Enter');
    await expect(tags.getByRole('alert')).toHaveText('You may only edit one tag at a time');
    await tags.getByLabel('Rename tag Etching').fill('Etchings');
    await page.keyboard.press('Enter');
    await expect(tags.getByRole('listitem').filter({ hasText: 'Etchings' })).toBeVisible();
    // Focus follows what the owner was working on: the renamed tag's Edit button, then after a
    // delete the Delete button that took the deleted tag's place (or the one before it).
    await expect(tags.getByRole('button', { name: 'Edit tag Etchings' })).toBeFocused();
    await tags.getByRole('button', { name: 'Delete tag Etchings' }).press('Enter');
    await expect(tags.getByRole('listitem').filter({ hasText: 'Etchings' })).toHaveCount(0);
    await expect(tags.locator(':focus')).toHaveAttribute('aria-label', /^Delete tag /);
  });
});

test.describe('rich text', () => {
  test('edits the announcement by keyboard; the site renders it from the document, never as raw HTML', async ({ page, browser, baseURL }) => {
    const panel = await openEditing(page);
    const editor = panel.getByRole('textbox', { name: 'Announcement text' });
    await editor.focus();
    await page.keyboard.type('Winter ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('sale');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' <img src=x onerror=alert(1)>');
    await expect(panel.locator('section[aria-labelledby="edit-announcement"]').getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'false');
    // Not shown to visitors: other tests run against this server at the same time. The owner
    // sees the bar (in preview) on every page.
    await expect(panel.getByLabel('Show the announcement bar to visitors')).not.toBeChecked();
    await panel.getByRole('button', { name: 'Save announcement' }).press('Enter');
    await expect(panel.getByRole('status').filter({ hasText: 'Announcement' })).toHaveText('Announcement saved.');

    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto('/faq?noredirect');
    await runtimeReady(page);
    const bar = page.locator('.site-announcement-bar');
    await expect(bar).toContainText('Winter sale <img src=x onerror=alert(1)>');
    await expect(bar.locator('strong')).toHaveText('sale');
    await expect(bar.locator('img')).toHaveCount(0);
    expect(dialogs).toEqual([]);

    // A visitor's page carries the text, and the flag that keeps the bar hidden.
    const visitor = await (await browser.newContext({ baseURL })).newPage();
    await visitor.goto('/faq');
    await runtimeReady(visitor);
    expect(await visitor.evaluate(() => window.SiteRuntime!.context.showAnnouncementBar)).toBe(false);
    await expect(visitor.locator('.site-announcement-bar')).toHaveCount(0);
    await visitor.context().close();
  });

  test("edits a form's success text by keyboard; a visitor who submits the form sees it", async ({ page, browser, baseURL }) => {
    const panel = await openEditing(page);
    const label = 'Success text of the form on /studio';
    const editor = panel.getByRole('textbox', { name: label });
    // Each editor says which form it is, on screen too.
    const editorForm = panel.locator('form.config-form-success').filter({ has: page.getByRole('textbox', { name: label }) });
    await expect(editorForm.getByRole('heading', { level: 3 })).toHaveText('The form on /studio (studio-visit)');
    // An editor starts from the text the form shows now (no test saves the contact form's).
    await expect(panel.getByRole('textbox', { name: 'Success text of the form on /contact' })).toHaveText('Thank you! We will get back to you soon.');
    await editor.focus();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('Thanks, see you ');
    await page.keyboard.press('Control+i');
    await page.keyboard.type('on Thursday');
    await page.keyboard.press('Control+i');
    await page.keyboard.type('. <b>bold?</b>');
    await editorForm.getByRole('button', { name: 'Save success text' }).press('Enter');
    await expect(panel.getByRole('status').filter({ hasText: 'Success text' })).toHaveText('Success text saved for the form on /studio.');

    // A dedicated demo form: the forms tests assert the contact form's own text meanwhile.
    const visitor = await (await browser.newContext({ baseURL })).newPage();
    await visitor.goto('/studio');
    await runtimeReady(visitor);
    const form = visitor.locator('#block-studio-visit');
    await form.getByLabel('Your name').fill('Ada');
    await form.getByLabel('Email').fill('ada@example.com');
    await form.getByRole('button', { name: 'Ask about a visit' }).click();
    const success = form.getByRole('status');
    await expect(success).toHaveText('Thanks, see you on Thursday. <b>bold?</b>');
    await expect(success.locator('em')).toHaveText('on Thursday');
    await expect(success.locator('b')).toHaveCount(0);
    await expect(success).toBeFocused();
    await visitor.context().close();
  });
});

test.describe('pages list', () => {
  test('hides, schedules and locks a page by keyboard; visitors get what the status says', async ({ page, browser, baseURL }) => {
    const panel = await openEditing(page);
    const status = panel.getByLabel('Status of Studio news');
    await status.focus();
    await status.selectOption({ label: 'Draft' });
    const row = panel.getByRole('row').filter({ hasText: '/news' });
    await expect(row.getByRole('cell').nth(1)).toHaveText('Hidden');
    await expect(panel.getByRole('status').filter({ hasText: 'Studio news' })).toHaveText('Studio news: Hidden.');
    const visitor = await (await browser.newContext({ baseURL })).newPage();
    expect((await visitor.goto('/news'))!.status()).toBe(404);

    await status.selectOption({ label: 'Scheduled' });
    await expect(row.getByRole('cell').nth(1)).toHaveText('Scheduled');
    await panel.getByLabel('Publish Studio news at').fill('2020-01-01T09:00');
    await expect(panel.getByRole('status').filter({ hasText: 'Studio news' })).toHaveText('Studio news: Scheduled.');
    expect((await visitor.goto('/news'))!.status()).toBe(200);

    await panel.getByLabel('Lock Studio news').check();
    await expect(panel.getByRole('status').filter({ hasText: 'Studio news' })).toHaveText('Studio news: Scheduled, locked.');
    const locked = await visitor.goto('/news');
    expect(locked!.status()).toBe(403);
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('This page is locked');
    await panel.getByLabel('Lock Studio news').uncheck();
    await status.selectOption({ label: 'Published' });
    await expect(row.getByRole('cell').nth(1)).toHaveText('Available');
    await expect.poll(async () => (await visitor.goto('/news'))!.status()).toBe(200);
    await visitor.context().close();
  });
});

test.describe('font picker', () => {
  test('previews fonts the server serves, by category; a font that cannot load says so', async ({ page }) => {
    await page.route('**/fonts/pacifico/**', (route) => route.abort());
    const panel = await openEditing(page);
    const fonts = panel.locator('.config-fonts');
    await fonts.getByLabel('Category').selectOption('Serif');
    await expect(fonts.getByText('Prints from the harbour studio')).toHaveCSS('font-family', /Lora/);
    expect(await page.evaluate(() => document.fonts.check('16px "Lora"'))).toBe(true);
    await fonts.getByLabel('Category').selectOption('Script');
    await expect(fonts.getByRole('alert')).toHaveText('Unable to load preview for Pacifico');
  });

  test('says when the fonts cannot be loaded, and Try again loads them', async ({ page }) => {
    await page.route('**/api/owner/fonts?**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
    const panel = await openEditing(page);
    const section = panel.locator('section[aria-labelledby="edit-fonts"]');
    await expect(section.getByRole('alert')).toHaveText('Unable to load fontsTry again');
    await page.unroute('**/api/owner/fonts?**');
    await section.getByRole('button', { name: 'Try again' }).press('Enter');
    await expect(section.getByLabel('Category')).toBeVisible();
    await expect(section.getByText('Unable to load fonts')).toHaveCount(0);
  });
});

test.describe('code injection', () => {
  test('the owner writes header code in the code editor; pages carry it', async ({ page, browser, baseURL }) => {
    const panel = await openEditing(page);
    await panel.getByRole('button', { name: 'Edit code' }).press('Enter');
    const header = panel.getByRole('textbox', { name: 'Header code' });
    // It opened in place of the button, with the focus.
    await expect(header).toBeFocused();
    // A meta tag: harmless to the other tests that share this server meanwhile.
    await page.keyboard.type('<meta name="tessera-check" content="ok">');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    await panel.getByRole('button', { name: 'Save code' }).press('Enter');
    await expect(panel.getByRole('status').filter({ hasText: 'Code saved' })).toHaveText('Code saved. It is on every page now.');
    const visitor = await (await browser.newContext({ baseURL })).newPage();
    await visitor.goto('/faq');
    await expect(visitor.locator('meta[name="tessera-check"]')).toHaveAttribute('content', 'ok');
    await visitor.context().close();
    // Leave the site as it was.
    expect((await page.request.put(`/api/owner/code-injection?crumb=${encodeURIComponent((await page.context().cookies()).find((c) => c.name === 'crumb')!.value)}`, { data: { header: '', footer: '' } })).ok()).toBe(true);
  });
});
