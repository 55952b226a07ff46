import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyBlockOverrides } from '../src/block-overrides';
import { acceptableLink } from '../src/routes/blocks';
import { OWNER, VIEWER, startTestServer, visitor, type TestServer } from './helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

async function signedIn(account = OWNER) {
  const client = await visitor(server.app);
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
    expect(server.app.db.prepare("SELECT list_id FROM newsletter_subscribers WHERE email = 'reader@example.com'").all()).toEqual([{ list_id: 'print-club' }]);

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
    expect(page.body).toContain(`id="block-cta-contact" data-block-type="button" data-block-json='{"alignment":"left","size":"large","clickthroughUrl":"/faq","buttonText":"Read &lt;the&gt; FAQ&#39;s","newWindow":false}'`);
    const buttons = (await owner.inject({ method: 'GET', url: '/api/owner/buttons' })).json() as { buttons: Array<{ id: string; clickthroughUrl: string }> };
    expect(buttons.buttons.find((b) => b.id === 'cta-contact')).toMatchObject({ clickthroughUrl: '/faq', buttonText: "Read <the> FAQ's" });
  });

  it('overrides replace unreadable JSON and add a missing attribute', () => {
    const overrides = new Map([['a', { x: 1 }]]);
    expect(applyBlockOverrides('<div id="block-a" data-block-json="{&quot;y&quot;: 2}">', overrides)).toBe(`<div id="block-a" data-block-json='{"y":2,"x":1}'>`);
    expect(applyBlockOverrides(`<div id="block-a" data-block-json='nope'>`, overrides)).toBe(`<div id="block-a" data-block-json='{"x":1}'>`);
    expect(applyBlockOverrides('<span id="block-a">', overrides)).toBe(`<span id="block-a" data-block-json='{"x":1}'>`);
    expect(applyBlockOverrides('<span id="block-b">', overrides)).toBe('<span id="block-b">');
  });
});

describe('announcement text', () => {
  it('is stored as prose-mirror text and served rendered, winning over the page’s own', async () => {
    const owner = await signedIn();
    const doc = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Open <late>', marks: [{ type: 'strong' }] }] }] };
    expect((await owner.inject({ method: 'PUT', url: '/api/owner/announcement', payload: { doc: { type: 'paragraph' }, show: true } })).statusCode).toBe(400);
    const saved = await owner.inject({ method: 'PUT', url: '/api/owner/announcement', payload: { doc, show: true } });
    expect(saved.json()).toMatchObject({ html: '<p><strong>Open &lt;late&gt;</strong></p>' });
    const page = await server.app.inject({ method: 'GET', url: '/announcements' });
    const context = JSON.parse(/<script type="application\/json" id="site-context">([\s\S]*?)<\/script>/.exec(page.body)![1]!);
    expect(context.showAnnouncementBar).toBe(true);
    expect(context.websiteSettings.announcementBarSettings.text).toBe('<p><strong>Open &lt;late&gt;</strong></p>');
    expect(context.websiteSettings.mobileInfoBarSettings).toBeDefined();
  });
});
