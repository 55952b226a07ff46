/**
 * Running the server for a real site (issue 40 §1, §5): settings checked at start with one
 * line per bad value, SITE_DIR, health and readiness, 5xx logged with their stack, proxies
 * believed only when told, a database from a newer server refused, backups.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { backup } from '../src/backup';
import { searchIndex } from '../src/site-search';
import { ConfigError, effectiveSettings, listeningUrl, loadConfig, parseTrustProxy, passedSocket } from '../src/config';
import { MIGRATION_NAMES } from '../src/migrations/index';
import { MIGRATION_TABLE, NewerSchemaError, openStorage } from '../src/storage/open';
import { UNTRUSTED_PROXY_HINT } from '../src/plugins/proxy-hint';
import { SiteFileError } from '../src/site-files';
// @ts-expect-error: a plain ES module of the scripts folder, without declarations
import { postgresBin } from '../../scripts/ensure-postgres.mjs';
import { freshPostgresDatabase } from './engines';
import { OWNER, TEST_ENGINE, cookieJar, startLoggedTestServer, startTestServer, visitor, type TestServer } from './helper';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const root = path.resolve(__dirname, '..', '..');
const started: TestServer[] = [];
const start = async (overrides: Parameters<typeof startTestServer>[0] = {}) => {
  const server = await startTestServer(overrides);
  started.push(server);
  return server;
};
afterAll(async () => {
  for (const server of started) await server.close();
});

/** A test server whose log lines (as parsed JSON) land in `lines`, closed at the end. */
const startLogged = async (overrides: Parameters<typeof startTestServer>[0] = {}) => {
  const logged = await startLoggedTestServer(overrides);
  started.push(logged.server);
  return logged;
};

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

describe('a site of its own (SITE_DIR)', () => {
  it('npm run new-site writes a site to a new folder and refuses one that is not empty', () => {
    const parent = mkdtempSync(path.join(tmpdir(), 'tessera-new-'));
    const run = (dir: string) => spawnSync(process.execPath, [path.join(root, 'scripts', 'new-site.mjs'), dir], { encoding: 'utf8' });
    const made = run(path.join(parent, 'my-site'));
    expect(made.status).toBe(0);
    expect(made.stdout).toContain(`SITE_DIR=${path.join(parent, 'my-site')} npm start`);
    for (const file of ['index.html', 'site.json', 'forms.json', 'assets/site.css', '_partials/header.html', '_partials/footer.html']) expect(existsSync(path.join(parent, 'my-site', file))).toBe(true);
    const again = run(path.join(parent, 'my-site'));
    expect([again.status, again.stderr.trim()]).toEqual([1, `${path.join(parent, 'my-site')} exists and is not empty: choose a new folder.`]);
    expect(run('').status).toBe(2);
    rmSync(parent, { recursive: true, force: true });
  });

  it('serves the folder npm run new-site writes: its page, its form, not the demo', async () => {
    const siteDir = mkdtempSync(path.join(tmpdir(), 'tessera-site-'));
    rmSync(siteDir, { recursive: true });
    cpSync(path.join(root, 'templates', 'site'), siteDir, { recursive: true });
    const server = await start({ siteDir });
    const client = await visitor(server.app);
    const home = await client.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('data-block-type="accordion"');
    expect((await client.inject({ method: 'GET', url: '/faq' })).statusCode).toBe(404);
    expect((await client.inject({ method: 'GET', url: '/assets/site.css' })).statusCode).toBe(200);
    const key = (await client.inject({ method: 'POST', url: '/api/form/FormSubmissionKey' })).json().key as string;
    const submit = (formId: string) =>
      client.inject({ method: 'POST', url: '/api/form/SaveFormSubmission', payload: { url: 'http://127.0.0.1/', title: 'Welcome', referrer: '', key, formId, isOverlayForm: false, form: JSON.stringify({ name: ['Ada', 'L'], email: 'ada@example.com', message: 'Hello' }) } });
    expect((await submit('studio')).statusCode).toBe(404);
    expect((await submit('contact')).statusCode).toBe(200);
    // None of the demo's mailing lists or datasets: the site declares none.
    expect((await client.inject({ method: 'POST', url: '/api/auth/Login', payload: OWNER })).statusCode).toBe(200);
    expect((await client.inject({ method: 'GET', url: '/api/owner/mailing-lists' })).json()).toEqual({ lists: [], newsletters: [] });
    expect((await client.inject({ method: 'GET', url: '/api/owner/datasets' })).json()).toEqual({ datasets: [] });
    // A page the server makes is titled with this site's name (site.json website.siteTitle), not the demo's.
    const members = { path: '/', workflowState: 1, locked: false, membersOnly: true };
    expect((await client.inject({ method: 'PUT', url: '/api/owner/page-settings', payload: members })).statusCode).toBe(200);
    const stranger = await visitor(server.app);
    const access = await stranger.inject({ method: 'GET', url: '/' });
    expect(access.statusCode).toBe(403);
    expect(access.body).toContain('<title>Members only · My site</title>');
    expect(access.body).not.toContain('Tessera demo');
    // In the site's frame: its header and footer partials.
    expect(access.body).toMatch(/<nav aria-label="Main">[\s\S]*<h1>Members only<\/h1>[\s\S]*to read what visitors sent/);
    rmSync(siteDir, { recursive: true, force: true });
  });
});

