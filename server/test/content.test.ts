import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderEventsSummary } from '../src/routes/widgets';
import { pageText, renderResults, searchPages } from '../src/site-search';
import { startTestServer, visitor, type TestServer } from './helper';

describe('site search', () => {
  const pages = [
    { path: '/faq', title: 'FAQ', text: 'This accordion allows several items open at once.' },
    { path: '/gallery', title: 'Galleries', text: 'Every gallery design, with an accordion of notes.' },
    { path: '/plain', title: 'Plain', text: 'Nothing here.' },
  ];

  it('reads the title and the visible text of <main>', () => {
    expect(pageText('<title> FAQ </title><main><h1>Q</h1><script>var x = "secret";</script><p>Hello <b>there</b></p></main>')).toEqual({ title: 'FAQ', text: 'Q Hello there' });
  });

  it('matches every word, title matches first, and escapes what it shows', () => {
    expect(searchPages(pages, 'accordion').map((p) => p.path)).toEqual(['/faq', '/gallery']);
    expect(searchPages(pages, 'galleries accordion').map((p) => p.path)).toEqual(['/gallery']);
    expect(searchPages(pages, '   ')).toEqual([]);
    const html = renderResults('<b>accordion</b>', []);
    expect(html).toContain('0 results for “&lt;b&gt;accordion&lt;/b&gt;”');
    expect(html).not.toContain('<b>');
    expect(renderResults('', [])).toBe('');
  });
});

describe('content routes', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  it('the search page lists matching demo pages', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/search?q=accordion' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<a href="/faq">FAQ · Tessera demo</a>');
    expect(response.body).not.toContain('<!--#search-results-->');
  });

  it('GetWidgetRendering renders the upcoming events of a collection; bad input is a 4xx', async () => {
    const client = await visitor(server.app);
    const widgetJSON = JSON.stringify({ type: 'summary-v2', id: 'events', value: { pageSize: 2 } });
    const ok = await client.inject({
      method: 'POST',
      url: '/api/widget/GetWidgetRendering',
      payload: new URLSearchParams({ widgetJSON, collectionId: 'events0000000000000000001' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(ok.statusCode).toBe(200);
    const html = (ok.json() as { html: string }).html;
    expect(html.match(/<li/g)).toHaveLength(2);
    expect(html).not.toContain('Gallery opening night');
    for (const payload of ['widgetJSON=%7Bnot-json', `widgetJSON=${encodeURIComponent(JSON.stringify({ type: 'gallery', value: {} }))}`, 'other=1']) {
      const bad = await client.inject({ method: 'POST', url: '/api/widget/GetWidgetRendering', payload, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(bad.statusCode).toBe(400);
    }
    const unknown = await client.inject({
      method: 'POST',
      url: '/api/widget/GetWidgetRendering',
      payload: `widgetJSON=${encodeURIComponent(JSON.stringify({ type: 'summary', value: { collectionId: 'nope' } }))}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('escapes event values', () => {
    const html = renderEventsSummary({ id: 'c', title: 'E', type: 'events', items: [{ title: '<script>x</script>', startDate: '2099-01-01T00:00:00Z', url: '/e"x', excerpt: 'a & b' }] }, 5, 0);
    expect(html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(html).toContain('href="/e&quot;x"');
    expect(html).toContain('a &amp; b');
  });
});
