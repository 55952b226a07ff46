/**
 * What the owner reads and does with the site's data in the config app: submissions exported and
 * deleted, members added and removed, orders found, exported and deleted, subscribers leaving,
 * the dashboards at desktop and phone widths, and nothing of it for viewers and visitors.
 */
import { readFile } from 'node:fs/promises';
import type { Browser } from '@playwright/test';
import { test, expect, runtimeReady, api, axeViolations, queryServerDb, signIn, OWNER, VIEWER } from './fixtures';

async function visitAsVisitor(browser: Browser, baseURL: string, marker: string) {
  const context = await browser.newContext({ baseURL });
  await context.addCookies([{ name: 'ss_cookieAllowed', value: 'true', url: baseURL }]);
  const page = await context.newPage();
  // Arriving from a search (its words are not the owner's business), then on by the site's own link.
  await page.goto(`/faq?utm_source=search-ads&utm_medium=cpc&utm_campaign=${marker}`, { referer: `https://search.example/results?q=${marker}` });
  await runtimeReady(page);
  await Promise.all([page.waitForURL('**/gallery'), page.locator('a[href="/gallery"]').first().click()]);
  await runtimeReady(page);
  await page.evaluate((message) => setTimeout(() => { throw new Error(message); }), marker);
  await page.waitForTimeout(1500);
  const { key } = await (await api(page, 'POST', '/api/form/FormSubmissionKey')).json();
  await api(page, 'POST', '/api/form/SaveFormSubmission', {
    key, formId: 'contact', isOverlayForm: false, url: `${baseURL}/contact`, title: 'Contact', referrer: '',
    form: JSON.stringify({ name: ['Dash', 'Board'], email: 'dash@example.com', message: marker }),
  });
  await page.goto('/plain');
  await context.close();
}