describe('a site folder the server cannot use', () => {
  const template = () => {
    const siteDir = mkdtempSync(path.join(tmpdir(), 'tessera-site-'));
    cpSync(path.join(root, 'templates', 'site'), siteDir, { recursive: true });
    return siteDir;
  };

  it('stops the start with a line that names the folder or the file and the fault', async () => {
    const missing = path.join(tmpdir(), 'tessera-no-such-site');
    await expect(startTestServer({ siteDir: missing })).rejects.toThrow(new SiteFileError(`SITE_DIR must be the folder of a site (npm run new-site -- FOLDER makes one), but there is nothing there: ${missing}.`));
    const siteDir = template();
    try {
      writeFileSync(path.join(siteDir, 'site.json'), '{"website": {"siteTitle": "My site",}}');
      const broken = await startTestServer({ siteDir }).catch((error: unknown) => error);
      expect(broken).toBeInstanceOf(SiteFileError);
      expect((broken as Error).message.startsWith(`${path.join(siteDir, 'site.json')} is not valid JSON (`)).toBe(true);
      expect((broken as Error).message.endsWith('). Fix it, or remove it to run without it, and start the server again.')).toBe(true);
      writeFileSync(path.join(siteDir, 'site.json'), '[]');
      await expect(startTestServer({ siteDir })).rejects.toThrow('site.json must hold one JSON object ({ … }). Fix it');
      // The store's file too: a broken one used to open an empty store without a word.
      writeFileSync(path.join(siteDir, 'site.json'), '{}');
      writeFileSync(path.join(siteDir, 'products.json'), '{"products": [');
      await expect(startTestServer({ siteDir })).rejects.toThrow(`${path.join(siteDir, 'products.json')} is not valid JSON (`);
    } finally {
      rmSync(siteDir, { recursive: true, force: true });
    }
  });

  it('without an index.html: it starts, and the log says the home page is missing', async () => {
    const siteDir = template();
    rmSync(path.join(siteDir, 'index.html'));
    const { server, lines } = await startLogged({ siteDir });
    try {
      expect((await server.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } })).statusCode).toBe(404);
      expect(lines.filter((line) => line.msg === `${siteDir} has no index.html: the home page answers "Page not found". Is SITE_DIR the site's folder?`)).toEqual([expect.objectContaining({ level: 40 })]);
    } finally {
      rmSync(siteDir, { recursive: true, force: true });
    }
  });

  it('without an assets folder: it starts without a warning, and /assets/… answers not found', async () => {
    const siteDir = template();
    rmSync(path.join(siteDir, 'assets'), { recursive: true, force: true });
    const { server, lines } = await startLogged({ siteDir });
    try {
      expect((await server.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } })).statusCode).toBe(200);
      expect((await server.app.inject({ method: 'GET', url: '/assets/site.css' })).statusCode).toBe(404);
      expect(lines.filter((line) => (line.level as number) >= 40)).toEqual([]);
    } finally {
      rmSync(siteDir, { recursive: true, force: true });
    }
  });

  it('broken while the server runs: pages go on with the defaults, and the log says so once per fault', async () => {
    const siteDir = template();
    const { server, lines } = await startLogged({ siteDir });
    try {
      writeFileSync(path.join(siteDir, 'site.json'), '{"website": ');
      for (let i = 0; i < 3; i += 1) expect((await server.app.inject({ method: 'GET', url: '/no-such-page', headers: { accept: 'text/html' } })).statusCode).toBe(404);
      await new Promise((resolve) => setImmediate(resolve));
      const told = lines.filter((line) => String(line.msg).startsWith(`${path.join(siteDir, 'site.json')} is not valid JSON`));
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({ level: 40, msg: expect.stringMatching(/: the site runs without it until it is fixed\.$/) });
    } finally {
      rmSync(siteDir, { recursive: true, force: true });
    }
  });
});

