/**
 * What probing the server from outside found (issue 37), one test per finding: search that
 * showed pages a visitor may not open, sign-in limits that could be walked around, file names
 * matched by prefix, form keys and limits, deep bodies, a refused request that wrote, unchecked
 * rich text, and owner routes that read the body before the role.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../src/security/json-depth';
import { countRows, MEMBER, OWNER, rows, startTestServer, type TestServer, VIEWER, visitor } from './helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ formRateLimit: 2, formAddressRateLimit: 3, formKeyRateLimit: 8 });
});
afterAll(async () => server.close());

type Client = Awaited<ReturnType<typeof visitor>>;

/** A visitor from its own address (inject's remoteAddress), with a crumb. */
async function visitorAt(address: string): Promise<Client> {
  const client = await visitor(server.app);
  return {
    ...client,
    inject: (options) => client.inject({ ...options, remoteAddress: address } as never),
  };
}

async function signedIn(account: { email: string; password: string }, address = '127.0.0.1'): Promise<Client> {
  const client = await visitorAt(address);
  expect((await client.inject({ method: 'POST', url: '/api/auth/Login', payload: account })).statusCode).toBe(200);
  return client;
}

const count = (table: string) => countRows(server, table);
/** The paths the search results list (not the site's navigation). */
const searchPaths = (html: string) => {
  const results = /<section class="search-results"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
  return [...results.matchAll(/<li><a href="([^"]+)">/g)].map((match) => match[1]);
};

describe('1. search answers only pages the asking visitor may open', () => {
  it('leaves out members pages for visitors and shows them to members', async () => {
    const guest = await visitorAt('10.1.0.1');
    expect((await guest.inject({ method: 'GET', url: '/members' })).statusCode).toBe(403);
    expect(searchPaths((await guest.inject({ method: 'GET', url: '/search?q=etching' })).body)).toEqual([]);
    const member = await visitorAt('10.1.0.2');
    expect((await member.inject({ method: 'POST', url: '/api/site-users/account/session', payload: MEMBER })).statusCode).toBe(200);
    expect(searchPaths((await member.inject({ method: 'GET', url: '/search?q=etching' })).body)).toEqual(['/members']);
  });

  it('leaves out hidden, locked and members-only pages the owner set; the owner still finds them', async () => {
    const owner = await signedIn(OWNER);
    const guest = await visitorAt('10.1.0.3');
    const set = (settings: Record<string, unknown>) =>
      owner.inject({ method: 'PUT', url: '/api/owner/page-settings', payload: { path: '/studio', workflowState: 1, locked: false, membersOnly: false, publishAt: null, ...settings } });
    expect(searchPaths((await guest.inject({ method: 'GET', url: '/search?q=thursday' })).body)).toEqual(['/studio']);
    for (const [settings, status] of [[{ workflowState: 4 }, 404], [{ locked: true }, 403], [{ membersOnly: true }, 403]] as const) {
      expect((await set(settings)).statusCode).toBe(200);
      expect((await guest.inject({ method: 'GET', url: '/studio' })).statusCode).toBe(status);
      const found = (await guest.inject({ method: 'GET', url: '/search?q=thursday' })).body;
      expect(searchPaths(found), JSON.stringify(settings)).toEqual([]);
      expect(found).not.toContain('Thursday to Saturday');
      expect(searchPaths((await owner.inject({ method: 'GET', url: '/search?q=thursday' })).body)).toEqual(['/studio']);
    }
    expect((await set({})).statusCode).toBe(200);
    expect(searchPaths((await guest.inject({ method: 'GET', url: '/search?q=thursday' })).body)).toEqual(['/studio']);
  });
});

