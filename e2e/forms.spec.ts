import { test, expect, runtimeReady, api, ownerSubmissions, ownerSubscribers, fillContact as fillRequiredContact, fillCallback, watchLayoutShifts, layoutShifted, axeViolations } from './fixtures';
import type { Page } from '@playwright/test';

const saveCalls = (page: Page) => {
  const calls: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/form/SaveFormSubmission')) calls.push(response.status());
  });
  return calls;
};

test.describe('contact form', () => {
  test('a full valid submission is stored and read back by the owner', async ({ page, browser, baseURL, consoleErrors }) => {
    const calls = saveCalls(page);
    const census: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/census/form-render')) census.push(request.postData() ?? '');
    });
    await page.goto('/contact?utm_campaign=%3Cb%3Espring%3C%2Fb%3E');
    await runtimeReady(page);
    await fillRequiredContact(page, 'ada@example.com');
    await page.getByLabel('Subject').fill('Question');
    await page.getByLabel('Country', { exact: true }).first().fill('44');
    await page.getByLabel('Area Code').fill('20');
    await page.getByLabel('Prefix').fill('7946');
    await page.getByLabel('Line', { exact: true }).fill('0958');
    await page.getByLabel('Address Line 1').fill('1 Main St');
    await page.getByLabel('City').fill('Springfield');
    await page.getByLabel('ZIP/Postal Code').fill('12345');
    await page.getByRole('group', { name: 'Address' }).getByLabel('Country').fill('United States');
    await page.getByLabel('Month').fill('12');
    await page.getByLabel('Day').fill('24');
    await page.getByLabel('Year').fill('2026');
    await page.getByLabel('Hour').fill('9');
    await page.getByLabel('Minute').fill('30');
    await page.getByLabel('AM/PM').selectOption('PM');
    await page.getByLabel('Budget (USD)').fill('1200.50');
    await page.getByLabel('Number of guests').fill('4');
    await page.getByLabel('Your website').fill('https://example.com');
    await page.getByLabel('Twitter handle').fill('@ada');
    await page.getByLabel('Booking code').fill('s3cret');
    await page.getByLabel('Phone', { exact: true }).check();
    await page.getByLabel('Design').check();
    await page.getByLabel('Hosting').check();
    await page.getByLabel('How did you hear about us?').selectOption('Friend');
    await page.getByRole('group', { name: 'Fast' }).getByLabel('Agree', { exact: true }).check();
    await page.getByRole('button', { name: 'Send message' }).click();
    const success = page.getByText('Thank you! We will get back to you soon.');
    await expect(success).toBeVisible();
    await expect(success).toBeFocused();
    await expect(page.locator('#block-contact form')).toBeHidden();
    expect(calls).toEqual([200]);
    expect(JSON.parse(census[0]!)).toMatchObject({ formId: 'contact', websiteId: '5f1e0c0ffee0000000000001' });

    const { submissions } = await ownerSubmissions(browser, baseURL!, 'contact');
    // This submission, not another test's on the same shared server.
    const stored = submissions.find((s) => s.values.email === 'ada@example.com' && s.values.subject === 'Question')!;
    expect(stored.values).toEqual({
      name: ['Ada', 'Lovelace'],
      email: 'ada@example.com',
      subject: 'Question',
      message: 'Hello <b>there</b>',
      phone: ['44', '20', '7946', '0958'],
      address: ['1 Main St', '', 'Springfield', '', '12345', 'United States'],
      'visit-date': ['12', '24', '2026'],
      'visit-time': ['9', '30', '', 'PM'],
      budget: '1200.50',
      guests: '4',
      website: 'https://example.com',
      twitter: '@ada',
      code: 's3cret',
      'contact-by': 'Phone',
      interests: ['Design', 'Hosting'],
      source: 'Friend',
      service: { Fast: 'Agree' },
      campaign: '<b>spring</b>',
    });
    expect(consoleErrors).toEqual([]);
  });

  test('client validation shows the verbatim messages and marks the fields', async ({ page }) => {
    const calls = saveCalls(page);
    await page.goto('/contact');
    await runtimeReady(page);
    await page.getByRole('textbox', { name: 'Email (required)' }).fill('not-an-email');
    await page.getByLabel('ZIP/Postal Code').fill('123');
    await page.getByRole('group', { name: 'Address' }).getByLabel('Country').fill('USA');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('One or more fields is invalid, please check your entries.')).toBeVisible();
    await expect(page.getByText('Email is not valid. Email addresses should follow the format user@domain.com.')).toBeVisible();
    await expect(page.getByText('Please enter a valid 5-digit ZIP code.')).toBeVisible();
    const email = page.getByRole('textbox', { name: 'Email (required)' });
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    const describedBy = (await email.getAttribute('aria-describedby'))!;
    await expect(page.locator(`#${describedBy}`)).toHaveText(/Email is not valid/);
    await expect(page.getByLabel('First Name')).toBeFocused(); // the first invalid field
    expect(calls).toEqual([]);
  });

  test('the textarea counter counts up to the bound and marks going over', async ({ page }) => {
    await page.goto('/contact');
    await runtimeReady(page);
    const message = page.locator('textarea');
    await message.fill('12345');
    await expect(page.locator('.site-form-counter')).toHaveText('5 / 500');
    await message.fill('x'.repeat(501));
    const counter = page.locator('.site-form-counter', { hasText: '501 / 500' });
    await expect(counter).toHaveClass(/site-form-counter-over/);
    await expect(message).toHaveAttribute('aria-invalid', 'true');
    await fillRequiredContact(page, 'a@b.co');
    await message.fill('x'.repeat(501));
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('You have exceeded the character limit')).toBeVisible();
  });

  test('a double click submits once, with the button locked as Submitting…', async ({ page }) => {
    const calls = saveCalls(page);
    let keys = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/form/FormSubmissionKey')) keys += 1;
    });
    await page.goto('/contact');
    await runtimeReady(page);
    await fillRequiredContact(page, 'double@example.com');
    await page.getByRole('button', { name: 'Send message' }).dblclick();
    await expect(page.getByText('Thank you! We will get back to you soon.')).toBeVisible();
    expect(calls).toEqual([200]);
    expect(keys).toBe(1);
  });

  // Each test its own stale crumb: the server gives one stale cookie one crumb, and the
  // submission limit counts by crumb.
  const staleCrumb = () => `stale.${test.info().testId}-${test.info().repeatEachIndex}`;

  test('a stale crumb is refreshed and the submission goes through', async ({ page, context, baseURL }) => {
    const calls = saveCalls(page);
    await page.goto('/contact');
    await runtimeReady(page);
    await context.addCookies([{ name: 'crumb', value: staleCrumb(), url: baseURL! }]);
    await fillRequiredContact(page, 'crumb@example.com');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Thank you! We will get back to you soon.')).toBeVisible();
    expect(calls).toEqual([200]);
  });

  test('a call made with the stale crumb and answered between the refusal and the retry (a beacon) leaves the retry good', async ({ page, context, baseURL }) => {
    const calls = saveCalls(page);
    await page.goto('/contact');
    await runtimeReady(page);
    const stale = { name: 'crumb', value: staleCrumb(), url: baseURL! };
    const refusals: number[] = [];
    await page.route('**/api/form/FormSubmissionKey*', async (route) => {
      // The key's call leaves with the stale cookie (a beacon sent while the form was filled in
      // may have renewed it already: put it back).
      if (refusals.length === 0) await context.addCookies([stale]);
      if (refusals.length === 1) {
        // The retry. A call sent with the stale cookie before the refusal came back is answered
        // now, and its answer sets the cookie just before the retry leaves with it.
        await context.addCookies([stale]);
        expect((await context.request.post(`${baseURL}/api/census/form-render`, { data: {} })).status()).toBe(403);
      }
      const headers = { ...(await route.request().allHeaders()), cookie: (await context.cookies(baseURL)).map(({ name, value }) => `${name}=${value}`).join('; ') };
      const response = await route.fetch({ headers });
      refusals.push(response.status());
      await route.fulfill({ response });
    });
    await fillRequiredContact(page, 'crossed@example.com');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Thank you! We will get back to you soon.')).toBeVisible();
    expect(refusals).toEqual([403, 200]);
    expect(calls).toEqual([200]);
  });
});

