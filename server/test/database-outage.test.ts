/**
 * The database goes away under a running server (a PostgreSQL restart or failover, a dropped
 * database, a full disk): the process stays up, visitors get a page that says to try again (503
 * with Retry-After, never a 500 or a JSON line in the browser), the log says what happened, and
 * the pool reconnects by itself once the database is back.
 */
import { mkdtempSync, openSync, rmSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { BRIEFLY_UNAVAILABLE } from '../src/plugins/errors';
import { sqliteFile } from '../src/storage/open';
import { isDamagedDatabase, isDatabaseUnavailable } from '../src/storage/unavailable';
import { OWNER, TEST_ENGINE, serversClosedAfterAll, startTestServer, visitor } from './helper';

/** A server whose log lines land in `lines`, closed at the end. */
const { startLogged: loggedServer } = serversClosedAfterAll();

const asPage = { accept: 'text/html,application/xhtml+xml' };

/** Runs SQL on this server's database from a connection of its own (as an operator would). */
async function asOperator(databaseUrl: string, query: (client: pg.Client, database: string) => Promise<unknown>) {
  const url = new URL(databaseUrl);
  const database = url.pathname.slice(1);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.href });
  await client.connect();
  try {
    await query(client, database);
  } finally {
    await client.end();
  }
}