describe('2. sign-in limits per account and per address', () => {
  const login = (client: Client, email: string, password = 'wrong-password') => client.inject({ method: 'POST', url: '/api/auth/Login', payload: { email, password } });

  it('backs off an account after five failures, with Retry-After, whatever another account does', async () => {
    const client = await visitorAt('10.2.0.1');
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await login(client, OWNER.email)).statusCode);
    // Another account signing in from the same address resets nothing.
    expect((await login(client, VIEWER.email, VIEWER.password)).statusCode).toBe(200);
    for (let i = 0; i < 2; i += 1) statuses.push((await login(client, OWNER.email)).statusCode);
    const limited = await login(client, OWNER.email, OWNER.password);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: 'Too many sign-in attempts. Please try again later.' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // From another address too: the account is what backs off.
    expect((await login(await visitorAt('10.2.0.2'), OWNER.email, OWNER.password)).statusCode).toBe(429);
    await rows(server, "DELETE FROM limit_counters WHERE key LIKE 'sign-in:%'");
  });

  it('checks at most five of 40 concurrent wrong guesses', async () => {
    const client = await visitorAt('10.2.0.3');
    const answers = await Promise.all(Array.from({ length: 40 }, () => login(client, 'someone@test.local')));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(35);
  });

  // Twenty password checks (scrypt): seconds on a loaded 2-core machine, hence its own time limit.
  it('limits one address over many accounts, owner and member sign-in together; a success elsewhere resets nothing', async () => {
    const client = await visitorAt('10.2.0.4');
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) statuses.push((await login(client, `guess${i}@test.local`)).statusCode);
    expect((await login(client, VIEWER.email, VIEWER.password)).statusCode).toBe(200);
    for (let i = 10; i < 20; i += 1) {
      const member = await client.inject({ method: 'POST', url: '/api/site-users/account/session', payload: { email: `guess${i}@test.local`, password: 'wrong-password' } });
      statuses.push(member.statusCode);
    }
    expect(statuses).toEqual(Array(20).fill(401));
    const refused = await login(client, VIEWER.email, VIEWER.password);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // Another address signs in as before.
    expect((await login(await visitorAt('10.2.0.5'), VIEWER.email, VIEWER.password)).statusCode).toBe(200);
  }, 20_000);
});

describe('3. files: one name, one file', () => {
  const put = (client: Client, name: string, bytes: Buffer) =>
    client.inject({ method: 'PUT', url: `/api/owner/files/${encodeURIComponent(name)}`, payload: bytes, headers: { 'content-type': 'application/octet-stream' } });
  const listed = async (client: Client) => ((await client.inject({ method: 'GET', url: '/api/owner/files' })).json().files as Array<{ name: string }>).map((file) => file.name).sort();
  const contents = async () => (await server.app.storage.db.selectFrom('file_contents').select('key').execute()).map((row) => row.key).sort();

  it('deletes and renames exactly the named file', async () => {
    const owner = await signedIn(OWNER);
    for (const name of ['notes.txt', 'notes.txt.txt', 'report.csv', 'report.csv.csv']) expect((await put(owner, name, Buffer.from(name))).statusCode).toBe(200);
    expect((await owner.inject({ method: 'DELETE', url: '/api/owner/files/notes.txt' })).statusCode).toBe(200);
    const kept = await owner.inject({ method: 'GET', url: '/s/notes.txt.txt' });
    expect([kept.statusCode, kept.body]).toEqual([200, 'notes.txt.txt']);
    expect((await owner.inject({ method: 'POST', url: '/api/owner/files/report.csv/rename', payload: { to: 'summary.csv' } })).statusCode).toBe(200);
    expect((await owner.inject({ method: 'GET', url: '/s/report.csv.csv' })).body).toBe('report.csv.csv');
    // Other tests' files may be there too: look only at the names this one touched.
    const touched = (names: string[]) => names.filter((name) => /^(notes|report|summary)\./.test(name)).sort();
    expect(touched(await listed(owner))).toEqual(['notes.txt.txt', 'report.csv.csv', 'summary.csv']);
    // Each kept file's bytes are stored; the deleted one's are not.
    const keys = (await server.app.storage.db.selectFrom('files').select(['name', 'content_key']).where('name', 'in', ['notes.txt.txt', 'report.csv.csv', 'summary.csv']).execute()).map((row) => row.content_key!);
    expect(new Set(keys).size).toBe(3);
    for (const key of keys) expect(await contents()).toContain(key);
    expect(await contents()).not.toContain(createHash('sha256').update('notes.txt').digest('hex'));
    expect((await owner.inject({ method: 'DELETE', url: '/api/owner/files/notes.txt' })).statusCode).toBe(404);
  });

  it('refuses a type that is no type (x.constructor) and writes nothing', async () => {
    const owner = await signedIn(OWNER);
    const before = await contents();
    const answer = await put(owner, 'x.constructor', Buffer.from('x'));
    expect(answer.statusCode).toBe(415);
    expect(answer.json()).toEqual({ error: 'The file x.constructor does not appear to be a supported file type' });
    expect(await contents()).toEqual(before);
  });

  it('a failed image job leaves no width behind; a listed file whose bytes are gone is a 404', async () => {
    const owner = await signedIn(OWNER);
    const png = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#c33' } }).png({ compressionLevel: 0 }).toBuffer();
    const upload = await put(owner, 'broken.png', png.subarray(0, png.length >> 1));
    expect(upload.statusCode).toBe(200);
    let job = { status: 'running' };
    for (let i = 0; i < 200 && job.status === 'running'; i += 1) {
      job = (await owner.inject({ method: 'GET', url: `/api/owner/jobs/${upload.json().jobId}` })).json();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(job).toMatchObject({ status: 'failed', widths: [] });
    const key = (await server.app.storage.db.selectFrom('files').select('content_key').where('name', '=', 'broken.png').executeTakeFirstOrThrow()).content_key!;
    expect((await contents()).filter((name) => name.startsWith(key))).toEqual([key]);
    await server.app.storage.db.deleteFrom('file_contents').where('key', '=', key).execute();
    expect((await owner.inject({ method: 'GET', url: '/s/broken.png' })).statusCode).toBe(404);
  }, 30_000);
});

describe('4. form keys', () => {
  it('are looked up and expired by index, deleted once spent, and limited per address', async () => {
    if (server.app.storage.engine === 'sqlite') {
      // SQLite's planner says what it will use whatever the table's size (PostgreSQL's depends on it).
      const plan = await rows<{ detail: string }>(server, 'EXPLAIN QUERY PLAN DELETE FROM form_keys WHERE expires_at <= ?', Date.now());
      expect(plan.map((step) => step.detail).join(' ')).toMatch(/USING (COVERING )?INDEX form_keys_expiry/);
    }
    const client = await visitorAt('10.4.0.1');
    const keys: number[] = [];
    for (let i = 0; i < 9; i += 1) keys.push((await client.inject({ method: 'POST', url: '/api/form/FormSubmissionKey' })).statusCode);
    expect(keys).toEqual([...Array(8).fill(200), 429]);
    const refused = await client.inject({ method: 'POST', url: '/api/form/FormSubmissionKey' });
    expect(refused.json()).toEqual({ error: 'Could not get a form submission key, please try again later.', code: 'form.noSubmissionKey' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await (await visitorAt('10.4.0.2')).inject({ method: 'POST', url: '/api/form/FormSubmissionKey' })).statusCode).toBe(200);
  });
});

describe('5. the form rate limit counts the address too', () => {
  it('fresh cookies do not reset it', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const fresh = await visitorAt('10.5.0.1'); // a new crumb each time: dropped cookies
      const key = (await fresh.inject({ method: 'POST', url: '/api/form/FormSubmissionKey' })).json().key;
      const form = JSON.stringify({ 'newsletter-email': `fresh${i}@example.com` });
      const answer = await fresh.inject({ method: 'POST', url: '/api/form/SaveFormSubmission', payload: { url: 'http://127.0.0.1/', title: 'Home', referrer: '', key, formId: 'newsletter', isOverlayForm: false, form } });
      statuses.push(answer.statusCode);
      if (answer.statusCode === 429) expect(answer.json()).toEqual({ error: 'Unable to submit form. Submission rate limit exceeded. Please try again later.' });
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });
});

