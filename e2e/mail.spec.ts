/**
 * Mail to the owner, end to end: the built server with SMTP_URL pointed at a mail server the
 * test runs (smtp-server), a visitor's Chromium sending the contact form and buying a print
 * through the cart and checkout pages; each arrives in the owner's mailbox, the receipt in the
 * buyer's; a member who forgot their password gets a new one through the mailed link; the owner
 * app says where notices go, and when they do not go out; the owner who forgot their password
 * gets a new one from the sign-in page.
 */
import { test, expect, api, axeViolations, fillContact, runtimeReady } from './fixtures';
import { startBuiltServer, type ServerProcess } from './server-process';
import { startSmtpSink, type SmtpSink } from '../server/test/smtp-sink';
import type { Browser } from '@playwright/test';

let sink: SmtpSink;
let server: ServerProcess;
test.beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startBuiltServer({
    SMTP_URL: sink.url,
    MAIL_FROM: 'Tessera demo <site@test.local>',
    NOTIFY_EMAIL: 'owner@test.local',
    MEMBER_EMAIL: MEMBER_EMAIL,
    MEMBER_PASSWORD: 'forgotten-password-1',
    OWNER_EMAIL: OWNER.email,
    OWNER_PASSWORD: OWNER.password,
    VIEWER_EMAIL: VIEWER.email,
    VIEWER_PASSWORD: VIEWER.password,
  });
});
test.afterAll(async () => {
  await server?.stop();
  await sink?.close();
});
const MEMBER_EMAIL = 'forgetful@test.local';
const OWNER = { email: 'owner@test.local', password: 'owner-password-1' };
/** An account whose password the forgotten-password test may change (tests of this file share a server per worker). */
const VIEWER = { email: 'assistant@test.local', password: 'viewer-password-1' };
const mailWith = (subject: RegExp) => () => sink.messages.find((mail) => subject.test(mail.subject ?? ''));
/** The contact form sent from a context of its own (a signed-in owner would be taken to the owner app). */
async function sendContactAsVisitor(browser: Browser, email: string, message: string) {
  const visitorContext = await browser.newContext();
  const site = await visitorContext.newPage();
  await site.goto(`${server.baseUrl}/contact`);
  await runtimeReady(site);
  await fillContact(site, email, message);
  await site.getByRole('button', { name: 'Send message' }).click();
  await expect(site.getByText('Thank you! We will get back to you soon.')).toBeVisible();
  await visitorContext.close();
}

test('a contact form sent from Chromium reaches the owner: its fields, Reply-To the visitor', async ({ page }) => {
  await page.goto(`${server.baseUrl}/contact`);
  await runtimeReady(page);
  await fillContact(page, 'ada@example.com', 'Do you ship prints\nto Lisbon?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Thank you! We will get back to you soon.')).toBeVisible();
  await expect.poll(mailWith(/^New submission: contact/), { timeout: 15_000 }).toBeTruthy();
  const mail = mailWith(/^New submission: contact/)()!;
  expect(mail.subject).toBe('New submission: contact · Tessera demo');
  expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('owner@test.local');
  expect(mail.replyTo?.text).toBe('ada@example.com');
  expect(mail.text).toContain('A visitor sent the form "contact" on the page /contact at ');
  expect(mail.text).toContain('Name: Ada Lovelace\nEmail: ada@example.com\nMessage:\n  Do you ship prints\n  to Lisbon?\n');
});

