/**
 * Running the server for a real site (issue 40 §1, §5): settings checked at start with one
 * line per bad value, health and readiness, 5xx logged with their stack, proxies believed only
 * when told, a database from a newer server refused, backups. The site folder: site-folder.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { backup } from '../src/backup';
import { ConfigError, effectiveSettings, listeningUrl, loadConfig, parseTrustProxy, passedSocket } from '../src/config';
import { MIGRATION_NAMES } from '../src/migrations/index';
import { MIGRATION_TABLE, NewerSchemaError, openStorage } from '../src/storage/open';
import { UNTRUSTED_PROXY_HINT } from '../src/plugins/proxy-hint';
// @ts-expect-error: a plain ES module of the scripts folder, without declarations
import { postgresBin } from '../../scripts/ensure-postgres.mjs';
import { freshPostgresDatabase } from './engines';
import { OWNER, TEST_ENGINE, UUID, cookieJar, serversClosedAfterAll, visitor } from './helper';

const root = path.resolve(__dirname, '..', '..');
/** Test servers (with their log lines, `startLogged`) closed at the end. */
const { start, startLogged } = serversClosedAfterAll();

describe('settings', () => {
  it('name every bad value, each on its own line, and start from none of them', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', FORM_RATE_LIMIT: '0', OWNER_EMAIL: 'owner', SITE_ENV: 'production', TRUST_PROXY: 'the proxy', SITE_ORIGINS: 'example.com', SHUTDOWN_GRACE_SECONDS: '-1' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.sort()).toEqual(
      [
        'PORT must be a whole number from 0 to 65535, not "eighty"',
        'FORM_RATE_LIMIT must be a whole number of at least 1, not "0"',
        'SHUTDOWN_GRACE_SECONDS must be a whole number of seconds from 0 to 3600, not "-1"',
        'OWNER_EMAIL must be an e-mail address, not "owner"',
        'SITE_ENV must be dev, qa, staging or prod, not "production"',
        'SITE_ORIGINS must list http(s) origins (scheme, host and port, no path), not "example.com"',
        'TRUST_PROXY must be false, true, a number of proxies, or proxy addresses (CIDR allowed), not "the proxy"',
      ].sort(),
    );
  });

  it('never quote a password, and say how to write one a URL cannot hold as it is', () => {
    const problems = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig(env);
      } catch (caught) {
        return (caught as ConfigError).problems;
      }
      return [];
    };
    expect(problems({ OWNER_PASSWORD: 'hunter2' })).toEqual(['OWNER_PASSWORD must be at least 8 characters, not the 7 characters given']);
    expect(problems({ DATABASE_URL: 'mysql://site:s3cret@db.internal/site' })).toEqual(['DATABASE_URL must be a postgres:// URL, not "mysql://site:***@db.internal/site"']);
    const hashed = problems({ DATABASE_URL: 'postgres://site:pa#ss/w?rd@db.internal:5432/site' });
    expect(hashed).toEqual([
      'DATABASE_URL must be a URL such as postgres://user:password@host:5432/database, and does not read as one: write a #, /, ? or % in the user name or password as %23, %2F, %3F or %25',
    ]);
    expect(JSON.stringify(hashed)).not.toContain('pa#ss');
    // Written as the message says, it reads, and the driver gets the password back.
    const config = loadConfig({ DATABASE_URL: `postgres://site:${encodeURIComponent('pa#ss/w?rd')}@db.internal:5432/site` });
    expect(decodeURIComponent(new URL(config.databaseUrl!).password)).toBe('pa#ss/w?rd');
  });

  it('read numbers, folders and the proxy setting; an empty variable is unset', () => {
    expect(loadConfig({ FORM_RATE_LIMIT: '1000000000' }).formRateLimit).toBe(1_000_000_000);
    const config = loadConfig({ PORT: '0', FORM_KEY_RATE_LIMIT: '7', SITE_DIR: 'my-site', DATA_DIR: '', TRUST_PROXY: '1', LOG_REQUESTS: '1' });
    expect(config).toMatchObject({ port: 0, formKeyRateLimit: 7, siteDir: path.resolve('my-site'), trustProxy: 1, logRequests: true });
    expect(config.dataDir).toBe(path.join(root, 'data'));
    expect(loadConfig({}).siteDir).toBe(path.join(root, 'examples'));
    expect([loadConfig({}).databasePoolSize, loadConfig({ DATABASE_POOL_SIZE: '4' }).databasePoolSize]).toEqual([10, 4]);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow('DATABASE_POOL_SIZE must be a whole number from 1 to 1000, not "0"');
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8, ::1')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(ConfigError);
  });

  it('print where the server listens as an address a browser opens, IPv6 in brackets', () => {
    expect(listeningUrl('127.0.0.1', 8080)).toBe('http://127.0.0.1:8080');
    expect(listeningUrl('::', 8080)).toBe('http://[::]:8080');
    expect(listeningUrl('::1', 80)).toBe('http://[::1]:80');
    expect(new URL(listeningUrl('fe80::1', 8080)).port).toBe('8080');
  });

  it("take the socket systemd passes (LISTEN_FDS) when LISTEN_PID names this process, and say HOST and PORT are unused", () => {
    expect(passedSocket({ LISTEN_FDS: '1', LISTEN_PID: '4242' }, 4242)).toEqual({ fd: 3, count: 1 });
    expect(passedSocket({ LISTEN_FDS: '2' }, 4242)).toEqual({ fd: 3, count: 2 });
    // Passed on by a parent to another process: not this one's.
    expect(passedSocket({ LISTEN_FDS: '1', LISTEN_PID: '4241' }, 4242)).toBeNull();
    expect(passedSocket({}, 4242)).toBeNull();
    for (const bad of ['0', 'x', '-1', '1.5']) expect(() => passedSocket({ LISTEN_FDS: bad }, 4242)).toThrow(`LISTEN_FDS must be a whole number of at least 1 (systemd sets it for a .socket unit), not "${bad}"`);
    const printed = effectiveSettings(loadConfig({ LISTEN_FDS: '1', LISTEN_PID: String(process.pid) }));
    expect(printed).not.toHaveProperty('HOST');
    expect(printed).not.toHaveProperty('PORT');
    expect(printed.LISTEN_FDS).toBe('the socket systemd passed as descriptor 3 (HOST and PORT are not used)');
  });

  it('are printed at start with the passwords hidden', () => {
    const printed = JSON.stringify(effectiveSettings(loadConfig({ OWNER_PASSWORD: 'a-secret-passphrase', TRUST_PROXY: '10.0.0.1' })));
    expect(printed).not.toContain('a-secret-passphrase');
    expect(printed).toContain('password from the environment');
    expect(printed).toContain('10.0.0.1');
  });
});

