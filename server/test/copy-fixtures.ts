/**
 * What both copy tests (copy-to-postgres, copy-to-sqlite) fill a site with, and what they check
 * of a server started on the copy.
 */
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { cookieHeader, OWNER, type TestServer, visitor } from './helper';

const UPLOADS: Array<[string, Buffer]> = [
  ['every-byte.pdf', Buffer.from(Array.from({ length: 512 }, (_, i) => i % 256))],
  ...['a', 'b', 'c', 'd', 'e'].map((letter): [string, Buffer] => [`notes-${letter}.txt`, Buffer.from(`notes ${letter}\u0000`)]),
];

export interface SignedInOwner {
  cookie: string;
  crumb: string;
}

/** A signed-in owner, two contact submissions, three page views, a landing from a campaign, a performance record, a cart and six uploads. */
export async function fillSite(app: FastifyInstance): Promise<SignedInOwner> {
  const owner = await visitor(app);
  expect((await owner.inject({ method: 'POST', url: '/api/auth/Login', payload: OWNER })).statusCode).toBe(200);
  const client = await visitor(app);
  const page = { url: 'http://127.0.0.1/contact', title: 'Contact', referrer: '' };
  for (const name of ['Ada', 'Grace']) {
    const key = (await client.inject({ method: 'POST', url: '/api/form/FormSubmissionKey' })).json().key as string;
    const saved = await client.inject({ method: 'POST', url: '/api/form/SaveFormSubmission', payload: { ...page, key, formId: 'contact', isOverlayForm: false, form: JSON.stringify({ name: [name, 'L'], email: `${name}@example.com`, message: 'Hello' }) } });
    expect(saved.statusCode).toBe(200);
  }
  const hits = ['/faq', '/gallery', '/faq'].map((url) => ({ event: 'pageView', data: JSON.stringify({ url, websiteId: 'w', referrer: 'https://ref.test/' }), ss_cvr: 'v1|1|1|1|1' }));
  expect((await client.inject({ method: 'POST', url: '/api/census/RecordHit', payload: hits })).statusCode).toBe(200);
  expect((await client.inject({ method: 'GET', url: `/api/track/Track?${new URLSearchParams({ landing: '/?utm_source=newsletter&utm_medium=email&utm_campaign=copied' })}` })).statusCode).toBe(200);
  const record = { app: 'site', event: 'pageSpeed', pageLoadId: 'load-1', timestamp: Date.now(), data: { pathname: '/faq', metrics: { lcp: 900, cls: 0.01 } } };
  expect((await client.inject({ method: 'POST', url: '/api/1/performance/records', payload: [record] })).statusCode).toBe(200);
  expect((await client.inject({ method: 'POST', url: '/api/commerce/cart/entries', payload: { productId: 'print-harbour', quantity: 2 } })).statusCode).toBe(200);
  // Uploads: more of them than a copy's batch of file contents, one with every byte value.
  for (const [name, bytes] of UPLOADS) {
    const put = await owner.inject({ method: 'PUT', url: `/api/owner/files/${name}`, payload: bytes, headers: { 'content-type': 'application/octet-stream' } });
    expect(put.statusCode).toBe(200);
  }
  return { cookie: cookieHeader(owner.jar), crumb: owner.crumb };
}

/**
 * A server on the copy carries on: the owner is still signed in and sees both submissions, the
 * next submission and page view are numbered after the copied ones, search finds the site's
 * pages without rebuilding, and every upload answers its bytes.
 */
export async function expectCopyCarriesOn(copy: TestServer, owner: SignedInOwner, hitsCopied: number): Promise<void> {
  const submissions = await copy.app.inject({ method: 'GET', url: `/api/owner/submissions?formId=contact&crumb=${encodeURIComponent(owner.crumb)}`, headers: { cookie: owner.cookie } });
  expect(submissions.statusCode).toBe(200);
  expect(JSON.stringify(submissions.json())).toContain('Grace@example.com');
  const ids = (await copy.app.storage.db.selectFrom('form_submissions').select('id').orderBy('id').execute()).map((row) => Number(row.id));
  const client = await visitor(copy.app);
  const key = (await client.inject({ method: 'POST', url: '/api/form/FormSubmissionKey' })).json().key as string;
  const saved = await client.inject({ method: 'POST', url: '/api/form/SaveFormSubmission', payload: { url: 'http://127.0.0.1/contact', title: 'Contact', referrer: '', key, formId: 'contact', isOverlayForm: false, form: JSON.stringify({ name: ['Hedy', 'L'], email: 'hedy@example.com', message: 'Hi' }) } });
  expect(saved.statusCode).toBe(200);
  const after = await copy.app.storage.db.selectFrom('form_submissions').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
  expect(Number(after.id)).toBe(Math.max(...ids) + 1);
  const hit = await copy.app.storage.db.insertInto('census_hits').values({ event: 'heartbeat', path: '/', data_json: '{}', created_at: 0 }).returning('id').executeTakeFirstOrThrow();
  expect(Number(hit.id)).toBe(hitsCopied + 1);
  const views = await copy.app.inject({ method: 'GET', url: `/api/owner/pageviews?crumb=${encodeURIComponent(owner.crumb)}`, headers: { cookie: owner.cookie } });
  expect(views.json().campaigns).toEqual([{ source: 'newsletter', channel: 'email', campaign: 'copied', landings: 1 }]);
  const search = await copy.app.inject({ method: 'GET', url: '/search?q=gallery' });
  expect(search.body).toContain('href="/gallery"');
  for (const [name, bytes] of UPLOADS) expect((await client.inject({ method: 'GET', url: `/s/${name}` })).rawPayload.equals(bytes), name).toBe(true);
}
