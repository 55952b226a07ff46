/**
 * What an owner of a real site does with what visitors sent: take every submission and every
 * subscriber out (the app pages through them for its CSV), delete a spam submission, take an
 * address off every list when its owner asks (GDPR erasure, an unsubscribe by e-mail). Only
 * the site owner may; a row that is not there is a 404 with words, not a silent success.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER_PATHS, ownerPath } from '../../contract/api/owner-paths';
import { countRows, OWNER, rows, startTestServer, type TestServer, VIEWER, visitor } from './helper';

let server: TestServer;
let owner: Awaited<ReturnType<typeof visitor>>;

beforeAll(async () => {
  server = await startTestServer();
  owner = await visitor(server.app);
  expect((await owner.inject({ method: 'POST', url: '/api/auth/Login', payload: OWNER })).statusCode).toBe(200);
  await server.app.storage.db.insertInto('mailing_lists').values({ id: 'studio-news', name: 'Studio news' }).onConflict((c) => c.doNothing()).execute();
  // 1,203 submissions, more than one page; subscribers on a declared list and on a form's own.
  const submissions = Array.from({ length: 1_203 }, (_, n) => ({ form_id: n % 2 ? 'contact' : 'other', collection_id: null, values_json: JSON.stringify({ n }), page_url: '/contact', visitor: null, is_overlay_form: 0, created_at: n }));
  for (let start = 0; start < submissions.length; start += 400) await server.app.storage.db.insertInto('form_submissions').values(submissions.slice(start, start + 400)).execute();
  const subscribers = Array.from({ length: 1_050 }, (_, n) => ({ list_id: 'studio-news', email: `reader${String(n).padStart(4, '0')}@example.com`, created_at: n }));
  for (let start = 0; start < subscribers.length; start += 400) await server.app.storage.db.insertInto('newsletter_subscribers').values(subscribers.slice(start, start + 400)).execute();
  await server.app.storage.db.insertInto('newsletter_subscribers').values([
    { list_id: 'newsletter', email: 'Ada@Example.com', created_at: 1 },
    { list_id: 'studio-news', email: 'ada@example.com', created_at: 2 },
  ]).execute();
});
afterAll(async () => server.close());

describe('form submissions', () => {
  it('come a page at a time, newest first, until none is left', async () => {
    const seen: number[] = [];
    for (let before: number | undefined; ; ) {
      const page = await owner.inject({ method: 'GET', url: `${OWNER_PATHS.submissions}?formId=contact&limit=500${before ? `&before=${before}` : ''}` });
      expect(page.statusCode).toBe(200);
      const { submissions } = page.json() as { submissions: Array<{ id: number; values: { n: number } }> };
      seen.push(...submissions.map((submission) => submission.values.n));
      if (submissions.length < 500) break;
      before = submissions[submissions.length - 1]!.id;
    }
    expect(seen).toHaveLength(601);
    expect(seen[0]).toBe(1_201);
    expect(seen.at(-1)).toBe(1);
    expect(new Set(seen).size).toBe(601);
  });

  it('one is deleted by the owner, once; a viewer may not', async () => {
    const [row] = await rows<{ id: number }>(server, "SELECT id FROM form_submissions WHERE form_id = 'other' ORDER BY id LIMIT 1");
    const path = ownerPath(OWNER_PATHS.submission, { id: Number(row!.id) });
    const viewer = await visitor(server.app);
    expect((await viewer.inject({ method: 'POST', url: '/api/auth/Login', payload: VIEWER })).statusCode).toBe(200);
    expect((await viewer.inject({ method: 'DELETE', url: path })).statusCode).toBe(403);
    const before = await countRows(server, 'form_submissions');
    const deleted = await owner.inject({ method: 'DELETE', url: path });
    expect([deleted.statusCode, deleted.json()]).toEqual([200, { removed: 1 }]);
    expect(await countRows(server, 'form_submissions')).toBe(before - 1);
    const again = await owner.inject({ method: 'DELETE', url: path });
    expect([again.statusCode, again.json()]).toEqual([404, { error: 'This submission is not there: it may have been deleted already.' }]);
    // 1e309 is a number to JSON Schema (Infinity), and no id PostgreSQL can compare: found by the fuzzing.
    for (const id of ['not-a-number', '1e309', '9007199254740992']) expect((await owner.inject({ method: 'DELETE', url: `${OWNER_PATHS.submissions}/${id}` })).statusCode, id).toBe(400);
    expect((await owner.inject({ method: 'GET', url: `${OWNER_PATHS.submissions}?before=1e309` })).statusCode).toBe(400);
  });
});

describe('newsletter subscribers', () => {
  it('are listed by list, with the name site.json gives it, a newsletter form’s own sign-ups included', async () => {
    const lists = await owner.inject({ method: 'GET', url: OWNER_PATHS.subscriberLists });
    expect(lists.json()).toEqual({
      lists: [
        { listId: 'newsletter', name: null, subscribers: 1 },
        { listId: 'studio-news', name: 'Studio news', subscribers: 1_051 },
      ],
    });
  });

  it('of a list come a page at a time in address order, until none is left', async () => {
    const seen: string[] = [];
    let pages = 0;
    for (let after = ''; ; pages++) {
      const page = await owner.inject({ method: 'GET', url: `${ownerPath(OWNER_PATHS.subscribers, { listId: 'studio-news' })}?limit=500&after=${encodeURIComponent(after)}` });
      expect(page.statusCode).toBe(200);
      const { subscribers, next } = page.json() as { subscribers: Array<{ email: string; createdAt: string }>; next: string | null };
      seen.push(...subscribers.map((subscriber) => subscriber.email));
      if (!next) break;
      after = next;
    }
    expect(pages).toBe(2);
    expect(seen).toHaveLength(1_051);
    expect(seen).toEqual([...seen].sort());
    const unknown = await owner.inject({ method: 'GET', url: ownerPath(OWNER_PATHS.subscribers, { listId: 'no-such-list' }) });
    expect(unknown.json()).toEqual({ subscribers: [], next: null });
  });

  it('an address comes off every list, whatever its case, once', async () => {
    await server.app.storage.db.insertInto('newsletter_subscribers').values([
      { list_id: 'newsletter', email: 'Cy@Example.com', created_at: 3 },
      { list_id: 'studio-news', email: 'cy@example.com', created_at: 4 },
    ]).execute();
    const before = await countRows(server, 'newsletter_subscribers');
    const removed = await owner.inject({ method: 'DELETE', url: ownerPath(OWNER_PATHS.subscriber, { email: 'CY@example.COM' }) });
    expect([removed.statusCode, removed.json()]).toEqual([200, { removed: 2 }]);
    expect(await rows(server, "SELECT list_id FROM newsletter_subscribers WHERE lower(email) = 'cy@example.com'")).toEqual([]);
    const again = await owner.inject({ method: 'DELETE', url: ownerPath(OWNER_PATHS.subscriber, { email: 'cy@example.com' }) });
    expect([again.statusCode, again.json()]).toEqual([404, { error: 'This address is on no list.' }]);
    expect(await countRows(server, 'newsletter_subscribers')).toBe(before - 2);
  });
});
