/**
 * Every answer of the owner API fits its schema in contract/api/owner-answers.ts (the schemas
 * the owner app's types are derived from), with data in every list: a field the server adds,
 * drops or changes the type of without the contract fails here.
 */
import Ajv from 'ajv';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER_PATHS, ownerPath } from '../../contract/api/owner-paths';
import {
  buttonAnswerSchema,
  datasetSavedAnswerSchema,
  errorReportAnswerSchema,
  type ErrorsAnswer,
  fileRenamedAnswerSchema,
  type FileRenamedAnswer,
  jobAnswerSchema,
  OWNER_GET_ANSWERS,
  planAnswerSchema,
  removedAnswerSchema,
  type SubmissionsAnswer,
  subscribersAnswerSchema,
  type SubscribersAnswer,
  taxonomyAnswerSchema,
  uploadAnswerSchema,
  type UploadAnswer,
} from '../../contract/api/owner-answers';
import { submitReview } from '../src/commerce/store';
import { cookieHeader, OWNER, rows, startTestServer, type TestServer, visitor } from './helper';
import { startSmtpSink, type SmtpSink } from './smtp-sink';

let server: TestServer;
let owner: Awaited<ReturnType<typeof visitor>>;
const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });

function expectToFit(schema: object, answer: unknown, what: string) {
  const valid = ajv.validate(schema, answer);
  expect(valid ? [] : ajv.errors!.map((error) => `${what}${error.instancePath} ${error.message} ${JSON.stringify(error.params)}`)).toEqual([]);
}

let sink: SmtpSink;
beforeAll(async () => {
  // With mail, so that the mail answer lists whom notices go to.
  sink = await startSmtpSink();
  server = await startTestServer({ mail: { smtpUrl: sink.url, from: 'site@test.local', notify: ['owner@test.local'] } });
  const site = await visitor(server.app);
  // Something in every list the owner reads.
  const submit = async (formId: string, values: Record<string, unknown>) => {
    const key = (await site.inject({ method: 'POST', url: '/api/form/FormSubmissionKey' })).json().key as string;
    const page = { url: 'http://127.0.0.1/contact', title: 'Contact', referrer: '' };
    const saved = await site.inject({ method: 'POST', url: '/api/form/SaveFormSubmission', payload: { ...page, key, formId, isOverlayForm: false, form: JSON.stringify(values) } });
    expect(saved.statusCode, saved.body).toBe(200);
  };
  await submit('contact', { name: ['Ada', 'L'], email: 'ada@example.com', message: 'Hello', campaign: 'x' });
  await submit('newsletter', { 'newsletter-email': 'ada@example.com' });
  // What the saving calls remove, so the lists above stay filled whatever runs first.
  await submit('contact', { name: ['Bea', 'L'], email: 'bea@example.com', message: 'Remove me', campaign: 'x' });
  await submit('newsletter', { 'newsletter-email': 'bea@example.com' });
  const hit = { event: 'pageView', data: JSON.stringify({ url: '/faq', websiteId: 'w', referrer: 'https://ref.test/' }), ss_cvr: 'v1|1|1|1|1' };
  expect((await site.inject({ method: 'POST', url: '/api/census/RecordHit', payload: [hit] })).statusCode).toBe(200);
  expect((await server.app.inject({ method: 'GET', url: '/api/track/Track?landing=%2Ffaq&source=newsletter&campaign=december' })).statusCode).toBe(200);
  const record = { app: 'site', event: 'pageSpeed', pageLoadId: 'load-1', timestamp: Date.now(), data: { pathname: '/faq', metrics: { lcp: 900, cls: 0.01 } } };
  expect((await site.inject({ method: 'POST', url: '/api/1/performance/records', payload: [record] })).statusCode).toBe(200);
  const report = { event: 'javascript_error', data: JSON.stringify({ message: 'boom', source: 'https://site/a.js', count: 2 }), timestamp: Date.now() };
  const errors = await server.app.inject({
    method: 'POST',
    url: '/api/events/RecordJavascriptErrors',
    headers: { cookie: cookieHeader(site.jar), 'x-csrf-token': site.crumb, 'content-type': 'text/plain;charset=UTF-8' },
    payload: JSON.stringify([report]),
  });
  expect(errors.statusCode).toBe(200);
  await rows(server, "INSERT INTO orders (id, order_number, kind, email, name, currency, total_cents, lines_json, details_json, created_at) VALUES ('00000000-0000-0000-0000-0000000000aa', 1, 'order', 'a@b.co', 'A', 'USD', 1, ?, '{}', ?)", JSON.stringify([{ productId: 'mug', title: 'Studio mug', sku: 'SQ1', quantity: 1, unitPriceCents: 1, lineTotalCents: 1 }]), Date.now());
  await rows(server, "INSERT INTO review_requests (token, order_id, product_id, product_title, expires_at) VALUES ('answer-token-0123456789', '00000000-0000-0000-0000-0000000000aa', 'mug', 'Studio mug', ?)", Date.now() + 60_000);
  expect(await submitReview(server.app.storage, 'answer-token-0123456789', 5, 'Great')).toBe('open');

  owner = await visitor(server.app);
  expect((await owner.inject({ method: 'POST', url: '/api/auth/Login', payload: OWNER })).statusCode).toBe(200);
  for (const kind of ['tag', 'category']) expect((await owner.inject({ method: 'POST', url: `${OWNER_PATHS.taxonomy}/${kind}`, payload: { name: 'Prints' } })).statusCode).toBe(200);
  const upload = await owner.inject({ method: 'PUT', url: `${OWNER_PATHS.files}/notes.txt`, payload: Buffer.from('notes'), headers: { 'content-type': 'application/octet-stream' } });
  expect(upload.statusCode).toBeLessThan(300);
});
afterAll(async () => {
  await server.close();
  await sink.close();
});

