/**
 * A subscriber leaves: every address the owner exports has its unsubscribe link, which opens a
 * page that asks (opening it changes nothing) and whose button takes the address off every
 * list; mail programs' one-click post (RFC 8058) does the same. A used, made-up or hostile
 * token gets the page that says so, never an error. Rows from before the links get theirs
 * when the server migrates.
 */
import Database from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER_PATHS, ownerPath } from '../../contract/api/owner-paths';
import { migrationProvider } from '../src/migrations/index';
import { MIGRATION_TABLE, openStorage, sqliteFile } from '../src/storage/open';
import { freshPlace } from './engines';
import { OWNER, rows, startTestServer, TEST_ENGINE, type TestServer, visitor } from './helper';

let server: TestServer;
let owner: Awaited<ReturnType<typeof visitor>>;

async function signUp(email: string): Promise<void> {
  const client = await visitor(server.app);
  const key = (await client.inject({ method: 'POST', url: '/api/form/FormSubmissionKey' })).json().key as string;
  const page = { url: 'http://127.0.0.1/', title: 'Home', referrer: '' };
  const saved = await client.inject({ method: 'POST', url: '/api/form/SaveFormSubmission', payload: { ...page, key, formId: 'newsletter', isOverlayForm: false, form: JSON.stringify({ 'newsletter-email': email }) } });
  expect(saved.statusCode).toBe(200);
}

/** The address's unsubscribe link, as the owner's export gives it. */
async function linkOf(email: string): Promise<string> {
  const { subscribers } = (await owner.inject({ method: 'GET', url: `${ownerPath(OWNER_PATHS.subscribers, { listId: 'newsletter' })}?limit=500` })).json() as { subscribers: Array<{ email: string; unsubscribePath: string }> };
  return subscribers.find((subscriber) => subscriber.email === email)!.unsubscribePath;
}

const listsOf = async (email: string) => (await rows<{ list_id: string }>(server, 'SELECT list_id FROM newsletter_subscribers WHERE lower(email) = lower(?) ORDER BY list_id', email)).map((row) => row.list_id);
const form = (body: string) => ({ payload: body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });

beforeAll(async () => {
  server = await startTestServer();
  owner = await visitor(server.app);
  expect((await owner.inject({ method: 'POST', url: '/api/auth/Login', payload: OWNER })).statusCode).toBe(200);
});
afterAll(async () => server.close());

