import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderEventsSummary } from '../src/routes/widgets';
import { searchSitePages, syncSitePages } from '../src/repositories/site-pages';
import { pageText, renderResults, snippetHtml } from '../src/site-search';
import { ENGINES, freshStorage } from './engines';
import { startTestServer, visitor, type TestServer } from './helper';

describe('site search', () => {
  it('reads the title and the visible text of <main>', () => {
    expect(pageText('<title> FAQ </title><main><h1>Q</h1><script>var x = "secret";</script><p>Hello <b>there</b></p></main>')).toEqual({ title: 'FAQ', text: 'Q\nHello there' });
  });

  it('reads the text as a browser shows it: entities decoded, a ">" inside an attribute, each block a line', () => {
    const html = `<title>Caf&eacute; &amp; bar</title><main data-note="a > b"><p>Add <code>&lt;script type=&quot;module&quot;&gt;</code> to the head.</p><h2>Shop</h2><p>Visit&nbsp;us</p>
      <div data-block-json='{"rule": "x > y"}'><p>In<b>side</b></p></div><noscript><p>No script</p></noscript><template><p>Later</p></template></main>`;
    // The old reader (tags cut out by a pattern) showed the FAQ's code as &lt;script type=&quot;module&quot;&gt; in results.
    expect(pageText(html)).toEqual({ title: 'Café & bar', text: 'Add <script type="module"> to the head.\nShop\nVisit us\nInside' });
    expect(pageText('<p>no main</p>')).toEqual({ title: '', text: '' });
  });

  it('shows the text around the first word found, cut at words, blocks apart, the words found marked', () => {
    const text = pageText(`<main><h2>Wedding registry</h2><p>Our registry on <b>Zola</b></p><h2>Shop</h2><p><a href="/shop">Visit the shop</a></p>
      <h2>Studio in numbers</h2><p>Visitors and print sales grew through the spring.</p><h2>Support the studio</h2><p>Book a table: call us on 555-0100.</p></main>`).text;
    // Before: "Wedding registry Our registry on Zola Shop Visit the shop Studio in numbers Visitors…", no word marked.
    expect(snippetHtml(text, 'studi')).toBe(
      'Wedding registry · Our registry on Zola · Shop · Visit the shop · <mark>Studio</mark> in numbers · Visitors and print sales grew through the spring. Support the <mark>studio</mark> · Book a table: call us on 555-0100.',
    );
    expect(snippetHtml(text, 'PRINT sales')).toContain('Visitors and <mark>print</mark> <mark>sales</mark> grew');
    expect(snippetHtml(text, 'rint')).not.toContain('<mark>'); // words are found from their start, as the index finds them
    const long = `${'Lorem ipsum dolor sit amet. '.repeat(20)}<Harbour> & prints.`;
    const around = snippetHtml(long, 'harbour');
    expect(around).toMatch(/^…(Lorem|ipsum|dolor|sit|amet\.) /); // from a word's start
    expect(around).toContain('&lt;<mark>Harbour</mark>&gt; &amp; prints.');
    expect(snippetHtml(long, 'lorem')).toMatch(/ipsum…$/); // to a word's end, marked where the window shows it
    expect(snippetHtml(long, 'lorem').match(/<mark>/g)!.length).toBeGreaterThan(1);
  });

  it('escapes what it shows', () => {
    const html = renderResults('<b>accordion</b>', []);
    expect(html).toContain('0 results for “&lt;b&gt;accordion&lt;/b&gt;”');
    expect(html).not.toContain('<b>');
    expect(renderResults('', [])).toBe('');
  });
});

// The index in the database, on both engines: every word must match (as a word or its start), titles first.
describe.each(ENGINES)('full-text search on %s', (engine) => {
  const pages = [
    { path: '/faq', title: 'FAQ', text: 'This accordion allows several items open at once.' },
    { path: '/gallery', title: 'Galleries', text: 'Every gallery design, with an accordion of notes.' },
    { path: '/plain', title: 'Plain', text: 'Nothing here\nCafé au lait.' }, // a line for each block (pageText)
  ];
  let store: Awaited<ReturnType<typeof freshStorage>>;
  beforeAll(async () => {
    store = await freshStorage(engine);
    expect(await syncSitePages(store, pages)).toBe(true);
    expect(await syncSitePages(store, pages)).toBe(false); // unchanged: not rebuilt
  });
  afterAll(async () => store.remove());

  it('matches every word, word starts too, title matches first', async () => {
    const paths = async (query: string) => (await searchSitePages(store, query)).map((page) => page.path);
    expect(await paths('accordion')).toEqual(['/faq', '/gallery']);
    expect(await paths('galleries accordion')).toEqual(['/gallery']);
    expect(await paths('Galler')).toEqual(['/gallery']);
    expect(await paths('gallery')).toEqual(['/gallery']);
    expect(await paths('lait')).toEqual(['/plain']);
    expect(await paths('here café')).toEqual(['/plain']);
    expect(await paths('   ')).toEqual([]);
    expect(await paths('"); DROP TABLE site_pages; --')).toEqual([]);
    expect(await paths('accordion OR plain')).toEqual([]);
  });

  it('follows the pages when they change', async () => {
    expect(await syncSitePages(store, [...pages, { path: '/new', title: 'New', text: 'An etching.' }])).toBe(true);
    expect((await searchSitePages(store, 'etching')).map((page) => page.path)).toEqual(['/new']);
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