describe('6. deep bodies answer 400 before they are parsed or stored', () => {
  const objects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  const arrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

  it.each(['application/json', 'text/plain'])('Trace with data nested 5,000 deep (%s)', async (type) => {
    const client = await visitorAt('10.6.0.1');
    const payload = `[{"type":"x","pageUrl":"/","data":${objects(5000)}}]`;
    const answer = await client.inject({ method: 'POST', url: '/api/events/Trace', payload, headers: { 'content-type': type } });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ error: `The body nests deeper than ${MAX_JSON_DEPTH} levels.` });
  });

  it('RecordHit with its data (JSON text) nested 8,000 deep', async () => {
    const client = await visitorAt('10.6.0.1');
    const before = await count('census_hits');
    const answer = await client.inject({ method: 'POST', url: '/api/census/RecordHit', payload: { event: 'pageView', data: arrays(8000) } });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ error: `Each hit needs data as a JSON object string, nested at most ${MAX_JSON_DEPTH} deep.` });
    expect(await count('census_hits')).toBe(before);
  });

  it('JSON text nested deep inside other bodies: analytics, legacy events, error reports, widgets, forms', async () => {
    const client = await visitorAt('10.6.0.2');
    const deep = `{"a":${arrays(8000)}}`;
    const calls: Array<[string, unknown]> = [
      ['/api/events/RecordEvent', { event: 'x', data: deep }],
      ['/api/events/RecordJavascriptErrors', [{ event: 'x', data: deep, timestamp: 1 }]],
      ['/api/widget/GetWidgetRendering', { widgetJSON: deep }],
    ];
    for (const [url, payload] of calls) expect((await client.inject({ method: 'POST', url, payload })).statusCode, url).toBe(400);
    const key = (await client.inject({ method: 'POST', url: '/api/form/FormSubmissionKey' })).json().key;
    const form = await client.inject({ method: 'POST', url: '/api/form/SaveFormSubmission', payload: { url: 'http://127.0.0.1/', title: 'x', referrer: '', key, formId: 'contact', isOverlayForm: false, form: deep } });
    expect(form.json()).toEqual({ error: 'Could not parse the form fields, please check your entries.', code: 'form.unparseableFields' });
  });

  it('a bracket inside a string is text, not depth', async () => {
    const client = await visitorAt('10.6.0.3');
    const answer = await client.inject({ method: 'POST', url: '/api/events/Trace', payload: [{ type: 'x', pageUrl: '/', data: { note: '[{\\"'.repeat(500) } }] });
    expect(answer.statusCode).toBe(200);
  });
});