describe('a newsletter unsubscribe link', () => {
  it('is in the owner’s list of subscribers, names no address, and opening it asks first', async () => {
    await signUp('leaver@example.com');
    await server.app.storage.db.insertInto('newsletter_subscribers').values({ list_id: 'studio-news', email: 'Leaver@Example.com', created_at: 1, unsubscribe_token: 'b'.repeat(32) }).execute();
    const link = await linkOf('leaver@example.com');
    expect(link).toMatch(/^\/newsletter\/unsubscribe\?token=[0-9a-f]{32}$/);
    const page = await server.app.inject({ method: 'GET', url: link });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toContain('no-store');
    expect(page.body).toContain('<title>Unsubscribe');
    expect(page.body).toContain('"pageType":300');
    expect(page.body).toContain('<p>Send no more of this site’s newsletters to leaver@example.com?</p>');
    expect(page.body).toMatch(/<form class="unsubscribe-form" method="post" action="\/newsletter\/unsubscribe">[\s\S]*<input type="hidden" name="token" value="[0-9a-f]{32}">[\s\S]*<button type="submit">Unsubscribe<\/button>/);
    expect(await listsOf('leaver@example.com')).toEqual(['newsletter', 'studio-news']);
  });

  it('takes the address off every list with the page’s button, once', async () => {
    await signUp('button@example.com');
    await server.app.storage.db.insertInto('newsletter_subscribers').values({ list_id: 'studio-news', email: 'BUTTON@example.com', created_at: 1, unsubscribe_token: 'c'.repeat(32) }).execute();
    const token = new URL(await linkOf('button@example.com'), 'http://site').searchParams.get('token')!;
    const done = await server.app.inject({ method: 'POST', url: '/newsletter/unsubscribe', ...form(`token=${token}`) });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('<p role="status">button@example.com is unsubscribed: this site sends it no more newsletters.</p>');
    expect(await listsOf('button@example.com')).toEqual([]);
    for (const again of [
      await server.app.inject({ method: 'POST', url: '/newsletter/unsubscribe', ...form(`token=${token}`) }),
      await server.app.inject({ method: 'GET', url: `/newsletter/unsubscribe?token=${token}` }),
    ]) {
      expect(again.statusCode).toBe(404);
      expect(again.body).toContain('This link is for no address on this site’s lists: it may have been used already. If newsletters still come, write to the site’s owner.');
    }
  });

  it('takes the address off with a mail program’s one-click post to the link (RFC 8058), form-encoded or multipart', async () => {
    await signUp('one-click@example.com');
    await signUp('multipart@example.com');
    const encoded = await server.app.inject({ method: 'POST', url: await linkOf('one-click@example.com'), ...form('List-Unsubscribe=One-Click') });
    expect(encoded.statusCode).toBe(200);
    expect(await listsOf('one-click@example.com')).toEqual([]);
    const boundary = 'tessera-boundary';
    const multipart = await server.app.inject({
      method: 'POST',
      url: await linkOf('multipart@example.com'),
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(multipart.statusCode).toBe(200);
    expect(await listsOf('multipart@example.com')).toEqual([]);
  });

  it('answers a made-up, missing, odd or hostile token with the page that says so, and removes nothing', async () => {
    await signUp('stays@example.com');
    const hostile = encodeURIComponent('"><script>alert(1)</script>');
    for (const request of [
      { method: 'GET' as const, url: '/newsletter/unsubscribe' },
      { method: 'GET' as const, url: `/newsletter/unsubscribe?token=${'0'.repeat(32)}` },
      { method: 'GET' as const, url: `/newsletter/unsubscribe?token=${hostile}` },
      { method: 'GET' as const, url: '/newsletter/unsubscribe?token=a&token=b' },
      { method: 'GET' as const, url: `/newsletter/unsubscribe?token=${'f'.repeat(100_000)}` },
      { method: 'POST' as const, url: '/newsletter/unsubscribe', ...form(`token=${hostile}`) },
      { method: 'POST' as const, url: '/newsletter/unsubscribe', payload: { token: ['x'] } },
    ]) {
      const answer = await server.app.inject(request);
      expect({ url: request.url, status: answer.statusCode }).toEqual({ url: request.url, status: 404 });
      expect(answer.body).toContain('This link is for no address on this site’s lists');
      expect(answer.body).not.toContain('<script>alert(1)');
    }
    expect(await listsOf('stays@example.com')).toEqual(['newsletter']);
  });
});

describe('migration 008', () => {
  it('gives the rows stored before it a token each', async () => {
    const place = await freshPlace(TEST_ENGINE);
    const db =
      place.databaseUrl === null
        ? new Kysely<any>({ dialect: new SqliteDialect({ database: new Database(sqliteFile(place.dataDir)) }) })
        : new Kysely<any>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: place.databaseUrl }) }) });
    try {
      expect((await new Migrator({ db, provider: migrationProvider(TEST_ENGINE), migrationTableName: MIGRATION_TABLE }).migrateTo('007-performance-rollups')).error).toBeUndefined();
      await db.insertInto('newsletter_subscribers').values([{ list_id: 'a', email: 'one@example.com', created_at: 1 }, { list_id: 'b', email: 'one@example.com', created_at: 2 }]).execute();
    } finally {
      await db.destroy();
    }
    const storage = await openStorage({ dataDir: place.dataDir, databaseUrl: place.databaseUrl });
    try {
      const tokens = (await storage.db.selectFrom('newsletter_subscribers').select('unsubscribe_token').execute()).map((row) => row.unsubscribe_token);
      expect(tokens).toEqual([expect.stringMatching(/^[0-9a-f]{32}$/), expect.stringMatching(/^[0-9a-f]{32}$/)]);
      expect(new Set(tokens).size).toBe(2);
    } finally {
      await storage.close();
      place.remove();
    }
  });
});