describe('health and readiness', () => {
  it('/healthz answers while the process runs; /readyz while the database answers with every migration', async () => {
    const server = await start();
    const health = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect([health.statusCode, health.json()]).toEqual([200, { status: 'ok' }]);
    const ready = await server.app.inject({ method: 'GET', url: '/readyz' });
    // On SQLite, the space on the database's disk (this machine's: not low).
    const disk = TEST_ENGINE === 'sqlite' ? { disk: { freeBytes: expect.any(Number), totalBytes: expect.any(Number), low: false } } : {};
    expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ready', schema: MIGRATION_NAMES.length, engine: TEST_ENGINE, ...disk }]);
    if (TEST_ENGINE === 'sqlite') {
      const { freeBytes, totalBytes } = (ready.json() as { disk: { freeBytes: number; totalBytes: number } }).disk;
      expect(freeBytes).toBeGreaterThan(0);
      expect(totalBytes).toBeGreaterThanOrEqual(freeBytes);
    }
    expect(ready.headers['cache-control']).toBe('no-store');
    await server.app.storage.db.destroy();
    const down = await server.app.inject({ method: 'GET', url: '/readyz' });
    expect([down.statusCode, down.json()]).toEqual([503, { status: 'not ready', reason: 'the database does not answer' }]);
    expect((await server.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

describe.runIf(TEST_ENGINE === 'postgres')('connections to PostgreSQL', () => {
  it('an instance opens at most DATABASE_POOL_SIZE of them, however many requests come at once', async () => {
    const server = await start({ databasePoolSize: 2 });
    const pages = await Promise.all(Array.from({ length: 24 }, (_, i) => server.app.inject({ method: 'GET', url: i % 2 ? '/faq' : '/readyz' })));
    expect(pages.map((page) => page.statusCode)).toEqual(Array.from({ length: 24 }, () => 200));
    const url = new URL(server.config.databaseUrl!);
    const operator = new pg.Client({ connectionString: url.href });
    await operator.connect();
    const open = await operator.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [url.pathname.slice(1)]);
    await operator.end();
    expect(open.rows[0].n).toBeGreaterThanOrEqual(1);
    expect(open.rows[0].n).toBeLessThanOrEqual(2);
  });
});

describe('logs', () => {
  it('a start that migrates says so: every migration on a new database, none on one already up to date', async () => {
    const { server, lines } = await startLogged();
    expect(lines.filter((line) => line.migrations).map((line) => [line.level, line.msg])).toEqual([[30, `Set up a new database (${MIGRATION_NAMES.length} migrations).`]]);
    const again = await startLogged({ dataDir: server.config.dataDir, databaseUrl: server.config.databaseUrl });
    expect(again.lines.some((line) => line.migrations || /database/i.test(String(line.msg)))).toBe(false);
  });

  it('every 5xx is logged as a JSON line with its stack; requests only when asked', async () => {
    const { server, lines } = await startLogged();
    const client = await visitor(server.app);
    await server.app.storage.db.destroy(); // every database call now throws
    const hit = await client.inject({ method: 'POST', url: '/api/census/RecordHit', payload: [{ event: 'pageView', data: JSON.stringify({ url: '/faq' }) }] });
    expect([hit.statusCode, hit.json()]).toEqual([500, { error: 'Internal server error.' }]);
    await new Promise((resolve) => setImmediate(resolve));
    const errors = lines.filter((line) => line.level === 50);
    expect(errors.length).toBeGreaterThan(0);
    // The answer's id finds its log line (other jobs may log the destroyed database first, without
    // an id); ids are random, not a count that restarts.
    expect(String(hit.headers['x-request-id'])).toMatch(UUID);
    const line = errors.find((error) => error.reqId === hit.headers['x-request-id']);
    expect(JSON.stringify(line?.err)).toMatch(/"stack":"Error: driver has already been destroyed\\n    at /);
    expect(lines.some((line) => line.msg === 'incoming request')).toBe(false);
  });
});

describe('request log lines (LOG_REQUESTS)', () => {
  it('show each request, with the query values that act for someone (token, crumb, cartToken) as ***', async () => {
    const { server, lines } = await startLogged({ logRequests: true });
    await server.app.inject({ method: 'GET', url: '/members/password/new?token=a-secret-token&from=mail' });
    await server.app.inject({ method: 'GET', url: '/api/1/crumb?crumb=another-secret' });
    await server.app.inject({ method: 'GET', url: '/commerce/goto-checkout?cartToken=a-cart-secret' });
    const urls = lines.filter((line) => line.msg === 'incoming request').map((line) => (line.req as { url: string }).url);
    expect(urls).toEqual(['/members/password/new?token=***&from=mail', '/api/1/crumb?crumb=***', '/commerce/goto-checkout?cartToken=***']);
    expect(JSON.stringify(lines)).not.toMatch(/a-secret-token|another-secret|a-cart-secret/);
  });
});

describe('behind a proxy (TRUST_PROXY)', () => {
  it('off: every request is the proxy, forwarded headers are ignored, and the log says so once', async () => {
    const { server, lines } = await startLogged();
    const client = await visitor(server.app);
    expect(lines.filter((line) => line.msg === UNTRUSTED_PROXY_HINT)).toHaveLength(0);
    const login = await client.inject({ method: 'POST', url: '/api/auth/Login', payload: OWNER, headers: { 'x-forwarded-proto': 'https', 'x-request-id': 'proxy-id-1' } });
    expect(login.statusCode).toBe(200);
    expect(String(login.headers['set-cookie'])).not.toMatch(/Secure/);
    expect(String(login.headers['x-request-id'])).toMatch(UUID);
    await server.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-for': '203.0.113.9' } });
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.filter((line) => line.msg === UNTRUSTED_PROXY_HINT)).toEqual([expect.objectContaining({ level: 40 })]);
  });

  it("on: the trusted proxy's X-Request-Id is the request's id; anyone else's, or a hostile one, is not", async () => {
    const server = await start({ trustProxy: ['10.0.0.2'] });
    const idOf = async (remoteAddress: string, given: string) => (await server.app.inject({ method: 'GET', url: '/healthz', remoteAddress, headers: { 'x-request-id': given } })).headers['x-request-id'];
    expect(await idOf('10.0.0.2', '4f1c2b7e9a0d4e21b3c5d6e7f8091a2b')).toBe('4f1c2b7e9a0d4e21b3c5d6e7f8091a2b');
    expect(String(await idOf('10.0.0.3', 'from-a-visitor'))).toMatch(UUID);
    for (const hostile of ['<script>alert(1)</script>', 'a'.repeat(129), 'two words', '']) expect(String(await idOf('10.0.0.2', hostile))).toMatch(UUID);
  });

  it('on: limits key on the visitor, and cookies are Secure when the proxy says HTTPS', async () => {
    const server = await start({ trustProxy: ['10.0.0.2'] });
    const client = await visitor(server.app);
    // Another visitor's failures from one address: twenty, then that address waits.
    let last = 0;
    for (let i = 0; i < 21; i += 1) last = (await (async () => {
      const crumbed = await server.app.inject({ method: 'GET', url: '/', remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': '203.0.113.9' } });
      const jar = cookieJar(crumbed);
      return server.app.inject({ method: 'POST', url: `/api/auth/Login?crumb=${encodeURIComponent(jar.crumb!)}`, payload: { email: 'someone@else.test', password: 'wrong-guess' }, remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': '203.0.113.9', cookie: `crumb=${jar.crumb}` } });
    })()).statusCode;
    expect(last).toBe(429);
    const owner = await server.app.inject({
      method: 'POST',
      url: `/api/auth/Login?crumb=${encodeURIComponent(client.crumb)}`,
      payload: OWNER,
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': '198.51.100.7', 'x-forwarded-proto': 'https', cookie: `crumb=${client.crumb}` },
    });
    expect(owner.statusCode).toBe(200);
    expect(String(owner.headers['set-cookie'])).toMatch(/site_session=[^;]+;.*Secure/);
  });
});

describe('the database', () => {
  it('a server refuses a database a newer server migrated further', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-newer-'));
    await (await openStorage({ dataDir })).close();
    const db = new Database(path.join(dataDir, 'site.sqlite'));
    db.prepare(`INSERT INTO ${MIGRATION_TABLE} (name, timestamp) VALUES ('999-from-the-future', '2027-01-01T00:00:00.000Z')`).run();
    db.close();
    await expect(openStorage({ dataDir })).rejects.toThrow(NewerSchemaError);
    await expect(openStorage({ dataDir })).rejects.toThrow(`The database has migrations this server does not know (999-from-the-future; it knows ${MIGRATION_NAMES.length}).`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('npm run backup copies it while the server runs, uploaded files included, and never overwrites', async () => {
    const server = await start();
    const client = await visitor(server.app);
    await client.inject({ method: 'POST', url: '/api/census/RecordHit', payload: [{ event: 'pageView', data: JSON.stringify({ url: '/faq' }), ss_cvr: 'v1|1|1|1|1' }] });
    const owner = await visitor(server.app);
    expect((await owner.inject({ method: 'POST', url: '/api/auth/Login', payload: OWNER })).statusCode).toBe(200);
    const pdf = Buffer.from('%PDF-1.4 kept');
    expect((await owner.inject({ method: 'PUT', url: '/api/owner/files/kept.pdf', payload: pdf, headers: { 'content-type': 'application/octet-stream' } })).statusCode).toBe(200);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'tessera-backup-')), 'copy.backup');
    const result = await backup(server.config, file);
    expect(result).toMatchObject({ file, schema: MIGRATION_NAMES.length });
    if (TEST_ENGINE === 'sqlite') {
      const copy = new Database(file, { readonly: true });
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      expect((copy.prepare('SELECT COUNT(*) AS n FROM census_hits').get() as { n: number }).n).toBe(1);
      expect((copy.prepare('SELECT COUNT(*) AS n FROM accounts').get() as { n: number }).n).toBeGreaterThan(0);
      expect((copy.prepare("SELECT c.bytes FROM files f JOIN file_contents c ON c.key = f.content_key WHERE f.name = 'kept.pdf'").get() as { bytes: Buffer }).bytes.equals(pdf)).toBe(true);
      copy.close();
    } else {
      // Restored into an empty database, the copy has what was stored.
      const restored = await freshPostgresDatabase();
      const restore = spawnSync('/usr/bin/env', ['pg_restore', '--no-owner', `--dbname=${restored}`, file], { encoding: 'utf8', env: { ...process.env, PATH: `${postgresBin()}:${process.env.PATH}` } });
      expect(restore.status, restore.stderr).toBe(0);
      const copy = await openStorage({ dataDir: server.config.dataDir, databaseUrl: restored });
      expect(await copy.db.selectFrom('census_hits').select('path').execute()).toEqual([{ path: '/faq' }]);
      const kept = await copy.db.selectFrom('files').innerJoin('file_contents', 'file_contents.key', 'files.content_key').select('file_contents.bytes').where('files.name', '=', 'kept.pdf').executeTakeFirstOrThrow();
      expect(Buffer.from(kept.bytes).equals(pdf)).toBe(true);
      await copy.close();
    }
    await expect(backup(server.config, file)).rejects.toThrow('exists: choose a new file');
    expect(existsSync(file)).toBe(true);
  });

  it('npm run backup on PostgreSQL without pg_dump on the machine says what to install', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'tessera-backup-')), 'copy.backup');
    await expect(backup({ dataDir: tmpdir(), databaseUrl: 'postgres://tessera@db.internal/tessera' }, file, '/nonexistent/pg_dump')).rejects.toThrow(
      "pg_dump is not on this machine (a container of the server's image has none): install PostgreSQL's client tools, of the database's major version or newer (apt install postgresql-client), or run pg_dump where they are, with the same DATABASE_URL.",
    );
    expect(existsSync(file)).toBe(false);
  });
});