describe("the store's products.json while the server runs", () => {
  it('an edited price counts from the next request; broken, the store is empty and the log says so once; mended, it sells again', async () => {
    const siteDir = mkdtempSync(path.join(tmpdir(), 'tessera-products-'));
    cpSync(path.join(__dirname, '..', '..', 'examples'), siteDir, { recursive: true });
    const file = path.join(siteDir, 'products.json');
    const original = readFileSync(file, 'utf8');
    const { server, lines } = await startLogged({ siteDir });
    try {
      const add = async () => (await visitor(server.app)).inject({ method: 'POST', url: '/api/commerce/cart/entries', payload: { productId: 'print-harbour', quantity: 1 } });
      expect((await add()).json()).toMatchObject({ subtotalCents: 4500 });
      writeFileSync(file, original.replace('"price": 4500', '"price": 5200'));
      expect((await add()).json()).toMatchObject({ subtotalCents: 5200 });
      writeFileSync(file, '{"products": [');
      expect((await add()).statusCode).toBe(404);
      expect((await add()).statusCode).toBe(404);
      await new Promise((resolve) => setImmediate(resolve));
      expect(lines.filter((line) => String(line.msg).startsWith(`${file} is not valid JSON`))).toHaveLength(1);
      writeFileSync(file, original);
      expect((await add()).json()).toMatchObject({ subtotalCents: 4500 });
    } finally {
      rmSync(siteDir, { recursive: true, force: true });
    }
  });
});

describe('pages that are not there', () => {
  const asPage = { accept: 'text/html,application/xhtml+xml' };

  it("a browser gets the site's not-found page, in its frame, as page type 100; a missing file gets a line", async () => {
    const server = await start();
    const client = await visitor(server.app);
    const page = await client.inject({ method: 'GET', url: '/no-such-page', headers: asPage });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<title>Page not found · Tessera demo</title>');
    expect(page.body).toMatch(/<nav aria-label="Main">[\s\S]*<h1>Page not found<\/h1>/);
    expect(page.body).toMatch(/id="site-context">\{[^<]*"pageType":100[,}]/);
    const image = await client.inject({ method: 'GET', url: '/assets/no-such.png', headers: { accept: 'image/avif,image/webp,*/*' } });
    expect([image.statusCode, image.body]).toEqual([404, 'Not found.']);
  });

  it("a site's own 404.html answers every page that is not there, itself included, with a 404 as page type 100; search leaves it out", async () => {
    const siteDir = mkdtempSync(path.join(tmpdir(), 'tessera-site-'));
    rmSync(siteDir, { recursive: true });
    cpSync(path.join(root, 'templates', 'site'), siteDir, { recursive: true });
    writeFileSync(path.join(siteDir, '404.html'), '<!doctype html><html lang="en"><head><title>Lost</title><script type="application/json" id="site-context">{"pageType": 1}</script></head><body><h1>Nothing here</h1></body></html>');
    const server = await start({ siteDir });
    const client = await visitor(server.app);
    for (const url of ['/gone', '/404', '/404.html']) {
      const page = await client.inject({ method: 'GET', url, headers: asPage });
      expect([url, page.statusCode]).toEqual([url, 404]);
      expect(page.body).toContain('<h1>Nothing here</h1>');
      // Whatever its context says: a not-found answer is not a page view and shows no popup.
      expect(page.body).toMatch(/id="site-context">\{[^<]*"pageType":100[,}]/);
    }
    expect((await searchIndex(siteDir)).map((page) => page.path)).toEqual(['/']);
    rmSync(siteDir, { recursive: true, force: true });
  });

  it('an address that cannot be routed (broken %-encoding): 400, a page for a browser, one line for a call, no internals', async () => {
    const server = await start();
    const page = await server.app.inject({ method: 'GET', url: '/%E0%A4%A', headers: { accept: 'text/html' } });
    expect([page.statusCode, page.headers['content-type'], page.headers['x-content-type-options']]).toEqual([400, 'text/html; charset=utf-8', 'nosniff']);
    expect(page.body).toContain('<h1>Bad request</h1><p>This address is not valid. Check the link, or go on from the home page.</p>');
    expect(String(page.headers['x-request-id'])).toMatch(UUID);
    const call = await server.app.inject({ method: 'GET', url: '/api/%E0%A4%A' });
    expect([call.statusCode, call.json()]).toEqual([400, { error: 'This address is not valid.' }]);
  });

  it('with the database gone, still a not-found page, never a 500', async () => {
    const server = await start();
    await server.app.storage.db.destroy();
    const page = await server.app.inject({ method: 'GET', url: '/no-such-page', headers: asPage });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('<h1>Page not found</h1>');
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
});

