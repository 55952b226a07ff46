import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { applyBlockOverrides } from '../src/block-overrides';
import { acceptableLink, buttonsOf, formBlocksOf } from '../src/routes/blocks';
import { OWNER, rows, startTestServer, type TestServer, VIEWER, visitor } from './helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

async function signedIn(account = OWNER, on: TestServer = server) {
  const client = await visitor(on.app);
  const login = await client.inject({ method: 'POST', url: '/api/auth/Login', payload: account });
  expect(login.statusCode).toBe(200);
  return client;
}

describe('datasets', () => {
  it('are checked with the spec messages, then read by chart blocks', async () => {
    const owner = await signedIn();
    const put = (payload: unknown) => owner.inject({ method: 'PUT', url: '/api/owner/datasets/sales', payload });
    expect((await put({ name: 'Sales', columns: [], rows: [] })).json()).toEqual({ error: 'Your dataset must have at least one column' });
    expect((await put({ name: 'Sales', columns: ['M', 'V'], rows: [] })).json()).toEqual({ error: 'Your dataset must have at least one row' });
    expect((await put({ name: 'Sales', columns: ['M', 'V'], rows: [['Jan', null]] })).json()).toEqual({ error: 'One or more rows was missing data' });
    const saved = await put({ name: 'Sales', columns: ['M', 'V'], rows: [['Jan', 3]] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ id: 'sales', truncated: false, dataset: { columns: ['M', 'V'], rows: [['Jan', 3]] } });
    const anyone = await visitor(server.app);
    expect((await anyone.inject({ method: 'GET', url: '/api/datasets/sales' })).json()).toMatchObject({ dataset: { rows: [['Jan', 3]] } });
    expect((await anyone.inject({ method: 'GET', url: '/api/datasets/none' })).json()).toEqual({ error: 'Unable to locate content' });
    expect((await anyone.inject({ method: 'PUT', url: '/api/owner/datasets/sales', payload: { name: 'x', columns: ['a'], rows: [['b']] } })).statusCode).toBe(401);
    const viewer = await signedIn(VIEWER);
    expect((await viewer.inject({ method: 'GET', url: '/api/owner/datasets' })).statusCode).toBe(403);
  });

  it('take text and numbers as sent, refuse other cells, and the server starts without schema warnings', async () => {
    const warn = vi.spyOn(console, 'warn');
    const fresh = await startTestServer();
    await fresh.close();
    expect(warn.mock.calls.flat().join(' ')).not.toMatch(/strict mode/);
    warn.mockRestore();
    const owner = await signedIn();
    const put = (rows: unknown) => owner.inject({ method: 'PUT', url: '/api/owner/datasets/mixed', payload: { name: 'Mixed', columns: ['M', 'V'], rows } });
    expect((await put([['Jan', 3], ['Feb', 4.5]])).json()).toMatchObject({ dataset: { rows: [['Jan', 3], ['Feb', 4.5]] } });
    expect((await put([['Jan', 3], ['Feb', null]])).json()).toEqual({ error: 'One or more rows was missing data' });
    expect((await put([['Jan', { v: 1 }]])).statusCode).toBe(400);
    expect((await put([['x'.repeat(201), 1]])).statusCode).toBe(400);
  });
});