test.describe('owner data', () => {
  test('the owner exports every submission, deletes one, and takes an address off every list', async ({ page, browser, baseURL }) => {
    const marker = `delete-me-${Date.now()}`;
    const address = `leaving-${Date.now()}@example.com`;
    const visitorContext = await browser.newContext({ baseURL });
    const site = await visitorContext.newPage();
    await site.goto('/plain');
    const send = async (formId: string, form: Record<string, unknown>) => {
      const { key } = await (await api(site, 'POST', '/api/form/FormSubmissionKey')).json();
      const saved = await api(site, 'POST', '/api/form/SaveFormSubmission', { key, formId, isOverlayForm: false, url: `${baseURL}/contact`, title: 'Contact', referrer: '', form: JSON.stringify(form) });
      expect(saved.status()).toBe(200);
    };
    await send('contact', { name: ['Del', 'Ete'], email: 'del@example.com', message: marker });
    await send('newsletter', { 'newsletter-email': address });
    await visitorContext.close();

    await signIn(page, OWNER);
    await page.goto('/config/?frameUrl=%2Fplain');
    const panel = page.locator('#config-panel');
    // The orders have an export of their own.
    const submissions = panel.getByRole('region', { name: 'Form submissions', exact: true });
    // Every submission, however many: more than the table shows once the suite has run a while.
    const downloaded = page.waitForEvent('download');
    await submissions.getByRole('button', { name: 'Export all as CSV' }).click();
    const csv = await readFile((await (await downloaded).path())!, 'utf8');
    expect(csv).toContain(marker);
    // A card per submission in the panel, with that form's own fields only (no sideways scrolling past empty columns).
    const card = panel.locator('.config-submissions tr', { hasText: marker });
    await expect(card.locator('td[data-label="message: "]')).toHaveText(marker);
    await expect(card.locator('td[data-label="newsletter-email: "]')).toBeHidden();
    expect(await submissions.getByRole('region', { name: 'Form submissions table' }).evaluate((table) => table.scrollWidth <= table.clientWidth)).toBe(true);
    expect(csv.trimEnd().split('\r\n').length).toBeGreaterThanOrEqual(queryServerDb('SELECT id FROM form_submissions').length + 1);

    await panel.locator('.config-submissions tr', { hasText: marker }).getByRole('button', { name: /^Delete the submission of / }).click();
    await page.getByRole('dialog', { name: 'Delete this submission?' }).getByRole('button', { name: 'Confirm' }).click();
    await expect(panel.locator('.config-submissions')).not.toContainText(marker);
    await expect(submissions.getByRole('button', { name: 'Export all as CSV' })).toBeFocused();
    expect(queryServerDb('SELECT id FROM form_submissions WHERE values_json LIKE ?', `%${marker}%`)).toEqual([]);

    await panel.getByLabel('Take an address off every list').fill(address.toUpperCase());
    await panel.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(panel.getByRole('status').filter({ hasText: 'Took ' })).toHaveText(`Took ${address.toUpperCase()} off 1 list.`);
    expect(queryServerDb('SELECT list_id FROM newsletter_subscribers WHERE lower(email) = ?', address)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the owner adds a member, who signs in on the members’ page with the password shown, and removes them again', async ({ page, browser, baseURL }) => {
    const address = `member-${Date.now()}@example.com`;
    await signIn(page, OWNER);
    await page.goto('/config/?frameUrl=%2Fplain');
    const panel = page.locator('#config-panel');
    await panel.getByLabel('Add a member').fill(address);
    await panel.getByRole('button', { name: 'Add', exact: true }).click();
    const shown = panel.getByRole('status').filter({ hasText: `Added ${address}.` });
    await expect(shown).toContainText('Their password, shown this once:');
    const password = (await shown.locator('code').textContent())!;
    expect(password.length).toBeGreaterThanOrEqual(16);
    expect(await axeViolations(page)).toEqual([]);

    const memberContext = await browser.newContext({ baseURL });
    const site = await memberContext.newPage();
    expect((await site.goto('/members'))!.status()).toBe(403);
    await runtimeReady(site);
    const form = site.getByRole('form', { name: 'Member sign-in' });
    await form.getByLabel('Email').fill(address);
    await form.getByLabel('Password').fill(password);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(site.getByRole('heading', { level: 1 })).toHaveText('Members’ studio notes');

    // Found by a part of the address, whatever else the list holds; the form, and focus in it, stay through the search.
    const search = panel.getByRole('search', { name: 'Members' });
    await search.getByLabel('Find a member by address').fill(address.slice(0, -'@example.com'.length).toUpperCase());
    await search.getByRole('button', { name: 'Find' }).click();
    await expect(panel.getByText(/in their address\.$/)).toHaveText(`1 member with "${address.slice(0, -'@example.com'.length).toUpperCase()}" in their address.`);
    await expect(panel.getByRole('region', { name: 'Members' }).locator('li strong')).toHaveText([address]);
    await expect(search.getByRole('button', { name: 'Find' })).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
    await panel.getByRole('button', { name: `Remove ${address}` }).click();
    await page.getByRole('dialog', { name: 'Remove this member?' }).getByRole('button', { name: 'Confirm' }).click();
    await expect(panel.getByRole('status').filter({ hasText: 'Removed ' })).toHaveText(`Removed ${address}: they are signed out.`);
    await expect(panel.getByLabel('Add a member')).toBeFocused();
    expect((await site.reload())!.status()).toBe(403);
    expect(queryServerDb('SELECT id FROM site_users WHERE email = ?', address)).toEqual([]);
    await memberContext.close();
  });

  test('a visitor donates through the checkout page, and the owner finds the order in the panel and its CSV, then deletes it', async ({ page, browser, baseURL }) => {
    const name = `Donor ${Date.now()}`;
    const visitorContext = await browser.newContext({ baseURL });
    const site = await visitorContext.newPage();
    // Two: the one deleted below is not the last, whatever else the suite has placed.
    for (const who of [`${name} (kept)`, name]) {
      await site.goto('/checkout/donate?donatePageId=studio-fund');
      await site.getByLabel('Amount (USD)').fill('12.34');
      await site.getByLabel('Name').fill(who);
      await site.getByLabel('Email').fill('donor@example.com');
      await site.getByRole('button', { name: 'Donate' }).click();
      await expect(site.getByRole('heading', { level: 1 })).toHaveText('Contribution confirmed');
    }
    const [placed] = queryServerDb<{ order_number: number }>('SELECT order_number FROM orders WHERE name = ?', name);
    await visitorContext.close();

    await signIn(page, OWNER);
    await page.goto('/config/?frameUrl=%2Fplain');
    const orders = page.locator('#config-panel').getByRole('region', { name: 'Orders', exact: true });
    const row = orders.locator('tbody tr', { hasText: name }).filter({ hasNotText: '(kept)' });
    await expect(row.locator('th')).toHaveText(`#${placed!.order_number} Donation`);
    await expect(row.locator('td').nth(1)).toHaveText(`${name} donor@example.com`);
    await expect(row.locator('td').nth(3)).toHaveText('$12.34');
    // Sales counts them among what was taken in the range, on the site's today.
    const sales = page.locator('#config-panel').getByRole('region', { name: 'Sales', exact: true });
    const donations = sales.getByRole('table', { name: 'Sales by kind' }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Donation', exact: true }) });
    await expect(donations.getByRole('cell').last()).toHaveText(/^\$\d[\d,]*\.\d\d$/);
    expect(Number(await donations.getByRole('cell').first().textContent())).toBeGreaterThanOrEqual(2);
    // The newest day is the site's today (site.json's time zone, Europe/London).
    const siteToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
    await expect(sales.getByRole('table', { name: 'Orders per day' }).getByRole('rowheader').first()).toHaveText(siteToday);
    const range = page.locator('#config-panel').getByLabel('Range');
    await range.focus();
    await range.selectOption('7');
    await expect(sales).toContainText(/ came to \$/);
    await expect(range).toBeFocused();
    // A card per order in the 380 px panel: nothing to scroll sideways to.
    expect(await orders.getByRole('region', { name: 'Orders table' }).evaluate((table) => table.scrollWidth <= table.clientWidth)).toBe(true);
    const downloaded = page.waitForEvent('download');
    await orders.getByRole('button', { name: 'Export all as CSV' }).click();
    const csv = await (await downloaded).createReadStream().then(async (stream) => {
      let text = '';
      for await (const chunk of stream) text += String(chunk);
      return text;
    });
    expect(csv.split('\r\n')[0]).toBe('Order,Placed,Kind,Name,Email,Items,Total,Currency,Details');
    expect(csv).toContain(`${placed!.order_number},`);
    expect(csv).toContain(`,Donation,${name},donor@example.com,`);
    await expect(orders.getByRole('status')).toHaveText(/^Exported \d+ orders?\.$/);
    expect(await axeViolations(page)).toEqual([]);

    // A test order, or a buyer who asked to be forgotten: deleted after a confirmation.
    await row.getByRole('button', { name: `Delete order #${placed!.order_number}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this order?' });
    await expect(dialog).toContainText(`Order #${placed!.order_number} of ${name} is deleted for good`);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(orders.getByRole('status')).toHaveText(`Deleted order #${placed!.order_number}.`);
    await expect(row).toHaveCount(0);
    await expect(orders.getByRole('button', { name: 'Export all as CSV' })).toBeFocused();
    expect(queryServerDb('SELECT id FROM orders WHERE name = ?', name)).toEqual([]);
  });

  test('a subscriber leaves with the link in the owner’s export: the page asks, and its button takes the address off every list', async ({ page, browser, baseURL }) => {
    const address = `unsubscribing-${Date.now()}@example.com`;
    const visitorContext = await browser.newContext({ baseURL });
    const site = await visitorContext.newPage();
    await site.goto('/plain');
    const { key } = await (await api(site, 'POST', '/api/form/FormSubmissionKey')).json();
    const form = JSON.stringify({ 'newsletter-email': address });
    expect((await api(site, 'POST', '/api/form/SaveFormSubmission', { key, formId: 'newsletter', isOverlayForm: false, url: `${baseURL}/`, title: 'Home', referrer: '', form })).status()).toBe(200);
    const listId = (queryServerDb('SELECT list_id FROM newsletter_subscribers WHERE email = ?', address) as Array<{ list_id: string }>)[0]!.list_id;

    await signIn(page, OWNER);
    await page.goto('/config/?frameUrl=%2Fplain');
    const { lists } = (await (await api(page, 'GET', '/api/owner/subscribers')).json()) as { lists: Array<{ listId: string; name: string | null }> };
    const name = lists.find((list) => list.listId === listId)!.name ?? `Sign-ups of newsletter form ${listId}`;
    const downloaded = page.waitForEvent('download');
    await page.locator('#config-panel').getByRole('button', { name: `Export the subscribers of ${name} as CSV` }).click();
    const csv = await readFile((await (await downloaded).path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('Email,Subscribed,Unsubscribe link');
    const link = csv.split('\r\n').find((line) => line.startsWith(`${address},`))!.split(',')[2]!;
    expect(link).toMatch(new RegExp(`^${baseURL}/newsletter/unsubscribe\\?token=[0-9a-f]{32}$`));

    // The subscriber opens the link (nothing changes yet), and leaves with the keyboard.
    await site.goto(link);
    await runtimeReady(site);
    await expect(site.getByRole('heading', { level: 1 })).toHaveText('Unsubscribe');
    await expect(site.getByText(`Send no more of this site’s newsletters to ${address}?`)).toBeVisible();
    expect(queryServerDb('SELECT list_id FROM newsletter_subscribers WHERE email = ?', address)).toHaveLength(1);
    expect(await axeViolations(site)).toEqual([]);
    await site.getByRole('button', { name: 'Unsubscribe' }).focus();
    await site.keyboard.press('Enter');
    await expect(site.getByRole('status')).toHaveText(`${address} is unsubscribed: this site sends it no more newsletters.`);
    expect(queryServerDb('SELECT list_id FROM newsletter_subscribers WHERE lower(email) = ?', address)).toEqual([]);
    await visitorContext.close();
  });

  test('dashboards show what earlier visits created; charts draw at desktop and phone widths', async ({ page, browser, baseURL }, testInfo) => {
    // A visit, then every dashboard at two widths: 23 s in a loaded CI run.
    test.setTimeout(60_000);
    const marker = `dashboard-marker-${Date.now()}`;
    await visitAsVisitor(browser, baseURL!, marker);
    await expect.poll(() => queryServerDb("SELECT id FROM js_errors WHERE message LIKE ?", `%${marker}%`).length).toBeGreaterThan(0);
    await expect.poll(() => queryServerDb('SELECT page_load_id FROM performance_records').length).toBeGreaterThan(0);

    await signIn(page, OWNER);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/config/?frameUrl=%2Fplain');
    const panel = page.locator('#config-panel');
    const topPaths = panel.getByRole('table', { name: 'Top paths' });
    // Other tests' visits may rank above this one's: the whole list has it.
    const allPaths = panel.getByRole('button', { name: /^Show all \d+ paths$/ });
    await expect(topPaths).toBeVisible();
    if (await allPaths.isVisible()) await allPaths.click();
    await expect(topPaths).toContainText('/faq');
    const sites = panel.getByRole('table', { name: 'Where visitors came from' });
    await expect(sites.getByRole('rowheader', { name: 'search.example', exact: true })).toBeVisible();
    await expect(sites).not.toContainText(marker);
    await expect(sites).not.toContainText('127.0.0.1');
    const campaigns = panel.getByRole('table', { name: 'Campaigns' });
    const allCampaigns = panel.getByRole('button', { name: /^Show all \d+ campaigns$/ });
    if (await allCampaigns.isVisible()) await allCampaigns.click();
    // Landed from an ad's link (utm_source, utm_medium, utm_campaign): one visit.
    const campaign = campaigns.getByRole('row').filter({ hasText: marker });
    await expect(campaign.getByRole('rowheader')).toHaveText('search-ads');
    await expect(campaign.getByRole('cell')).toHaveText(['cpc', marker, '1']);
    await panel.locator('section[aria-labelledby="traffic-title"]').screenshot({ path: testInfo.outputPath('page-views.png') });
    const errors = panel.getByRole('table', { name: 'Errors by message' });
    await expect(errors).toContainText(marker);
    // Its latest report says where it came from: the page (without its query), the browser, the stack.
    const latest = errors.getByRole('row').filter({ hasText: marker }).getByRole('button', { name: 'Latest report' });
    await latest.click();
    await expect(latest).toHaveAttribute('aria-expanded', 'true');
    const report = page.locator(`#${await latest.getAttribute('aria-controls')}`);
    await expect(report.locator('dt')).toContainText(['Reported', 'Page', 'Browser', 'Stack']);
    await expect(report).toContainText(`${baseURL}/gallery`);
    await expect(report.locator('pre')).toContainText(marker);
    await errors.screenshot({ path: testInfo.outputPath('error-report.png') });
    expect(await axeViolations(page, '#config-panel')).toEqual([]);
    await expect(panel.locator('.config-submissions')).toContainText(marker);
    await expect(panel.getByRole('table', { name: 'Web vitals, 75th percentile' }).locator('tbody tr').first()).toBeVisible();
    // Each page measured, with its loads and core web vitals.
    const pages = panel.getByRole('table', { name: /^Pages, the most measured first/ });
    const allPages = panel.getByRole('button', { name: /^Show all \d+ pages$/ });
    if (await allPages.isVisible()) await allPages.click();
    await expect(pages.getByRole('rowheader').filter({ hasText: /^\/(faq|gallery)$/ }).first()).toBeVisible();

    const inked = () =>
      page.locator('.config-chart-canvas canvas').first().evaluate((canvas: HTMLCanvasElement) => {
        const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
        let painted = 0;
        for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) painted++;
        return painted;
      });
    await expect.poll(inked).toBeGreaterThan(200);
    await page.screenshot({ path: testInfo.outputPath('config-desktop.png') });

    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(inked).toBeGreaterThan(200);
    await expect(panel.getByRole('table', { name: 'Top paths' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('config-phone.png') });
  });

  test('viewers and visitors get no owner data', async ({ page, browser, baseURL }) => {
    const paths = ['submissions', 'pageviews', 'performance', 'errors', 'reviews', 'plan'].map((p) => `/api/owner/${p}`);
    await page.goto('/plain');
    for (const path of paths) expect((await api(page, 'GET', path)).status(), path).toBe(401);
    const viewer = await (await browser.newContext({ baseURL })).newPage();
    await signIn(viewer, VIEWER);
    for (const path of paths) expect((await api(viewer, 'GET', path)).status(), path).toBe(403);
    expect((await api(viewer, 'POST', '/api/owner/plan', { plan: 'commerce' })).status()).toBe(403);
    await viewer.goto('/settings/billing/billing/upgrade');
    await expect(viewer).toHaveURL(/\/login\?next=/);
    await viewer.context().close();
  });
});

test.describe('an owner west of Greenwich', () => {
  test.use({ timezoneId: 'America/Los_Angeles', viewport: { width: 1280, height: 900 } });

  test("the performance chart labels each day as the day it is, not the afternoon before", async ({ page }) => {
    await page.goto('/plain');
    await runtimeReady(page);
    const stored = await api(page, 'POST', '/api/1/performance/records', [{ app: 'site', event: 'pageSpeed', pageLoadId: `west-${Date.now()}`, timestamp: Date.now(), data: { pathname: '/plain', metrics: { lcp: 1400, fcp: 800, ttfb: 200 } } }]);
    expect(stored.ok()).toBe(true);
    await signIn(page, OWNER);
    await page.goto('/config/?frameUrl=/plain');
    const panel = page.locator('#config-panel');
    // Measured today: the last day of the panel's range (the last 30 days).
    const { to: last } = (await (await api(page, 'GET', '/api/owner/performance?days=30')).json()) as { to: string };
    // The chart runs over the range's 30 days to half a day after the last: the last day's
    // point is at 29/29.5 of its width, and the cursor takes the nearest point.
    const canvas = panel.locator('.u-over').last();
    await expect(canvas).toBeVisible();
    // Every section loaded: one that fills in above the chart would move it from under the cursor.
    await expect(panel.locator('[aria-busy="true"]')).toHaveCount(0);
    // The legend names the day the cursor is on, as a day (its points are days, not moments).
    await expect(async () => {
      await canvas.scrollIntoViewIfNeeded();
      const box = (await canvas.boundingBox())!;
      await page.mouse.move(box.x + box.width * (29 / 29.5) - 2, box.y + box.height / 2);
      await expect(panel.locator('.u-legend').last().locator('.u-series').first()).toHaveText(`Day${last}`, { timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
  });
});