describe('owner API answers fit the contract', () => {
  for (const [name, schema] of Object.entries(OWNER_GET_ANSWERS)) {
    it(`GET ${OWNER_PATHS[name as keyof typeof OWNER_PATHS]}`, async () => {
      const response = await owner.inject({ method: 'GET', url: OWNER_PATHS[name as keyof typeof OWNER_PATHS] });
      expect(response.statusCode).toBe(200);
      const answer = response.json() as Record<string, unknown>;
      expectToFit(schema, answer, name);
      // Every list has an entry, so its items' schema was tried.
      for (const [field, value] of Object.entries(answer)) if (Array.isArray(value)) expect(value.length, `${name}.${field}`).toBeGreaterThan(0);
    });
  }

  it('GET /api/owner/errors/:id, for the latest report of each message listed', async () => {
    const { errors } = (await owner.inject({ method: 'GET', url: OWNER_PATHS.errors })).json() as ErrorsAnswer;
    const ids = errors.map((group) => group.latestReport).filter((id): id is number => id !== null);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) expectToFit(errorReportAnswerSchema, (await owner.inject({ method: 'GET', url: ownerPath(OWNER_PATHS.errorReport, { id: String(id) }) })).json(), 'errorReport');
  });

  it('the answers of the saving calls', async () => {
    expectToFit(planAnswerSchema, (await owner.inject({ method: 'POST', url: OWNER_PATHS.plan, payload: { plan: 'business' } })).json(), 'plan');
    expectToFit(taxonomyAnswerSchema, (await owner.inject({ method: 'POST', url: OWNER_PATHS.taxonomy + '/category', payload: { name: 'Maps' } })).json(), 'taxonomy');
    const dataset = await owner.inject({ method: 'PUT', url: `${OWNER_PATHS.datasets}/sales`, payload: { name: 'Sales', columns: ['M', 'V'], rows: [['Jan', 3]] } });
    expectToFit(datasetSavedAnswerSchema, dataset.json(), 'dataset');
    const buttons = (await owner.inject({ method: 'GET', url: OWNER_PATHS.buttons })).json() as { buttons: Array<{ id: string }> };
    const saved = await owner.inject({ method: 'PUT', url: `/api/owner/blocks/${buttons.buttons[0]!.id}/button`, payload: { clickthroughUrl: '/contact', buttonText: 'Write to us', newWindow: false } });
    expectToFit(buttonAnswerSchema, saved.json(), 'button');
    const subscribers = await owner.inject({ method: 'GET', url: ownerPath(OWNER_PATHS.subscribers, { listId: 'newsletter' }) });
    expectToFit(subscribersAnswerSchema, subscribers.json(), 'subscribers');
    expect((subscribers.json() as SubscribersAnswer).subscribers).toHaveLength(2);
    expectToFit(removedAnswerSchema, (await owner.inject({ method: 'DELETE', url: ownerPath(OWNER_PATHS.subscriber, { email: 'bea@example.com' }) })).json(), 'unsubscribed');
    const { submissions } = (await owner.inject({ method: 'GET', url: OWNER_PATHS.submissions })).json() as SubmissionsAnswer;
    const removable = submissions.find((submission) => submission.values['message'] === 'Remove me');
    expectToFit(removedAnswerSchema, (await owner.inject({ method: 'DELETE', url: ownerPath(OWNER_PATHS.submission, { id: removable!.id }) })).json(), 'deleted');
  });

  it('an upload and its processing job', async () => {
    const png = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#336699' } }).png().toBuffer();
    const upload = await owner.inject({ method: 'PUT', url: `${OWNER_PATHS.files}/dot.png`, payload: png, headers: { 'content-type': 'application/octet-stream' } });
    expectToFit(uploadAnswerSchema, upload.json(), 'upload');
    const { jobId } = upload.json() as UploadAnswer;
    expect(jobId).toEqual(expect.any(String));
    expectToFit(jobAnswerSchema, (await owner.inject({ method: 'GET', url: `/api/owner/jobs/${jobId}` })).json(), 'job');
    const renamed = await owner.inject({ method: 'POST', url: `${OWNER_PATHS.files}/dot.png/rename`, payload: { to: 'Dot 2.png' } });
    expectToFit(fileRenamedAnswerSchema, renamed.json(), 'rename');
    expect((renamed.json() as FileRenamedAnswer).file.name).toBe('Dot-2.png');
  });
});
