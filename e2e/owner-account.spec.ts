/**
 * The owner chooses their own password in the owner app (Account), and it outlives a restart
 * with the same OWNER_PASSWORD: the built server, stopped and started again on its data.
 */
import { test, expect, api, axeViolations } from './fixtures';
import { startBuiltServer, type ServerProcess } from './server-process';

const OWNER = { email: 'keeper@test.local', password: 'environment-pw-1' };
const ENV = { OWNER_EMAIL: OWNER.email, OWNER_PASSWORD: OWNER.password };
let server: ServerProcess | undefined;
test.afterAll(async () => server?.stop());

const login = async (page: import('@playwright/test').Page, password: string) => (await api(page, 'POST', `${server!.baseUrl}/api/auth/Login`, { email: OWNER.email, password })).status();

test('the owner changes their password in the owner app; a restart with the same OWNER_PASSWORD keeps it', async ({ page }) => {
  test.setTimeout(60_000);
  server = await startBuiltServer(ENV);
  // Without mail, the sign-in page's forgotten-password link says who can help.
  await page.goto(`${server.baseUrl}/login`);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Forgot your password?');
  await expect(page.getByRole('status')).toHaveText('This server sends no email, so it cannot send you a link. Whoever runs the server can set a new password for you; then choose your own under Account in the owner app.');
  expect(await axeViolations(page)).toEqual([]);
  await page.goto(`${server.baseUrl}/plain`);
  expect(await login(page, OWNER.password)).toBe(200);
  await page.goto(`${server.baseUrl}/config/?frameUrl=%2Fplain`);
  await page.getByRole('tab', { name: 'Account' }).click();
  const account = page.getByRole('tabpanel', { name: 'Account' });
  await expect(account.getByRole('heading', { name: 'Your password' })).toBeVisible();
  await expect(account.getByText(`Signed in as ${OWNER.email}.`)).toBeVisible();
  await account.getByLabel('Current password').fill('a wrong guess');
  await account.getByLabel('New password').fill('the owner’s own passphrase');
  await account.getByRole('button', { name: 'Change password' }).click();
  await expect(account.getByRole('alert')).toHaveText('Your current password is not right: nothing was changed.');
  await account.getByLabel('Current password').fill(OWNER.password);
  await account.getByRole('button', { name: 'Change password' }).click();
  await expect(account.getByRole('status')).toHaveText('Your password is changed.');
  await expect(account.getByLabel('New password')).toHaveValue('');
  expect(await axeViolations(page)).toEqual([]);

  const dataDir = server.dataDir;
  await server.stop({ keepData: true });
  server = await startBuiltServer(ENV, dataDir);
  await page.goto(`${server.baseUrl}/plain`);
  expect(await login(page, OWNER.password)).toBe(401);
  expect(await login(page, 'the owner’s own passphrase')).toBe(200);
});
