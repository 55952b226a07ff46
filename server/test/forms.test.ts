import fs from 'node:fs';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropExpiredCounters } from '../src/security/limits';
import { countRows, OWNER, rows, startTestServer, TEST_ENGINE, type TestServer, VIEWER, visitor } from './helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ formRateLimit: 2, captchaDifficulty: { min: 10, max: 50 } });
});
afterAll(async () => server.close());

const page = { url: 'http://127.0.0.1/contact', title: 'Contact', referrer: '' };

async function save(client: Awaited<ReturnType<typeof visitor>>, formId: string, values: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const key = (await client.inject({ method: 'POST', url: '/api/form/FormSubmissionKey' })).json().key as string;
  return client.inject({ method: 'POST', url: '/api/form/SaveFormSubmission', payload: { ...page, key, formId, isOverlayForm: false, form: JSON.stringify(values), ...extra } });
}

const count = (table: string) => countRows(server, table);

describe('SaveFormSubmission', () => {
  it('stores a valid submission, values as text', async () => {
    const client = await visitor(server.app);
    const response = await save(client, 'contact', { name: ['<b>Ada</b>', 'L'], email: 'ada@example.com', message: '<script>alert(1)</script>', campaign: 'x' });
    expect(response.statusCode).toBe(200);
    const [row] = await rows<{ values_json: string }>(server, "SELECT values_json FROM form_submissions WHERE form_id = 'contact' ORDER BY id DESC");
    expect(JSON.parse(row!.values_json).message).toBe('<script>alert(1)</script>');
  });

  it('answers an unknown form with 404 and the verbatim message', async () => {
    const client = await visitor(server.app);
    const response = await save(client, 'nope', {});
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'This form has not been configured yet.' });
  });

  it('refuses made-up, reused and expired keys', async () => {
    const client = await visitor(server.app);
    const before = await count('form_submissions');
    const bad = await client.inject({ method: 'POST', url: '/api/form/SaveFormSubmission', payload: { ...page, key: 'made-up', formId: 'newsletter', isOverlayForm: false, form: '{}' } });
    expect(bad.json()).toEqual({ error: 'Error processing form submission. Please reload and try again.', code: 'form.processingError' });
    const key = (await client.inject({ method: 'POST', url: '/api/form/FormSubmissionKey' })).json().key;
    const body = { ...page, key, formId: 'newsletter', isOverlayForm: false, form: JSON.stringify({ 'newsletter-email': 'once@example.com' }) };
    expect((await client.inject({ method: 'POST', url: '/api/form/SaveFormSubmission', payload: body })).statusCode).toBe(200);
    expect((await client.inject({ method: 'POST', url: '/api/form/SaveFormSubmission', payload: body })).statusCode).toBe(400);
    const old = (await client.inject({ method: 'POST', url: '/api/form/FormSubmissionKey' })).json().key;
    await rows(server, 'UPDATE form_keys SET expires_at = 0 WHERE key = ?', old);
    expect((await client.inject({ method: 'POST', url: '/api/form/SaveFormSubmission', payload: { ...body, key: old } })).statusCode).toBe(400);
    expect(await count('form_submissions')).toBe(before + 1);
  });

  it('validates as the client does: an errors map keyed by field id', async () => {
    const client = await visitor(server.app);
    const response = await save(client, 'contact', { email: 'nope', source: 'Pigeon', message: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'One or more fields is invalid, please check your entries.',
      code: 'form.formInvalid',
      errors: {
        name: 'Name is required.',
        email: 'Email is not valid. Email addresses should follow the format user@domain.com.',
        source: 'Pigeon is not one of the expected options',
      },
    });
  });

  it('refuses unknown fields, wrong shapes, malformed JSON and wrong types, storing nothing', async () => {
    const client = await visitor(server.app);
    const before = await count('form_submissions');
    const unparseable = { error: 'Could not parse the form fields, please check your entries.', code: 'form.unparseableFields' };
    expect((await save(client, 'contact', { stranger: 'x' })).json()).toEqual(unparseable);
    expect((await save(client, 'contact', { name: 'Ada Lovelace' })).json()).toEqual(unparseable);
    expect((await save(client, 'contact', {}, { form: '{"a":' })).json()).toEqual(unparseable);
    expect((await save(client, 'contact', {}, { isOverlayForm: 'yes' })).statusCode).toBe(400);
    expect((await save(client, 'contact', {}, { extra: 1 })).statusCode).toBe(400);
    expect(await count('form_submissions')).toBe(before);
  });

  it('limits successful submissions per visitor and form with 429', async () => {
    const client = await visitor(server.app);
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await save(client, 'newsletter', { 'newsletter-email': `r${i}@example.com` })).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
    expect((await save(client, 'newsletter', { 'newsletter-email': 'r9@example.com' })).json()).toEqual({
      error: 'Unable to submit form. Submission rate limit exceeded. Please try again later.',
    });
    const other = await visitor(server.app); // another visitor is not limited
    expect((await save(other, 'newsletter', { 'newsletter-email': 'r0@example.com' })).statusCode).toBe(200);
  });

  it('keeps one subscriber row per email per list', async () => {
    for (const client of [await visitor(server.app), await visitor(server.app)]) {
      expect((await save(client, 'newsletter', { 'newsletter-email': 'twice@example.com' })).statusCode).toBe(200);
    }
    const [subscribed] = await rows<{ n: number }>(server, "SELECT COUNT(*) AS n FROM newsletter_subscribers WHERE email = 'twice@example.com'");
    expect(Number(subscribed!.n)).toBe(1);
  });

  it('verifies the captcha: missing or forged fails with captchaFailed, a solved challenge passes once', async () => {
    const client = await visitor(server.app);
    const values = { 'callback-name': 'Grace', 'callback-phone': ['', '555', '123', '4567'] };
    const missing = await save(client, 'callback', values);
    expect(missing.json()).toEqual({ error: 'Complete CAPTCHA before submitting.', code: 'form.completeCaptcha', captchaFailed: true });
    expect((await save(client, 'callback', values, { captchaKey: btoa('{"forged":true}') })).json().captchaFailed).toBe(true);
    const challenge = (await client.inject({ method: 'GET', url: '/api/form/captcha/challenge' })).json();
    const solution = await solveChallenge({ challenge, deriveKey });
    const payload = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    expect((await save(client, 'callback', values, { captchaKey: payload })).statusCode).toBe(200);
    expect((await save(client, 'callback', values, { captchaKey: payload })).json().captchaFailed).toBe(true); // replay
  });

  it('a solved challenge passes once across the instances on one database, and is forgotten once it has expired', async () => {
    const shared = TEST_ENGINE === 'postgres' ? { databaseUrl: server.config.databaseUrl } : { dataDir: server.config.dataDir };
    // Not its close(): that would delete the first instance's DATA_DIR.
    const { app: other } = await startTestServer({ ...shared, captchaDifficulty: { min: 10, max: 50 } });
    try {
      const values = { 'callback-name': 'Ada', 'callback-phone': ['', '555', '123', '4567'] };
      const client = await visitor(server.app);
      const challenge = (await client.inject({ method: 'GET', url: '/api/form/captcha/challenge' })).json();
      const payload = Buffer.from(JSON.stringify({ challenge, solution: await solveChallenge({ challenge, deriveKey }) })).toString('base64');
      expect((await save(client, 'callback', values, { captchaKey: payload })).statusCode).toBe(200);
      const elsewhere = await save(await visitor(other), 'callback', values, { captchaKey: payload });
      expect(elsewhere.json()).toMatchObject({ code: 'form.completeCaptcha', captchaFailed: true });
      const [used] = await rows<{ expires_at: number | string }>(server, 'SELECT expires_at FROM limit_counters WHERE key = ?', `captcha-answer:${challenge.parameters.nonce}`);
      expect(Number(used!.expires_at)).toBe(challenge.parameters.expiresAt * 1000);
      await dropExpiredCounters(server.app.storage, challenge.parameters.expiresAt * 1000);
      expect(await rows(server, 'SELECT key FROM limit_counters WHERE key = ?', `captcha-answer:${challenge.parameters.nonce}`)).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

describe('census form-render and owner data', () => {
  it('stores form-render hits', async () => {
    const client = await visitor(server.app);
    const before = await count('census_form_renders');
    const response = await client.inject({ method: 'POST', url: '/api/census/form-render', payload: { ...page, formId: 'contact', websiteId: 'w1' } });
    expect(response.statusCode).toBe(200);
    expect(await count('census_form_renders')).toBe(before + 1);
    expect((await client.inject({ method: 'POST', url: '/api/census/form-render', payload: { formId: 7 } })).statusCode).toBe(400);
  });

  it('stores overlay hits and refuses unknown events', async () => {
    const client = await visitor(server.app);
    const before = await count('census_overlays');
    expect((await client.inject({ method: 'POST', url: '/api/census/overlay', payload: { ...page, event: 'view' } })).statusCode).toBe(200);
    expect((await client.inject({ method: 'POST', url: '/api/census/overlay', payload: { ...page, event: 'explode' } })).statusCode).toBe(400);
    expect(await count('census_overlays')).toBe(before + 1);
  });

  it('lets only a signed-in ADMIN read submissions', async () => {
    expect((await save(await visitor(server.app), 'contact', { name: ['Ada', 'L'], email: 'ada@example.com', message: '<script>alert(1)</script>' })).statusCode).toBe(200);
    const anonymous = await visitor(server.app);
    expect((await anonymous.inject({ method: 'GET', url: '/api/owner/submissions' })).statusCode).toBe(401);
    const viewer = await visitor(server.app);
    await viewer.inject({ method: 'POST', url: '/api/auth/Login', payload: VIEWER });
    expect((await viewer.inject({ method: 'GET', url: '/api/owner/submissions' })).statusCode).toBe(403);
    const owner = await visitor(server.app);
    await owner.inject({ method: 'POST', url: '/api/auth/Login', payload: OWNER });
    const response = await owner.inject({ method: 'GET', url: '/api/owner/submissions?formId=contact' });
    expect(response.statusCode).toBe(200);
    const { submissions } = response.json();
    expect(submissions[0]).toMatchObject({ formId: 'contact', values: { message: '<script>alert(1)</script>' } });
  });
});

describe('the demo pages', () => {
  it('carry the same form definitions as examples/forms.json', () => {
    const examples = path.join(server.config.rootDir, 'examples');
    const forms = JSON.parse(fs.readFileSync(path.join(examples, 'forms.json'), 'utf8')) as Record<string, Record<string, unknown>>;
    const decode = (s: string) => s.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
    let found = 0;
    for (const file of fs.readdirSync(examples).filter((f) => f.endsWith('.html'))) {
      const html = fs.readFileSync(path.join(examples, file), 'utf8');
      for (const match of html.matchAll(/data-block-type="(?:form|newsletter)" data-block-json="([^"]*)"/g)) {
        const config = JSON.parse(decode(match[1]!)) as Record<string, unknown>;
        const { formId, ...rest } = config;
        expect(rest, `${file} ${formId}`).toEqual(forms[formId as string]);
        found += 1;
      }
    }
    expect(found).toBe(Object.keys(forms).length); // every form the server knows is on a page
    // The popup overlay's newsletter (offers.html context) is the same form too.
    const offers = fs.readFileSync(path.join(examples, 'offers.html'), 'utf8');
    const context = JSON.parse(/id="site-context">([\s\S]*?)<\/script>/.exec(offers)![1]!);
    const { formId, ...popupForm } = context.websiteSettings.popupOverlaySettings.newsletter;
    expect(popupForm).toEqual(forms[formId]);
  });
});