describe('a database that cannot be reached', () => {
  it('is told apart from a query that was wrong', async () => {
    // A real refusal from pg: nothing listens on port 1.
    const refused = await new pg.Client({ connectionString: 'postgres://tessera@127.0.0.1:1/none', connectionTimeoutMillis: 5000 }).connect().catch((error: unknown) => error);
    expect(isDatabaseUnavailable(refused)).toBe(true);
    for (const error of [
      { code: '57P01', message: 'terminating connection due to administrator command' },
      { code: '08006', message: 'connection failure' },
      { code: '3D000', message: 'database "site" does not exist' },
      { code: '28P01', message: 'password authentication failed for user "site"' },
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      { code: 'SQLITE_FULL', message: 'database or disk is full' },
      { code: 'SQLITE_IOERR_WRITE', message: 'disk I/O error' },
      { code: 'SQLITE_BUSY', message: 'database is locked' },
      { code: '53100', message: 'could not extend file: No space left on device' },
    ]) {
      expect(isDatabaseUnavailable(error), JSON.stringify(error) + String(error)).toBe(true);
    }
    for (const error of [{ code: '42601', message: 'syntax error' }, { code: '23505', message: 'duplicate key' }, { code: 'SQLITE_CONSTRAINT_UNIQUE' }, new Error('boom'), null, 'ECONNREFUSED']) {
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
    // A damaged file is no outage: waiting does not mend it.
    for (const code of ['SQLITE_CORRUPT', 'SQLITE_CORRUPT_INDEX', 'SQLITE_NOTADB']) {
      expect([isDatabaseUnavailable({ code }), isDamagedDatabase({ code })]).toEqual([false, true]);
    }
    expect(isDamagedDatabase({ code: 'SQLITE_FULL' })).toBe(false);
  });
});

describe('a damaged SQLite file under a running server', () => {
  it('answers 500 (a page for a browser, JSON for a call) and the log says to restore a backup', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-damaged-'));
    try {
      const first = await startTestServer({ dataDir, databaseUrl: null });
      first.app.storage.sqlite!.pragma('wal_checkpoint(TRUNCATE)');
      await first.close();
      // Overwrite the pages of the table every site page reads (the owner's block edits).
      const reader = new Database(sqliteFile(dataDir), { readonly: true });
      const pages = (reader.prepare("SELECT pageno FROM dbstat WHERE name = 'block_overrides'").all() as Array<{ pageno: number }>).map((row) => row.pageno);
      const pageSize = reader.pragma('page_size', { simple: true }) as number;
      reader.close();
      const file = openSync(sqliteFile(dataDir), 'r+');
      for (const page of pages) writeSync(file, Buffer.alloc(pageSize, 0x5a), 0, pageSize, (page - 1) * pageSize);
      closeSync(file);

      const { server, lines } = await loggedServer({ dataDir, databaseUrl: null });
      expect((await server.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      const page = await server.app.inject({ method: 'GET', url: '/faq', headers: asPage });
      expect([page.statusCode, page.headers['retry-after'], page.headers['content-type']]).toEqual([500, undefined, 'text/html; charset=utf-8']);
      expect(page.body).toContain(
        `<h1>Server error</h1><p>This page could not be shown because of an error on the server. Please try again later.</p><p>If it keeps happening, tell the site’s owner this reference: <code>${String(page.headers['x-request-id'])}</code></p>`,
      );
      const call = await server.app.inject({ method: 'GET', url: '/faq', headers: { accept: 'application/json' } });
      expect([call.statusCode, call.json()]).toEqual([500, { error: 'Internal server error.' }]);
      const logged = lines.filter((line) => line.msg === 'The database file is damaged: answered 500. Stop the server and restore a backup (docs/deployment.md, "Backups").');
      expect(logged).toHaveLength(2);
      expect(logged[0]).toMatchObject({ level: 50, code: expect.stringMatching(/^SQLITE_(CORRUPT|NOTADB)/), reqId: page.headers['x-request-id'] });
      // Monitoring sees it: not ready from then on, though the file still answers SELECT 1.
      const ready = await server.app.inject({ method: 'GET', url: '/readyz' });
      expect([ready.statusCode, ready.json()]).toEqual([503, { status: 'not ready', reason: `the database file is damaged (${String(logged[0]!.code)}): stop the server and restore a backup` }]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('a full disk under a running SQLite server', () => {
  it('answers 503 with Retry-After and the log says the disk is full and where; pages are still served', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-full-'));
    try {
      const { server, lines } = await loggedServer({ dataDir, databaseUrl: null });
      const client = await visitor(server.app);
      const owner = await visitor(server.app);
      expect((await owner.inject({ method: 'POST', url: '/api/auth/Login', payload: OWNER })).statusCode).toBe(200);
      // The file may not grow by a page: SQLite's own SQLITE_FULL, as on a disk with no space left.
      const sqlite = server.app.storage.sqlite!;
      sqlite.pragma(`max_page_count = ${sqlite.pragma('page_count', { simple: true }) as number}`);
      const hits = Array.from({ length: 100 }, (_, i) => ({ event: 'pageView', data: JSON.stringify({ url: `/full-${i}-${'x'.repeat(1000)}` }), ss_cvr: 'r1|1|1|1|1' }));
      const sent = await client.inject({ method: 'POST', url: '/api/census/RecordHit', payload: hits });
      // SQLite had rolled the transaction back itself: the rollback after it once hid the cause behind a 500.
      expect([sent.statusCode, sent.headers['retry-after'], sent.json()]).toEqual([503, '30', { error: BRIEFLY_UNAVAILABLE }]);
      expect(lines.filter((line) => line.level === 50).map((line) => [line.code, line.msg])).toEqual([
        ['SQLITE_FULL', `The database's disk is full: answered 503. Pages are still served, but nothing visitors or the owner send is stored until space is freed on the disk that holds DATA_DIR (${dataDir}).`],
      ]);
      expect((await server.app.inject({ method: 'GET', url: '/faq', headers: asPage })).statusCode).toBe(200);
      // An upload is a database write too: 503, and neither its bytes nor its name are kept.
      const upload = await owner.inject({ method: 'PUT', url: '/api/owner/files/big.pdf', payload: Buffer.alloc(200_000, 7), headers: { 'content-type': 'application/octet-stream' } });
      expect([upload.statusCode, upload.headers['retry-after']]).toEqual([503, '30']);
      expect(await server.app.storage.db.selectFrom('files').select('name').where('name', '=', 'big.pdf').execute()).toEqual([]);
      expect(await server.app.storage.db.selectFrom('file_contents').select('key').execute()).toEqual([]);
      // Space again: the same hits are stored.
      sqlite.pragma('max_page_count = 1073741823');
      expect((await client.inject({ method: 'POST', url: '/api/census/RecordHit', payload: hits })).statusCode).toBe(200);
      // A disk without space (not a page limit) makes SQLite roll back the whole transaction by
      // itself; the rollback after it failed ("no transaction is active") and hid the cause: a 500.
      const full = Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
      const outcome = server.app.storage.db.transaction().execute(async () => {
        sqlite.exec('ROLLBACK');
        throw full;
      });
      await expect(outcome).rejects.toBe(full);
      expect(sqlite.inTransaction).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.runIf(TEST_ENGINE === 'postgres')('PostgreSQL going away under a running server', () => {
  it('a restart ends its idle connections: the server stays up, says so in the log, and the next request gets new ones', async () => {
    const { server, lines } = await loggedServer();
    // Several idle connections in the pool.
    await Promise.all(['/', '/faq', '/gallery'].map((url) => server.app.inject({ method: 'GET', url, headers: asPage })));
    await asOperator(server.config.databaseUrl!, (client, database) => client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [database]));
    await expect.poll(() => lines.some((line) => line.level === 40 && String(line.msg).startsWith('A database connection broke while idle'))).toBe(true);
    const page = await server.app.inject({ method: 'GET', url: '/faq', headers: asPage });
    expect(page.statusCode).toBe(200);
    expect((await server.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('a lock another session holds and does not let go (an instance frozen mid-request): what waits for it answers 503 after the lock timeout, the rest of the site answers, and it goes through once the lock is free', async () => {
    const { server, lines } = await loggedServer({ databaseLockTimeoutMs: 300 });
    const client = await visitor(server.app);
    const record = (id: string) => [{ app: 'site', event: 'pageSpeed', pageLoadId: id, timestamp: Date.now(), data: { pathname: '/faq', metrics: { lcp: 900 } } }];
    const frozen = new pg.Client({ connectionString: server.config.databaseUrl! });
    await frozen.connect();
    try {
      // The lock every flush with performance records takes (ingest/performance-rollups.ts).
      await frozen.query('BEGIN');
      await frozen.query("SELECT pg_advisory_xact_lock(hashtext('performance_records'))");
      const started = Date.now();
      const waited = await client.inject({ method: 'POST', url: '/api/1/performance/records', payload: record('held') });
      expect([waited.statusCode, waited.headers['retry-after'], waited.json()]).toEqual([503, '30', { error: BRIEFLY_UNAVAILABLE }]);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(lines.find((line) => line.msg === 'The database is unavailable: answered 503 (see /readyz).')).toMatchObject({ level: 50, code: '55P03' });
      expect((await server.app.inject({ method: 'GET', url: '/faq', headers: asPage })).statusCode).toBe(200);
      await frozen.query('COMMIT');
      expect((await client.inject({ method: 'POST', url: '/api/1/performance/records', payload: record('freed') })).statusCode).toBeLessThan(300);
    } finally {
      await frozen.end();
    }
  });

  it('while the database is gone: pages say to try again, API calls answer 503 JSON, with Retry-After; readyz says why', async () => {
    const { server, lines } = await loggedServer({ outageLogWindowMs: 1_000 });
    const client = await visitor(server.app);
    expect((await server.app.inject({ method: 'GET', url: '/faq', headers: asPage })).statusCode).toBe(200);
    await asOperator(server.config.databaseUrl!, (client, database) => client.query(`DROP DATABASE ${database} WITH (FORCE)`));

    const page = await server.app.inject({ method: 'GET', url: '/faq', headers: asPage });
    expect(page.statusCode).toBe(503);
    expect(page.headers['retry-after']).toBe('30');
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain(`<h1>Briefly unavailable</h1><p>${BRIEFLY_UNAVAILABLE}</p>`);

    const call = await client.inject({ method: 'POST', url: '/api/commerce/cart/entries', payload: { productId: 'print-harbour', quantity: 1 } });
    expect([call.statusCode, call.headers['retry-after'], call.json()]).toEqual([503, '30', { error: BRIEFLY_UNAVAILABLE }]);
    const ready = await server.app.inject({ method: 'GET', url: '/readyz' });
    expect([ready.statusCode, ready.json()]).toEqual([503, { status: 'not ready', reason: 'the database does not answer' }]);
    // The first refused request is logged with the database's own words and no stack to wade
    // through; the rest of the window are counted in one line when it ends.
    const message = 'The database is unavailable: answered 503 (see /readyz).';
    const logged = lines.filter((line) => line.msg === message);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 50, code: '3D000', reqId: page.headers['x-request-id'] });
    expect(String(logged[0]!.reason)).toContain('does not exist');
    await expect.poll(() => lines.find((line) => line.msg === `1 more request since: ${message}`), { timeout: 5_000 }).toMatchObject({ level: 50, count: 1, codes: ['3D000'] });
    // The next window starts with a whole line again.
    expect((await server.app.inject({ method: 'GET', url: '/faq', headers: asPage })).statusCode).toBe(503);
    expect(lines.filter((line) => line.msg === message)).toHaveLength(2);
  });

  it("the image worker says once that it cannot claim jobs, not at each try, and once that it can again", async () => {
    const retryMs = 200;
    const { server, lines } = await loggedServer({ imageWorkerRetryMs: retryMs });
    const database = new URL(server.config.databaseUrl!).pathname.slice(1);
    const imageJobLines = () => lines.filter((line) => /image job/i.test(line.msg));
    await asOperator(server.config.databaseUrl!, async (client) => {
      await client.query(`ALTER DATABASE ${database} WITH ALLOW_CONNECTIONS false`);
      await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [database]);
    });
    // The idle worker looks within 2 s and fails; then it tries again every retryMs.
    await expect.poll(() => imageJobLines().length, { timeout: 5_000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, retryMs * 8));
    expect(imageJobLines().map((line) => [line.level, line.msg])).toEqual([[50, `Image jobs: claiming a job failed; the worker tries again every ${retryMs / 1000} s and says nothing more until it works.`]]);
    await asOperator(server.config.databaseUrl!, (client) => client.query(`ALTER DATABASE ${database} WITH ALLOW_CONNECTIONS true`));
    await expect.poll(() => imageJobLines().map((line) => line.level), { timeout: 5_000 }).toEqual([50, 30]);
    expect(imageJobLines()[1]!.msg).toBe('Image jobs: the database answers again; the worker goes on.');
  });
});