test('an order placed on the checkout page reaches the owner with its lines and total, and the buyer a receipt whose review link works', async ({ page }) => {
  await page.goto(`${server.baseUrl}/blocks`);
  await runtimeReady(page);
  await page.getByRole('button', { name: 'Add to cart: Harbour print' }).click();
  await expect(page.locator('.product-status')).toHaveText('Harbour print added to your cart. View cart');
  await page.goto(`${server.baseUrl}/commerce/goto-checkout`);
  await page.getByLabel('Name').fill('Grace Hopper');
  await page.getByLabel('Email', { exact: true }).fill('grace@example.com');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order confirmed');
  await expect.poll(mailWith(/^New order \d+ · Tessera demo$/), { timeout: 15_000 }).toBeTruthy();
  const mail = mailWith(/^New order/)()!;
  expect(mail.replyTo?.text).toBe('grace@example.com');
  expect(mail.text).toContain('1 × Harbour print (SQ1000001): $45.00\nTotal: $45.00\n');

  const number = /^New order (\d+)/.exec(mail.subject!)![1];
  await expect.poll(mailWith(new RegExp(`^Order confirmed: Order number ${number} · Tessera demo$`)), { timeout: 15_000 }).toBeTruthy();
  const receipt = mailWith(/^Order confirmed: /)()!;
  expect(receipt.text).toContain('Thank you, Grace Hopper. We have received your order.');
  // The demo's site.json says the site is at 127.0.0.1:8080; this server runs on another port.
  const link = /Review Harbour print: (\S+)/.exec(receipt.text!)![1]!;
  await page.goto(link.replace('http://127.0.0.1:8080', server.baseUrl));
  await expect(page.getByRole('heading', { name: 'Rate your purchase' })).toBeVisible();
});

test('a member who forgot their password asks for a link, sets a new one through it, and signs in with it', async ({ page }) => {
  await page.goto(`${server.baseUrl}/members`);
  await runtimeReady(page);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset your password');
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel('Email').fill(MEMBER_EMAIL);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('status')).toHaveText(`If ${MEMBER_EMAIL} belongs to a member of this site, a link to choose a new password is on its way. It works for one hour.`);
  // The owner's forgotten-password mail has the same subject: this one links to the members' page.
  const memberLink = () => sink.messages.find((message) => message.subject === 'Reset your password · Tessera demo' && message.text?.includes('/members/password/new?token='));
  await expect.poll(memberLink, { timeout: 15_000 }).toBeTruthy();
  const link = /http:\/\/127\.0\.0\.1:8080(\/members\/password\/new\?token=\S+)/.exec(memberLink()!.text!)![1]!;

  await page.goto(`${server.baseUrl}${link}`);
  // The token left the address at once.
  expect(new URL(page.url()).search).toBe('');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a new password');
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel('New password').fill('remembered-password-2');
  await page.getByRole('button', { name: 'Save the password' }).click();
  await expect(page.getByRole('status')).toHaveText('Your password is changed. Sign in with it on the members’ pages.');

  await page.goto(`${server.baseUrl}/members`);
  await runtimeReady(page);
  const form = page.getByRole('form', { name: 'Member sign-in' });
  await form.getByLabel('Email').fill(MEMBER_EMAIL);
  await form.getByLabel('Password').fill('remembered-password-2');
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Members’ studio notes');
});

