/**
 * Through a pooler in transaction mode (PgBouncer, as managed databases run their poolers),
 * where statements outside a transaction may run on different server connections and startup
 * parameters it does not know are refused: instances start at once and migrate in turn, and
 * what takes locks (a form's single-use key, sign-in limits, an upload) works.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MIGRATION_NAMES } from '../src/migrations/index';
// @ts-expect-error: a plain ES module of the scripts folder, without declarations
import { startPgbouncer } from '../../scripts/pgbouncer.mjs';
import { OWNER, startTestServer, visitor, type TestServer } from './helper';

let bouncer: { databaseUrl(name: string): string; log(): string; stop(): void };
const started: TestServer[] = [];

beforeAll(async () => {
  // Two server connections for every client: consecutive statements may land on either.
  bouncer = await startPgbouncer(inject('postgresUrl'), { poolMode: 'transaction', poolSize: 2 });
});
afterAll(async () => {
  for (const server of started) await server.close().catch(() => undefined);
  bouncer?.stop();
});

async function freshDatabase(): Promise<string> {
  const name = `bounced_${Date.now()}`;
  const admin = new pg.Client({ connectionString: inject('postgresUrl') });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return bouncer.databaseUrl(name);
}

describe('through PgBouncer in transaction mode', () => {
  it('two instances start at once on a new database, migrate once, and both serve the site', async () => {
    const databaseUrl = await freshDatabase();
    const servers = await Promise.all([0, 1].map(() => startTestServer({ databaseUrl })));
    started.push(...servers);
    for (const server of servers) {
      const ready = await server.app.inject({ method: 'GET', url: '/readyz' });
      expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ready', schema: MIGRATION_NAMES.length, engine: 'postgres' }]);
    }
    const [first, second] = servers as [TestServer, TestServer];
    const migrations = (await first.app.storage.db.selectFrom('kysely_migration' as never).select('name' as never).execute()) as Array<{ name: string }>;
    expect(migrations.map((row) => row.name).sort()).toEqual(MIGRATION_NAMES);

    // A submission on one instance (its key taken in a locked transaction) is in the owner's list on the other.
    const client = await visitor(first.app);
    const key = (await client.inject({ method: 'POST', url: '/api/form/FormSubmissionKey' })).json().key as string;
    const form = { url: 'http://127.0.0.1/contact', title: 'Contact', referrer: '', key, formId: 'contact', isOverlayForm: false, form: JSON.stringify({ name: ['Ada', 'L'], email: 'ada@example.com', message: 'through the pooler' }) };
    expect((await client.inject({ method: 'POST', url: '/api/form/SaveFormSubmission', payload: form })).statusCode).toBe(200);
    expect((await client.inject({ method: 'POST', url: '/api/form/SaveFormSubmission', payload: form })).statusCode).not.toBe(200);
    const owner = await visitor(second.app);
    expect((await owner.inject({ method: 'POST', url: '/api/auth/Login', payload: OWNER })).statusCode).toBe(200);
    const list = await owner.inject({ method: 'GET', url: '/api/owner/submissions?formId=contact' });
    expect(list.statusCode).toBe(200);
    expect(JSON.stringify(list.json())).toContain('through the pooler');
    const upload = await owner.inject({ method: 'PUT', url: '/api/owner/files/notes.txt', payload: Buffer.from('pooled'), headers: { 'content-type': 'application/octet-stream' } });
    expect(upload.statusCode).toBe(200);
    const file = await first.app.inject({ method: 'GET', url: '/s/notes.txt' });
    expect([file.statusCode, file.body]).toEqual([200, 'pooled']);
    expect(bouncer.log()).not.toMatch(/unsupported startup parameter/);
    // Nothing of the starts is left holding a lock (a session's lock, taken on one server connection and released on another, would be).
    const direct = new pg.Client({ connectionString: inject('postgresUrl') });
    await direct.connect();
    const held = await direct.query("SELECT count(*)::int AS n FROM pg_locks l JOIN pg_database d ON d.oid = l.database WHERE l.locktype = 'advisory' AND d.datname = $1", [new URL(databaseUrl).pathname.slice(1)]);
    await direct.end();
    expect(held.rows[0].n).toBe(0);
  });

});
