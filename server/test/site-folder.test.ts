/**
 * The site folder the server serves (SITE_DIR): a new site written by `npm run new-site` and
 * served, a folder it cannot use stopping the start with a line that names the fault, files
 * broken or mended while it runs, and the pages that are not there.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { searchIndex } from '../src/site-search';
import { SiteFileError } from '../src/site-files';
import { OWNER, UUID, serversClosedAfterAll, startTestServer, visitor } from './helper';

const root = path.resolve(__dirname, '..', '..');
/** Test servers (with their log lines, `startLogged`) closed at the end. */
const { start, startLogged } = serversClosedAfterAll();

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