describe('what the site folder declares (site.json mailingLists, datasets)', () => {
  it("the demo's lists and dataset are made", async () => {
    const owner = await signedIn();
    const lists = (await owner.inject({ method: 'GET', url: '/api/owner/mailing-lists' })).json() as { lists: Array<{ id: string; name: string }> };
    expect(lists.lists.map(({ id, name }) => ({ id, name }))).toEqual([
      { id: 'print-club', name: 'Print club updates' },
      { id: 'studio-news', name: 'Studio news' },
    ]);
    const datasets = (await owner.inject({ method: 'GET', url: '/api/owner/datasets' })).json() as { datasets: Array<{ id: string; name: string }> };
    expect(datasets.datasets).toContainEqual(expect.objectContaining({ id: 'studio-visitors', name: 'Studio visitors' }));
  });

  it('a dataset is made once: one the owner deleted does not come back on the next start', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-seeds-'));
    const first = await startTestServer({ dataDir });
    try {
      const owner = await signedIn(OWNER, first);
      expect((await owner.inject({ method: 'DELETE', url: '/api/owner/datasets/studio-visitors' })).statusCode).toBe(200);
    } finally {
      await first.close();
    }
    const second = await startTestServer({ dataDir, databaseUrl: first.config.databaseUrl });
    try {
      const anyone = await visitor(second.app);
      expect((await anyone.inject({ method: 'GET', url: '/api/datasets/studio-visitors' })).json()).toEqual({ error: 'Unable to locate content' });
      // The lists the site declares are there again, as the site says.
      expect(await rows(second, 'SELECT id FROM mailing_lists ORDER BY id')).toEqual([{ id: 'print-club' }, { id: 'studio-news' }]);
    } finally {
      await second.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('mailing lists', () => {
  it('a connected newsletter form subscribes to the chosen list; a list must be selected', async () => {
    const owner = await signedIn();
    const lists = (await owner.inject({ method: 'GET', url: '/api/owner/mailing-lists' })).json() as { newsletters: Array<{ formId: string; listId: string | null }> };
    expect(lists.newsletters).toContainEqual({ formId: 'newsletter', listId: null });
    expect((await owner.inject({ method: 'PUT', url: '/api/owner/mailing-lists/connections/newsletter', payload: {} })).json()).toEqual({ error: 'A List must be selected' });
    expect((await owner.inject({ method: 'PUT', url: '/api/owner/mailing-lists/connections/newsletter', payload: { listId: 'nope' } })).json()).toEqual({ error: 'A List must be selected' });
    expect((await owner.inject({ method: 'PUT', url: '/api/owner/mailing-lists/connections/newsletter', payload: { listId: 'print-club' } })).statusCode).toBe(200);

    const reader = await visitor(server.app);
    const key = (await reader.inject({ method: 'POST', url: '/api/form/FormSubmissionKey' })).json().key as string;
    const saved = await reader.inject({
      method: 'POST',
      url: '/api/form/SaveFormSubmission',
      payload: { key, formId: 'newsletter', isOverlayForm: false, url: 'http://127.0.0.1/', title: '', referrer: '', form: JSON.stringify({ 'newsletter-email': 'reader@example.com' }) },
    });
    expect(saved.statusCode).toBe(200);
    expect(await rows(server, "SELECT list_id FROM newsletter_subscribers WHERE email = 'reader@example.com'")).toEqual([{ list_id: 'print-club' }]);

    expect((await owner.inject({ method: 'DELETE', url: '/api/owner/mailing-lists/connections/newsletter' })).statusCode).toBe(200);
    expect(((await owner.inject({ method: 'GET', url: '/api/owner/mailing-lists' })).json() as typeof lists).newsletters).toContainEqual({ formId: 'newsletter', listId: null });
  });
});

describe('tags and categories', () => {
  it('keep the limits and refuse duplicates with the spec message', async () => {
    const owner = await signedIn();
    const add = (kind: string, payload: unknown) => owner.inject({ method: 'POST', url: `/api/owner/taxonomy/${kind}`, payload });
    expect((await add('tag', { name: 'Prints' })).json()).toMatchObject({ tags: ['Prints'] });
    expect((await add('tag', { name: 'prints' })).json()).toEqual({ error: 'This tag already exists' });
    expect((await add('tag', { name: 't'.repeat(51) })).statusCode).toBe(400);
    expect((await add('category', { name: 'c'.repeat(26) })).statusCode).toBe(400);
    expect((await add('category', { name: 'Framed' })).json()).toMatchObject({ categories: ['Framed'] });
    expect((await add('tag', { name: 'Etchings', from: 'Prints' })).json()).toMatchObject({ tags: ['Etchings'] });
    expect((await add('shape', { name: 'x' })).statusCode).toBe(400);
  });
});

describe('button links', () => {
  it('accept the site’s own pages and files, proper web, mail and phone links only', () => {
    for (const ok of ['/faq', '/s/price-list.pdf', 'https://example.com/x', 'mailto:a@example.com?subject=Hi', 'tel:+15550100']) expect(acceptableLink(ok), ok).toBe(true);
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', 'https://localhost', '//evil.example', 'mailto:nobody', 'relative', '/a"onmouseover="x']) expect(acceptableLink(bad), bad).toBe(false);
  });

  it('are merged into the page the visitor gets', async () => {
    const owner = await signedIn();
    expect((await owner.inject({ method: 'PUT', url: '/api/owner/blocks/cta-contact/button', payload: { clickthroughUrl: 'javascript:alert(1)', buttonText: 'Go' } })).statusCode).toBe(400);
    const saved = await owner.inject({ method: 'PUT', url: '/api/owner/blocks/cta-contact/button', payload: { clickthroughUrl: '/faq', buttonText: "Read <the> FAQ's" } });
    expect(saved.statusCode).toBe(200);
    const page = await server.app.inject({ method: 'GET', url: '/' });
    expect(page.body).toContain(`id="block-cta-contact" data-block-type="button" data-block-json='{"alignment":"left","size":"large","clickthroughUrl":"/faq","buttonText":"Read &lt;the&gt; FAQ&#39;s","newWindow":false}'><a class="site-button" href="/faq">Read &lt;the&gt; FAQ&#39;s</a>`);
    const buttons = (await owner.inject({ method: 'GET', url: '/api/owner/buttons' })).json() as { buttons: Array<{ id: string; clickthroughUrl: string }> };
    expect(buttons.buttons.find((b) => b.id === 'cta-contact')).toMatchObject({ clickthroughUrl: '/faq', buttonText: "Read <the> FAQ's" });
  });

  it('overrides replace unreadable JSON and add a missing attribute', () => {
    const overrides = new Map([['a', { x: 1 }]]);
    expect(applyBlockOverrides('<div id="block-a" data-block-json="{&quot;y&quot;: 2}">', overrides)).toBe(`<div id="block-a" data-block-json='{"y":2,"x":1}'>`);
    expect(applyBlockOverrides(`<div id="block-a" data-block-json='nope'>`, overrides)).toBe(`<div id="block-a" data-block-json='{"x":1}'>`);
    expect(applyBlockOverrides('<span id="block-a">', overrides)).toBe(`<span id="block-a" data-block-json='{"x":1}'>`);
    expect(applyBlockOverrides('<span id="block-b">', overrides)).toBe('<span id="block-b">');
    // The id as a theme writes it: single quotes, or none.
    expect(applyBlockOverrides("<div class='x' id='block-a'>", overrides)).toBe(`<div class='x' id='block-a' data-block-json='{"x":1}'>`);
    expect(applyBlockOverrides('<div id=block-a class=x>', overrides)).toBe(`<div id=block-a class=x data-block-json='{"x":1}'>`);
    expect(applyBlockOverrides('<div id=block-ab>', overrides)).toBe('<div id=block-ab>');
    // A `>` inside an attribute value (HTML in a block's JSON) is no end of the tag: the merge
    // went into the middle of the value and broke the page.
    const own = `<div id="block-a" data-block-type="button" data-block-json='{"label":"a > b","html":"<p>Hi</p>"}'><a href="/x">Go</a></div>`;
    expect(applyBlockOverrides(own, new Map([['a', { clickthroughUrl: '/y' }]]))).toBe(
      `<div id="block-a" data-block-type="button" data-block-json='{"label":"a &gt; b","html":"&lt;p&gt;Hi&lt;/p&gt;","clickthroughUrl":"/y"}'><a href="/y">Go</a></div>`,
    );
    // A button's fallback link shows the owner's link and words; other blocks' links are theirs.
    const button = new Map([['a', { clickthroughUrl: '/faq?a=1&b="2"', buttonText: ' $& <b>Go</b> ' }]]);
    expect(applyBlockOverrides('<span id="block-a" data-block-type="button"> <a class="x" href="/old">Old</a></span>', button)).toBe(
      `<span id="block-a" data-block-type="button" data-block-json='{"clickthroughUrl":"/faq?a=1&amp;b=\\"2\\"","buttonText":" $&amp; &lt;b&gt;Go&lt;/b&gt; "}'> <a class="x" href="/faq?a=1&amp;b=&quot;2&quot;">$&amp; &lt;b&gt;Go&lt;/b&gt;</a></span>`,
    );
    expect(applyBlockOverrides('<span id="block-a" data-block-type="button"><a>Old</a></span>', button)).toBe(
      `<span id="block-a" data-block-type="button" data-block-json='{"clickthroughUrl":"/faq?a=1&amp;b=\\"2\\"","buttonText":" $&amp; &lt;b&gt;Go&lt;/b&gt; "}'><a href="/faq?a=1&amp;b=&quot;2&quot;">$&amp; &lt;b&gt;Go&lt;/b&gt;</a></span>`,
    );
    expect(applyBlockOverrides('<div id="block-a" data-block-type="html"><a href="/old">Old</a></div>', button)).toContain('><a href="/old">Old</a></div>');
    // Numeric character references too: a quote written &#x27; or &#39; survives the merge.
    expect(applyBlockOverrides(`<div id="block-a" data-block-json="{&quot;t&quot;: &quot;You&#x27;re &#39;in&#39; &#x1F600; &amp;c&quot;}">`, overrides)).toBe(
      `<div id="block-a" data-block-json='{"t":"You&#39;re &#39;in&#39; \u{1F600} &amp;c","x":1}'>`,
    );
  });
});

describe('button blocks as the owner edits them', () => {
  it("read the markup's text and link with their character references, and the JSON's newWindow however it is quoted", () => {
    const html = `<div id="block-b1" data-block-type="button" data-block-json="{&quot;newWindow&quot;: true}"><a href="/shop?a=1&amp;b=2">Prices &amp; booking</a></div>
      <div id="block-b2" data-block-type="button"><a href="/faq">FAQ</a></div>`;
    expect(buttonsOf(html, '/studio', new Map())).toEqual([
      { id: 'b1', page: '/studio', buttonText: 'Prices & booking', clickthroughUrl: '/shop?a=1&b=2', newWindow: true },
      { id: 'b2', page: '/studio', buttonText: 'FAQ', clickthroughUrl: '/faq', newWindow: false },
    ]);
    // The owner's values win, a new-window flag the owner turned off included.
    expect(buttonsOf(html, '/studio', new Map([['b1', { buttonText: 'Book', newWindow: false }]]))[0]).toMatchObject({ buttonText: 'Book', clickthroughUrl: '/shop?a=1&b=2', newWindow: false });
  });

  it('are found as a theme writes them: attributes in any order, in single or no quotes, a JSON that holds ">"', () => {
    const html = `<div data-block-type='button' data-block-json='{"a":"<b>"}' id='block-b3'><a class=x href='/a?b="c"'>Single</a></div>
      <p data-block-type=button id=block-b4><a href=/plain>Bare</a></p>
      <div data-block-type="buttons" id="block-b5"><a href="/no">Not a button</a></div>`;
    expect(buttonsOf(html, '/', new Map())).toEqual([
      { id: 'b3', page: '/', buttonText: 'Single', clickthroughUrl: '/a?b="c"', newWindow: false },
      { id: 'b4', page: '/', buttonText: 'Bare', clickthroughUrl: '/plain', newWindow: false },
    ]);
    // The owner's link replaces the fallback link's, however it was quoted.
    expect(applyBlockOverrides(html.split('\n')[0]!, new Map([['b3', { clickthroughUrl: '/new' }]]))).toContain(`><a class=x href="/new">Single</a></div>`);
    expect(applyBlockOverrides(html.split('\n')[1]!, new Map([['b4', { buttonText: 'Now' }]]))).toContain(`><a href=/plain>Now</a></p>`);
  });
});

describe('form blocks as the owner edits them', () => {
  it('are found as a theme writes them: attributes in any order, in single or no quotes', () => {
    const html = `<div id="block-f1" data-block-type="form"></div><section data-block-json='{"successHtml":"<p>Ta</p>"}' data-block-type='form' id='block-f2'></section>
      <div data-block-type=form id=block-f3></div><div id="block-f4" data-block-type="former"></div><div id="f5" data-block-type="form"></div>`;
    expect(formBlocksOf(html).map((form) => form.id)).toEqual(['f1', 'f2', 'f3']);
    expect(formBlocksOf(html)[1]!.tag).toBe(`<section data-block-json='{"successHtml":"<p>Ta</p>"}' data-block-type='form' id='block-f2'>`);
  });
});

describe('announcement text', () => {
  it('is stored as prose-mirror text and served rendered as a site setting', async () => {
    const owner = await signedIn();
    const doc = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Open <late>', marks: [{ type: 'strong' }] }] }] };
    expect((await owner.inject({ method: 'PUT', url: '/api/owner/announcement', payload: { doc: { type: 'paragraph' }, show: true } })).statusCode).toBe(400);
    const saved = await owner.inject({ method: 'PUT', url: '/api/owner/announcement', payload: { doc, show: true } });
    expect(saved.json()).toMatchObject({ html: '<p><strong>Open &lt;late&gt;</strong></p>' });
    const contextOf = async (url: string) => JSON.parse(/<script type="application\/json" id="site-context">([\s\S]*?)<\/script>/.exec((await server.app.inject({ method: 'GET', url })).body)![1]!);
    const context = await contextOf('/faq');
    expect(context.showAnnouncementBar).toBe(true);
    expect(context.websiteSettings.announcementBarSettings.text).toBe('<p><strong>Open &lt;late&gt;</strong></p>');
    expect(context.websiteSettings.storeSettings).toBeDefined();
    // A page with its own announcement keeps it.
    const own = await contextOf('/announcements');
    expect(own.websiteSettings.announcementBarSettings.text).toContain('Spring sale');
  });
});

describe('pages list', () => {
  it('statuses, schedule and flags decide what visitors get; owners see every page', async () => {
    const owner = await signedIn();
    const set = (payload: Record<string, unknown>) => owner.inject({ method: 'PUT', url: '/api/owner/page-settings', payload: { path: '/plain', workflowState: 1, locked: false, membersOnly: false, ...payload } });
    const visit = async () => (await server.app.inject({ method: 'GET', url: '/plain' })).statusCode;
    const list = (await owner.inject({ method: 'GET', url: '/api/owner/page-settings' })).json() as { timeZone: string; pages: Array<{ path: string; workflowState: number }> };
    expect(list.timeZone).toBe('Europe/London');
    expect(list.pages.find((p) => p.path === '/plain')).toMatchObject({ workflowState: 1 });

    expect((await set({ workflowState: 4 })).statusCode).toBe(200);
    expect(await visit()).toBe(404);
    expect((await owner.inject({ method: 'GET', url: '/plain' })).statusCode).toBe(200);
    expect((await set({ workflowState: 2 })).json()).toEqual({ error: 'A scheduled page needs a publish date.' });
    await set({ workflowState: 2, publishAt: Date.now() + 3_600_000 });
    expect(await visit()).toBe(404);
    await set({ workflowState: 2, publishAt: Date.now() - 1000 });
    expect(await visit()).toBe(200);
    await set({ locked: true });
    const locked = await server.app.inject({ method: 'GET', url: '/plain' });
    expect(locked.statusCode).toBe(403);
    expect(locked.body).toContain('This page is locked');
    await set({ membersOnly: true });
    const members = await server.app.inject({ method: 'GET', url: '/plain' });
    expect(members.statusCode).toBe(403);
    expect(members.body).toContain('sqs-member-access-page-root');
    await set({});
    expect(await visit()).toBe(200);
    expect((await owner.inject({ method: 'PUT', url: '/api/owner/page-settings', payload: { path: '/nope', workflowState: 1, locked: false, membersOnly: false } })).statusCode).toBe(404);
    expect((await owner.inject({ method: 'PUT', url: '/api/owner/page-settings', payload: { path: '/plain', workflowState: 6, locked: false, membersOnly: false } })).statusCode).toBe(400);
  });
});

describe('fonts', () => {
  it('are served from the font packages; the chosen heading font goes on every page', async () => {
    const owner = await signedIn();
    const list = (await owner.inject({ method: 'GET', url: '/api/owner/fonts' })).json() as { fonts: Array<{ id: string; category: string; url: string }>; headingFont: null };
    expect(list.fonts.map((f) => f.category)).toEqual(['Sans Serif', 'Serif', 'Display', 'Script', 'Slab Serif', 'Mono', 'Other']);
    const file = await server.app.inject({ method: 'GET', url: list.fonts[1]!.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('font/woff2');
    expect(file.rawPayload.subarray(0, 4).toString('latin1')).toBe('wOF2');
    expect((await server.app.inject({ method: 'GET', url: '/fonts/..%2F..%2Fpackage.json/latin-400-normal.woff2' })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: '/' })).body).not.toContain('site-fonts.css');
    expect((await owner.inject({ method: 'PUT', url: '/api/owner/fonts/heading', payload: { id: 'comic-sans' } })).statusCode).toBe(400);
    expect((await owner.inject({ method: 'PUT', url: '/api/owner/fonts/heading', payload: { id: 'lora' } })).statusCode).toBe(200);
    expect((await server.app.inject({ method: 'GET', url: '/' })).body).toContain('<link rel="stylesheet" href="/fonts/site-fonts.css">');
    expect((await server.app.inject({ method: 'GET', url: '/fonts/site-fonts.css' })).body).toContain('h1,h2,h3{font-family:"Lora"');
    await owner.inject({ method: 'PUT', url: '/api/owner/fonts/heading', payload: { id: null } });
    expect((await server.app.inject({ method: 'GET', url: '/' })).body).not.toContain('site-fonts.css');
  });
});

describe('code injection', () => {
  it('goes at the end of every page’s head and body', async () => {
    const owner = await signedIn();
    expect((await owner.inject({ method: 'PUT', url: '/api/owner/code-injection', payload: { header: 'x'.repeat(20_001), footer: '' } })).statusCode).toBe(400);
    await owner.inject({ method: 'PUT', url: '/api/owner/code-injection', payload: { header: '<meta name="check" content="$1 $&">', footer: '<p id="owner-footer">Bye</p>' } });
    const page = (await server.app.inject({ method: 'GET', url: '/faq', cookies: { ss_cookieAllowed: 'true' } })).body;
    expect(page).toContain('<meta name="check" content="$1 $&">\n</head>');
    expect(page).toContain('<p id="owner-footer">Bye</p>\n</body>');
    // Only the cookie banner, where it asks, comes after it (where the runtime would append it).
    const asked = (await server.app.inject({ method: 'GET', url: '/faq' })).body;
    expect(asked).toMatch(/<p id="owner-footer">Bye<\/p>\n<section class="site-cookie-banner [^>]*>.*<\/section>\n<\/body>/);
    expect((await owner.inject({ method: 'GET', url: '/api/owner/code-injection' })).json()).toMatchObject({ footer: '<p id="owner-footer">Bye</p>' });
    await owner.inject({ method: 'PUT', url: '/api/owner/code-injection', payload: { header: '', footer: '' } });
    expect((await server.app.inject({ method: 'GET', url: '/faq' })).body).not.toContain('owner-footer');
  });
});

describe('form success text', () => {
  it('is edited as prose-mirror text and reaches the form block as its HTML', async () => {
    const owner = await signedIn();
    const forms = (await owner.inject({ method: 'GET', url: '/api/owner/forms' })).json() as { forms: Array<{ id: string; page: string }> };
    // Before the owner saves one, the editor starts from what the page's block shows: its
    // successMessage as a paragraph, or its successHtml (with &#x27; references decoded).
    expect(forms.forms).toContainEqual({ id: 'contact', page: '/contact', successDoc: null, pageSuccessHtml: '<p>Thank you! We will get back to you soon.</p>' });
    expect(forms.forms.find((f) => f.id === 'callback')).toMatchObject({
      successDoc: null,
      pageSuccessHtml: `<p class="callback-done">Request received.</p><script>document.documentElement.dataset.callbackScriptRan = 'yes';</script>`,
    });
    const doc = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Thanks! ' }, { type: 'text', text: 'We reply within a day.', marks: [{ type: 'em' }] }] }] };
    expect((await owner.inject({ method: 'PUT', url: '/api/owner/blocks/contact/success', payload: { doc: { type: 'paragraph' } } })).statusCode).toBe(400);
    expect((await owner.inject({ method: 'PUT', url: '/api/owner/blocks/contact/success', payload: { doc } })).json()).toEqual({ id: 'contact', successHtml: '<p>Thanks! <em>We reply within a day.</em></p>' });
    const page = (await server.app.inject({ method: 'GET', url: '/contact' })).body;
    const json = /id="block-contact" data-block-type="form" data-block-json='([^']*)'/.exec(page)![1]!.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
    expect(JSON.parse(json)).toMatchObject({ collectionId: 'contact00000000000000000a', successHtml: '<p>Thanks! <em>We reply within a day.</em></p>' });
    expect(((await owner.inject({ method: 'GET', url: '/api/owner/forms' })).json() as { forms: Array<{ id: string; successDoc: unknown }> }).forms.find((f) => f.id === 'contact')!.successDoc).toEqual(doc);
  });
});