test('the owner app says where notices go, and, when the mail server refuses them, that mail is not going out and why', async ({ page, browser }) => {
  // The owner app twice, a visitor's submission and a refused mail: 21 s in a loaded CI run.
  test.setTimeout(60_000);
  await page.goto(`${server.baseUrl}/plain`);
  expect((await api(page, 'POST', `${server.baseUrl}/api/auth/Login`, OWNER)).ok()).toBe(true);
  const mailAsks: string[] = [];
  page.on('request', (request) => void (new URL(request.url()).pathname === '/api/owner/mail' && mailAsks.push(request.url())));
  await page.goto(`${server.baseUrl}/config/?frameUrl=%2Fplain`);
  const panel = page.locator('#config-panel');
  const submissions = panel.getByRole('region', { name: 'Form submissions', exact: true });
  await expect(submissions.getByText('New submissions and orders are also mailed to owner@test.local.')).toBeVisible();
  await expect(panel.getByRole('region', { name: 'Orders', exact: true }).getByText('New submissions and orders are also mailed to owner@test.local.')).toBeVisible();
  // Both panels from one request.
  expect(mailAsks).toHaveLength(1);

  sink.refuse = 'now';
  try {
    await sendContactAsVisitor(browser, 'ada@example.com', 'Is anyone there?');
    // The sender tries at once; the mail server answers 421.
    await expect.poll(async () => (await (await api(page, 'GET', `${server.baseUrl}/api/owner/mail`)).json()).waiting, { timeout: 15_000 }).toBe(1);
    await page.goto(`${server.baseUrl}/config/?frameUrl=%2Fplain`);
    const orders = panel.getByRole('region', { name: 'Orders', exact: true });
    const trouble = orders.locator('.config-error');
    await expect(trouble).toContainText(/^Mail is not going out: 1 message is waiting since .+, tried again for about eight hours\. The last error: .*421.*\. Whoever runs the server can check its mail settings with npm run send-test-mail\.$/);
    await expect(submissions.locator('.config-error')).toHaveText((await trouble.textContent())!);
    expect(await axeViolations(page)).toEqual([]);
  } finally {
    sink.refuse = null;
  }
});

test('the owner follows a notice’s link on a phone: signed in, the panel opens at Form submissions', async ({ browser }) => {
  await sendContactAsVisitor(browser, 'linus@example.com', 'A link for the owner');
  const notice = () => sink.messages.find((mail) => mail.text?.includes('A link for the owner'));
  await expect.poll(notice, { timeout: 15_000 }).toBeTruthy();
  const link = /\(http:\/\/127\.0\.0\.1:8080(\/config\/\?show=submissions)\)/.exec(notice()!.text!)![1]!;

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await phone.newPage();
  await page.goto(`${server.baseUrl}${link}`);
  await page.getByLabel('Email').fill(OWNER.email);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const heading = page.getByRole('heading', { name: 'Form submissions', exact: true });
  await expect(heading).toBeFocused();
  await expect(page.locator('#config-panel')).toBeVisible();
  // Still in view once the charts above it have loaded.
  await expect(page.locator('#config-panel').getByText('A link for the owner')).toBeVisible();
  await expect(heading).toBeInViewport();
  expect(await axeViolations(page)).toEqual([]);
  await phone.close();
});

test('an account that forgot its password asks for a link on the sign-in page, sets a new one through it, and signs in with it', async ({ page }) => {
  await page.goto(`${server.baseUrl}/login`);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Forgot your password?');
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel('Email').fill(VIEWER.email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('status')).toHaveText(`If ${VIEWER.email} belongs to an account here, a link to choose a new password is on its way. It works once, for one hour.`);
  const ownLink = () => sink.messages.find((message) => message.text?.includes('/login/password/new?token='));
  await expect.poll(ownLink, { timeout: 15_000 }).toBeTruthy();
  const mail = ownLink()!;
  expect(mail.subject).toBe('Reset your password · Tessera demo');
  expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe(VIEWER.email);
  const link = /http:\/\/127\.0\.0\.1:8080(\/login\/password\/new\?token=\S+)/.exec(mail.text!)![1]!;

  await page.goto(`${server.baseUrl}${link}`);
  expect(new URL(page.url()).search).toBe('');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a new password');
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel('New password').fill('remembered-viewer-2');
  await page.getByRole('button', { name: 'Save the password' }).click();
  await expect(page.getByRole('status')).toHaveText('Your password is changed, and every session of yours is signed out.');
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(VIEWER.email);
  await page.getByLabel('Password').fill('remembered-viewer-2');
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Signed in: a viewer is sent on to the owner app, which it may not open, and back with word why. (Waiting for
  // the page script's API call raced its loading on a loaded host: before it, the form posts itself, to the same end.)
  await expect(page.getByText(`You are signed in as ${VIEWER.email}, which may view the site but not open the owner app.`)).toBeVisible();
});