test.describe('server answers', () => {
  test('an unknown form says it has not been configured yet', async ({ page }) => {
    await page.goto('/robustness');
    await runtimeReady(page);
    await page.evaluate(() => {
      document.getElementById('late-blocks')!.innerHTML =
        '<div id="block-ghost" data-block-type="form" data-block-json=\'{"formId":"no-such-form","fields":[{"id":"x","type":"text","title":"X"}]}\'></div>';
    });
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('This form has not been configured yet.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled(); // unlocked again
  });

  test('a server 400 puts each message above its field and the scroll messages around the form', async ({ page }) => {
    await page.goto('/robustness');
    await runtimeReady(page);
    // The same form without the client's required marks: only the server can refuse it.
    await page.evaluate(() => {
      document.getElementById('late-blocks')!.innerHTML =
        '<div id="block-lax" data-block-type="form" data-block-json=\'{"formId":"contact","fields":[{"id":"email","type":"email","title":"Email"},{"id":"source","type":"text","title":"Source"}]}\'></div>';
    });
    await page.getByLabel('Source').fill('Carrier pigeon');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Your form has encountered a problem. Please scroll down to review.')).toBeVisible();
    await expect(page.getByText('Your form has encountered a problem. Please scroll up to review.')).toBeVisible();
    await expect(page.getByText('Email is required.')).toBeVisible();
    await expect(page.getByText('Carrier pigeon is not one of the expected options')).toBeVisible();
    await expect(page.getByLabel('Source')).toHaveAttribute('aria-invalid', 'true');
  });

  test('over the rate limit the visitor gets 429 and its message', async ({ page }) => {
    const calls = saveCalls(page);
    for (let i = 0; i < 4; i += 1) {
      await page.goto('/');
      await runtimeReady(page);
      await page.getByLabel('Email').fill(`rate${i}@example.com`);
      await page.getByRole('button', { name: 'Sign up' }).click();
      await expect(page.locator('#block-newsletter .site-form-success, #block-newsletter [role="alert"]:not(:empty)')).toBeVisible();
    }
    expect(calls).toEqual([200, 200, 200, 429]);
    await expect(page.getByText('Unable to submit form. Submission rate limit exceeded. Please try again later.')).toBeVisible();
  });

  test('bad input and bad or reused keys get 4xx and store nothing', async ({ page, browser, baseURL }) => {
    await page.goto('/plain');
    const base = { formId: 'newsletter', isOverlayForm: false, url: 'http://x/', title: '', referrer: '', form: JSON.stringify({ 'newsletter-email': 'keys@example.com' }) };
    const bad = await api(page, 'POST', '/api/form/SaveFormSubmission', { ...base, key: 'made-up' });
    expect(bad.status()).toBe(400);
    expect(await bad.json()).toEqual({ error: 'Error processing form submission. Please reload and try again.', code: 'form.processingError' });
    const { key } = await (await api(page, 'POST', '/api/form/FormSubmissionKey')).json();
    expect((await api(page, 'POST', '/api/form/SaveFormSubmission', { ...base, key })).status()).toBe(200);
    const reused = await api(page, 'POST', '/api/form/SaveFormSubmission', { ...base, key, form: JSON.stringify({ 'newsletter-email': 'reuse@example.com' }) });
    expect(reused.status()).toBe(400);
    const fresh = async () => (await (await api(page, 'POST', '/api/form/FormSubmissionKey')).json()).key as string;
    const wrongType = await api(page, 'POST', '/api/form/SaveFormSubmission', { ...base, key: await fresh(), isOverlayForm: 'no' });
    expect(wrongType.status()).toBe(400);
    const unparseable = await api(page, 'POST', '/api/form/SaveFormSubmission', { ...base, key: await fresh(), form: '{"newsletter-email": ' });
    expect(await unparseable.json()).toEqual({ error: 'Could not parse the form fields, please check your entries.', code: 'form.unparseableFields' });
    const missingKey = await api(page, 'POST', '/api/form/SaveFormSubmission', { ...base, key: undefined });
    expect(missingKey.status()).toBe(400);
    const huge = await api(page, 'POST', '/api/form/SaveFormSubmission', { ...base, key: await fresh(), form: JSON.stringify({ 'newsletter-email': 'x'.repeat(300_000) }) });
    expect(huge.status()).toBe(413);
    const subscribers = await ownerSubscribers(browser, baseURL!);
    expect(subscribers.filter((s) => s.email.includes('reuse@') || s.email.startsWith('xxx'))).toEqual([]);
    expect(subscribers.filter((s) => s.email === 'keys@example.com')).toHaveLength(1);
  });
});

test.describe('newsletter and captcha', () => {
  test('the newsletter form works by keyboard alone and fires the subscribe event', async ({ page }) => {
    await page.goto('/');
    await runtimeReady(page);
    await page.evaluate(() => {
      document.addEventListener('site:track', (event) => ((window as unknown as { tracked: unknown }).tracked = (event as CustomEvent).detail));
    });
    const email = page.locator('#block-newsletter input[type="email"]');
    await email.focus();
    await page.keyboard.type('keyboard@example.com');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Sign up' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText("You're subscribed. Thank you!")).toBeFocused();
    expect(await page.evaluate(() => (window as unknown as { tracked: unknown }).tracked)).toEqual({ event: 'newsletter_subscribe', formId: 'newsletter' });
  });

  test('captcha: a labelled checkbox, there with the form; ticked by keyboard it verifies, and its solver loads only then', async ({ page }) => {
    const solver: string[] = [];
    page.on('request', (request) => {
      if (/\/chunks\/captcha-solve-/.test(request.url())) solver.push(request.url());
    });
    await watchLayoutShifts(page);
    await page.goto('/callback');
    await runtimeReady(page);
    const box = page.getByRole('checkbox', { name: "I'm not a robot" });
    await expect(box).not.toBeChecked();
    const status = page.locator('.site-form-captcha').getByRole('status');
    await expect(status).toHaveText('');
    expect(await axeViolations(page, '.site-form-captcha')).toEqual([]);
    expect(solver).toEqual([]);
    await box.focus();
    await page.keyboard.press('Space');
    await expect(box).toBeChecked();
    await expect(status).toHaveText('Verified', { timeout: 15_000 });
    await expect(box).toBeFocused();
    expect(solver).toHaveLength(1);
    expect(await layoutShifted(page)).toBe(0);
  });

  test('captcha: a challenge that cannot be fetched is said so in its place, submitting is refused as unsolved, and a new tick tries again', async ({ page, consoleErrors }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.route('**/api/form/captcha/challenge*', (route) => route.abort());
    await page.goto('/callback');
    await runtimeReady(page);
    const box = page.getByRole('checkbox', { name: "I'm not a robot" });
    const status = page.locator('.site-form-captcha').getByRole('status');
    const height = async () => (await page.locator('.site-form-captcha').boundingBox())!.height;
    const empty = await height();
    await box.check();
    await expect(status).toHaveText('Verification failed. Try again later.', { timeout: 15_000 });
    await expect(box).not.toBeChecked();
    // Its line was held from the start: saying so moves nothing under it.
    expect(await height()).toBe(empty);
    // Its place says it; the page's error overlay does not.
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    expect(consoleErrors.some((error) => error.startsWith('The captcha could not be verified.'))).toBe(true);
    await fillCallback(page);
    await page.getByRole('button', { name: 'Request a call' }).click();
    await expect(page.getByText('Complete CAPTCHA before submitting.')).toBeVisible();

    // The connection is back: a new tick verifies, with what was typed still there.
    await page.unroute('**/api/form/captcha/challenge*');
    await box.check();
    await expect(status).toHaveText('Verified', { timeout: 15_000 });
    await expect(page.getByLabel('Your name')).toHaveValue('Grace');
  });

  test('captcha: a submit pressed while it verifies waits for the answer, then sends', async ({ page }) => {
    const calls = saveCalls(page);
    await page.goto('/callback');
    await runtimeReady(page);
    await fillCallback(page);
    // The challenge held a moment, as on a slow network: the click lands while it verifies.
    await page.route('**/api/form/captcha/challenge*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
    await page.getByRole('checkbox', { name: "I'm not a robot" }).check();
    await expect(page.locator('.site-form-captcha').getByRole('status')).toHaveText('Verifying...');
    await page.getByRole('button', { name: 'Request a call' }).click();
    await expect(page.locator('.callback-done')).toHaveText('Request received.', { timeout: 15_000 });
    await expect(page.getByText('Complete CAPTCHA before submitting.')).toHaveCount(0);
    expect(calls).toEqual([200]);
  });

  test('captcha: unsolved says so; a failed verification disables submit until solved again', async ({ page }) => {
    const calls = saveCalls(page);
    await page.goto('/callback');
    await runtimeReady(page);
    await fillCallback(page);
    const submit = page.getByRole('button', { name: 'Request a call' });
    await submit.click();
    await expect(page.getByText('Complete CAPTCHA before submitting.')).toBeVisible();
    expect(calls).toEqual([]);

    const box = page.getByRole('checkbox', { name: "I'm not a robot" });
    const status = page.locator('.site-form-captcha').getByRole('status');
    // By keyboard, as a screen-reader user would.
    const solve = async () => {
      await box.focus();
      await page.keyboard.press('Space');
      await expect(status).toHaveText('Verified', { timeout: 15_000 });
    };
    await solve();
    // A forged payload on its way: the server's verification fails.
    const forge = '**/api/form/SaveFormSubmission*';
    await page.route(forge, (route) => route.continue({ postData: JSON.stringify({ ...route.request().postDataJSON(), captchaKey: btoa('{"forged":true}') }) }));
    await submit.click();
    await expect(page.getByText('Complete CAPTCHA before submitting.')).toBeVisible();
    await expect(submit).toBeDisabled();
    expect(calls).toEqual([400]);
    await page.unroute(forge);

    // The form resets the captcha: unticked, its answer gone.
    await expect(box).not.toBeChecked();
    await expect(status).toHaveText('');
    await solve();
    await expect(submit).toBeEnabled({ timeout: 15_000 });
    await submit.click();
    await expect(page.locator('.callback-done')).toHaveText('Request received.');
    expect(await page.evaluate(() => document.documentElement.dataset.callbackScriptRan)).toBe('yes');
    expect(calls).toEqual([400, 200]);
  });
});

test('address suggestions come from the offline places data and fill the address', async ({ page }) => {
  // The server builds its place index once (135,000 cities) after it starts listening; on a
  // busy 2-core machine the first answer can take most of a minute.
  test.setTimeout(90_000);
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/google-maps/places/')) calls.push(request.url());
  });
  await page.goto('/contact');
  await runtimeReady(page);
  const city = page.getByLabel('City');
  await city.click();
  await city.pressSequentially('Zuri', { delay: 20 });
  const option = page.locator('datalist option').first();
  // The first suggestion loads the server's place index (135,000 cities): slow on a busy machine.
  await expect(option).toHaveAttribute('value', 'Zürich, ZH, Switzerland', { timeout: 75_000 });
  await city.fill('Zürich, ZH, Switzerland'); // what choosing the suggestion does
  await expect(city).toHaveValue('Zürich');
  await expect(page.getByLabel('State/Province')).toHaveValue('ZH');
  await expect(page.getByRole('group', { name: 'Address' }).getByLabel('Country')).toHaveValue('Switzerland');
  for (const url of calls) expect(new URL(url).searchParams.get('productPage')).toBe('form');
  expect(calls.some((url) => url.includes('/details?'))).toBe(true);
});

test('the owner sees submissions in /config/, visitor HTML shown as text', async ({ page }) => {
  await page.goto('/plain');
  const { key } = await (await api(page, 'POST', '/api/form/FormSubmissionKey')).json();
  const hostile = '<i id="hostile">gotcha</i>';
  const saved = await api(page, 'POST', '/api/form/SaveFormSubmission', {
    key, formId: 'contact', isOverlayForm: false, url: 'http://x/', title: '', referrer: '',
    form: JSON.stringify({ name: ['Eve', 'X'], email: 'eve@example.com', message: hostile }),
  });
  expect(saved.status()).toBe(200);
  const { OWNER } = await import('./global-setup');
  await page.goto('/login?next=%2Fconfig%2F');
  await page.getByLabel('Email').fill(OWNER.email);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const panel = page.locator('#config-panel');
  // Sign-in (scrypt), the owner app and its submissions call: on a loaded machine past 5 s.
  await expect(panel.getByText(hostile)).toBeVisible({ timeout: 15_000 });
  await expect(panel.locator('#hostile')).toHaveCount(0);
});
