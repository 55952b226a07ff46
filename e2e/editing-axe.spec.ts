import { test, expect, api, axeScan, AXE_TAGS, OWNER } from './fixtures';

test('the config app, insights and every editor, has no axe violations (WCAG 2.x A and AA, best practices)', async ({ page }) => {
  test.slow(); // two scans of the whole app, the code editor open for the second
  await page.goto('/plain');
  expect((await api(page, 'POST', '/api/auth/Login', OWNER)).ok()).toBe(true);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/config/?frameUrl=%2Fplain');
  await expect(page.getByRole('table', { name: 'Top paths' })).toBeVisible();
  const scan = async () => {
    const result = await axeScan(page).withTags(AXE_TAGS).exclude('iframe').analyze();
    // It did look: the app has far more than a handful of checkable nodes.
    expect(result.passes.length).toBeGreaterThan(10);
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  };
  expect(await scan()).toEqual([]);
  await page.getByRole('tab', { name: 'Editing' }).click();
  await expect(page.getByRole('textbox', { name: 'Announcement text' })).toBeVisible();
  await expect(page.locator('.config-fonts li').first()).toBeVisible();
  await page.getByRole('button', { name: 'Edit code' }).click();
  await expect(page.getByRole('textbox', { name: 'Header code' })).toBeVisible();
  await page.getByRole('button', { name: /^Edit link:/ }).first().click();
  expect(await scan()).toEqual([]);
});

test('the chart block has no axe violations (WCAG 2.x A and AA, best practices)', async ({ page }) => {
  await page.goto('/blocks');
  const chart = page.locator('#block-visitors-chart figure');
  await expect(chart.getByRole('img')).toBeVisible();
  // Its title is said by the caption (the figure's name) and not again by the image.
  await expect(chart).toMatchAriaSnapshot(`
    - figure "Studio visitors and print sales":
      - text: Studio visitors and print sales
      - img /^Bar chart of .* categories\\. The table below has the numbers\\.$/
  `);
  await chart.getByText('Data table').click();
  const result = await axeScan(page).withTags(AXE_TAGS).include('#block-visitors-chart').analyze();
  expect(result.passes.length).toBeGreaterThan(3);
  expect(result.violations.map((v) => v.id)).toEqual([]);
});