describe('7. a refused cart change writes nothing', () => {
  it('an unknown product: 404, no cart row, no CART cookie', async () => {
    const client = await visitorAt('10.7.0.1');
    const carts = await count('carts');
    for (let i = 0; i < 3; i += 1) {
      const answer = await client.inject({ method: 'POST', url: '/api/commerce/cart/entries', payload: { productId: 'no-such-product', quantity: 1 } });
      expect(answer.statusCode).toBe(404);
      expect(answer.cookies.map((cookie) => cookie.name)).not.toContain('CART');
    }
    expect(await count('carts')).toBe(carts);
  });
});

describe('8. rich text is checked against the editor schema and the link rule', () => {
  const text = (value: string, href?: string) => ({ type: 'text', text: value, ...(href ? { marks: [{ type: 'link', attrs: { href } }] } : {}) });
  const doc = (...content: unknown[]) => ({ type: 'doc', content: [{ type: 'paragraph', content }] });

  it('refuses unknown node types and links that leave the site as a browser reads them', async () => {
    const owner = await signedIn(OWNER);
    const announce = (value: unknown) => owner.inject({ method: 'PUT', url: '/api/owner/announcement', payload: { doc: value, show: true } });
    const unknown = await announce({ type: 'doc', content: [{ type: 'html', content: [text('<b>x</b>')] }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toContain('Unknown node type: html');
    for (const href of ['/\\evil.example', '//evil.example', 'javascript:alert(1)', '/\tx']) {
      const answer = await announce(doc(text('go', href)));
      expect(answer.statusCode, href).toBe(400);
      expect(answer.json().error).toBe(`A link goes to an address the site does not allow: ${href}`);
    }
    expect((await owner.inject({ method: 'PUT', url: '/api/owner/blocks/contact/success', payload: { doc: doc(text('go', '/\\evil.example')) } })).statusCode).toBe(400);
    const good = await announce(doc(text('Winter sale: '), text('see prices', '/offers'), text(' or '), text('write', 'mailto:a@b.co')));
    expect(good.statusCode).toBe(200);
    expect(good.json().html).toBe('<p>Winter sale: <a href="/offers">see prices</a> or <a href="mailto:a@b.co">write</a></p>');
  });
});

describe('9. every owner route checks the role before the body', () => {
  it('answers 401 signed out and 403 to a viewer, whatever the body', async () => {
    const guest = await visitorAt('10.9.0.1');
    const viewer = await signedIn(VIEWER, '10.9.0.2');
    const ownerRoutes = server.routes.filter((route) => route.url.startsWith('/api/owner/'));
    expect(ownerRoutes.length).toBeGreaterThan(25);
    for (const route of ownerRoutes) {
      const url = route.url.replace(/:[A-Za-z]+/g, 'x');
      const options = { method: route.method as 'PUT', url, payload: '{"nonsense": [', headers: { 'content-type': 'application/json' } };
      const anonymous = await guest.inject(options);
      expect([route.method, url, anonymous.statusCode, anonymous.json()]).toEqual([route.method, url, 401, { error: 'Sign in to see this.' }]);
      expect((await viewer.inject(options)).statusCode, `${route.method} ${url}`).toBe(403);
    }
  });
});

describe('8b. a text stored before the check', () => {
  it('is given to the editor as none, not as a document it cannot open', async () => {
    const owner = await signedIn(OWNER);
    const bad = { doc: { type: 'doc', content: [{ type: 'html', content: [{ type: 'text', text: 'x' }] }] }, show: true };
    await rows(server, "INSERT INTO settings (key, value) VALUES ('announcementBar', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value", JSON.stringify(bad));
    expect((await owner.inject({ method: 'GET', url: '/api/owner/announcement' })).json()).toEqual({ doc: null, show: true });
  });
});
