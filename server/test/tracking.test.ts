import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { countRows, OWNER, rows, startTestServer, type TestServer, VIEWER, visitor } from './helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const hit = (url: string, event = 'pageView') => ({ event, data: JSON.stringify({ url, websiteId: 'w', referrer: 'https://ref.test/' }), ss_cvr: 'v1|1|1|1|1' });

describe('census RecordHit', () => {
  it('stores a single hit or a batch sent as text/plain by a beacon', async () => {
    const client = await visitor(server.app);
    const single = await client.inject({ method: 'POST', url: '/api/census/RecordHit', payload: JSON.stringify(hit('/a')), headers: { 'content-type': 'text/plain;charset=UTF-8' } });
    expect(single.statusCode).toBe(200);
    const batch = await client.inject({ method: 'POST', url: '/api/census/RecordHit', payload: [hit('/a'), hit('/b'), hit('/b', 'heartbeat')] });
    expect(batch.statusCode).toBe(200);
    const stored = await rows(server, "SELECT path, event, visitor_id AS visitor FROM census_hits WHERE visitor_id = 'v1' ORDER BY id");
    expect(stored).toEqual([
      { path: '/a', event: 'pageView', visitor: 'v1' },
      { path: '/a', event: 'pageView', visitor: 'v1' },
      { path: '/b', event: 'pageView', visitor: 'v1' },
      { path: '/b', event: 'heartbeat', visitor: 'v1' },
    ]);
  });

  it('refuses bad input and stores none of a bad batch', async () => {
    const client = await visitor(server.app);
    const before = await countRows(server, 'census_hits');
    const badData = await client.inject({ method: 'POST', url: '/api/census/RecordHit', payload: [hit('/ok'), { event: 'pageView', data: 'not json' }] });
    expect(badData.statusCode).toBe(400);
    expect((await client.inject({ method: 'POST', url: '/api/census/RecordHit', payload: { event: 'explode', data: '{}' } })).statusCode).toBe(400);
    expect((await client.inject({ method: 'POST', url: '/api/census/RecordHit', payload: 'not json', headers: { 'content-type': 'text/plain' } })).statusCode).toBe(400);
    expect(await countRows(server, 'census_hits')).toBe(before);
  });
});

describe('Track pixel and owner page views', () => {
  it('answers a GIF without a crumb and stores the landing with its marketing parameters', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/track/Track?landing=%2Fshop&refer=x&rk=1&lang=en&screen=1x1&source=mail&other=x' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/gif');
    const [row] = await rows<{ landing: string; marketing_json: string }>(server, "SELECT landing, marketing_json FROM track_hits WHERE landing = '/shop'");
    expect(JSON.parse(row!.marketing_json)).toEqual({ source: 'mail' });
  });

  it('gives the owner counts per day, per path and referrers; nobody else', async () => {
    const anonymous = await visitor(server.app);
    expect((await anonymous.inject({ method: 'GET', url: '/api/owner/pageviews' })).statusCode).toBe(401);
    const viewer = await visitor(server.app);
    await viewer.inject({ method: 'POST', url: '/api/auth/Login', payload: VIEWER });
    expect((await viewer.inject({ method: 'GET', url: '/api/owner/pageviews' })).statusCode).toBe(403);
    const owner = await visitor(server.app);
    await owner.inject({ method: 'POST', url: '/api/auth/Login', payload: OWNER });
    const pageViews = async () => (await owner.inject({ method: 'GET', url: '/api/owner/pageviews' })).json();
    const before = await pageViews();
    // Paths, a referrer and a visitor of its own: other tests' hits may be counted too.
    const own = (url: string, event = 'pageView') => ({ event, data: JSON.stringify({ url, websiteId: 'w', referrer: 'https://stats.test/' }), ss_cvr: 'v-stats|1|1|1|1' });
    const client = await visitor(server.app);
    expect((await client.inject({ method: 'POST', url: '/api/census/RecordHit', payload: [own('/stats-a'), own('/stats-a'), own('/stats-b'), own('/stats-b', 'heartbeat')] })).statusCode).toBe(200);
    const stats = await pageViews();
    expect(stats.perPath).toEqual(expect.arrayContaining([{ path: '/stats-a', views: 2 }, { path: '/stats-b', views: 1 }]));
    expect(stats.referrers).toEqual(expect.arrayContaining([{ referrer: 'https://stats.test', views: 3 }]));
    expect(stats.total - before.total).toBe(3);
    expect(stats.perDay[0].views - (before.perDay[0]?.views ?? 0)).toBe(3); // newest day first
    expect(stats.visitors - before.visitors).toBe(1);
  });
});

describe('campaigns', () => {
  it("count landings by the pixel's source, channel and campaign, else the landing's utm_source, utm_medium and utm_campaign; a landing with neither a source nor a campaign not at all", async () => {
    const owner = await visitor(server.app);
    await owner.inject({ method: 'POST', url: '/api/auth/Login', payload: OWNER });
    const campaigns = async () => ((await owner.inject({ method: 'GET', url: '/api/owner/pageviews' })).json() as { campaigns: Array<{ source: string; channel: string; campaign: string; landings: number }> }).campaigns;
    const land = async (query: Record<string, string>) => {
      const answer = await server.app.inject({ method: 'GET', url: `/api/track/Track?${new URLSearchParams(query)}` });
      expect(answer.statusCode).toBe(200);
    };
    const before = await campaigns();
    await land({ landing: '/offers?source=partner-site&campaign=spring-prints', source: 'partner-site', campaign: 'spring-prints' });
    await land({ landing: '/offers?source=partner-site&campaign=spring-prints', source: 'partner-site', campaign: 'spring-prints' });
    await land({ landing: '/offers?source=partner-site&channel=banner&campaign=spring-prints', source: 'partner-site', channel: 'banner', campaign: 'spring-prints' });
    await land({ landing: '/news?utm_source=mailing&utm_campaign=winter-notes&utm_medium=email' });
    // The pixel's own parameter wins over the address's utm_ one; a campaign without a source counts too.
    await land({ landing: '/news?utm_source=ignored&utm_medium=ignored&utm_campaign=only-campaign', source: 'spec-source', channel: 'spec-channel' });
    await land({ landing: '/news?utm_campaign=lone-campaign' });
    await land({ landing: '/plain-landing' });
    // A channel alone names no campaign.
    await land({ landing: '/news?utm_medium=email', channel: 'email' });
    const same = (a: { source: string; channel: string; campaign: string }, b: typeof a) => a.source === b.source && a.channel === b.channel && a.campaign === b.campaign;
    const added = (await campaigns()).map((row) => ({ ...row, landings: row.landings - (before.find((old) => same(old, row))?.landings ?? 0) })).filter((row) => row.landings > 0);
    expect(added).toEqual(
      expect.arrayContaining([
        { source: 'partner-site', channel: '', campaign: 'spring-prints', landings: 2 },
        { source: 'partner-site', channel: 'banner', campaign: 'spring-prints', landings: 1 },
        { source: 'mailing', channel: 'email', campaign: 'winter-notes', landings: 1 },
        { source: 'spec-source', channel: 'spec-channel', campaign: 'only-campaign', landings: 1 },
        { source: '', channel: '', campaign: 'lone-campaign', landings: 1 },
      ]),
    );
    expect(added).toHaveLength(5);
  });
});

describe('referring sites', () => {
  it("count by site: another site's whole address as its origin, the site's own pages and what is no address not at all; the hit keeps what the browser said", async () => {
    // The site's pages on a host of their own (a theme host), the API here.
    const apart = await startTestServer({ siteOrigins: ['https://site.example'] });
    onTestFinished(() => apart.close());
    const owner = await visitor(apart.app);
    await owner.inject({ method: 'POST', url: '/api/auth/Login', payload: OWNER });
    const referrers = async () => ((await owner.inject({ method: 'GET', url: '/api/owner/pageviews' })).json() as { referrers: Array<{ referrer: string; views: number }> }).referrers;
    const from = (referrer: string) => ({ event: 'pageView', data: JSON.stringify({ url: '/referred', websiteId: 'w', referrer }), ss_cvr: 'v-referred|1|1|1|1' });
    const client = await visitor(apart.app);
    const sent = await client.inject({
      method: 'POST',
      url: '/api/census/RecordHit',
      // The page's origin, as the browser sends it with the hit.
      headers: { origin: 'https://site.example' },
      payload: [
        from('https://search.example/results?q=private+words'),
        from('https://search.example/'),
        from('https://site.example/faq?from=menu'),
        from('https://SITE.example:443/news'),
        from('android-app://com.example.mail/'),
        from('not an address'),
        from(''),
      ],
    });
    expect(sent.statusCode).toBe(200);
    const stored = await rows<{ referrer: string | null; data_json: string }>(apart, "SELECT referrer, data_json FROM census_hits WHERE visitor_id = 'v-referred' ORDER BY id");
    expect(stored.map((row) => row.referrer)).toEqual(['https://search.example', 'https://search.example', null, null, 'android-app://com.example.mail', null, null]);
    expect(JSON.parse(stored[0]!.data_json).referrer).toBe('https://search.example/results?q=private+words');
    const counted = await referrers();
    expect(counted).toEqual(expect.arrayContaining([{ referrer: 'https://search.example', views: 2 }, { referrer: 'android-app://com.example.mail', views: 1 }]));
    expect(counted.some(({ referrer }) => referrer.includes('site.example') || referrer.includes('words'))).toBe(false);
  });
});

describe('RecordQuickView', () => {
  it('counts a quick view and refuses odd ids', async () => {
    const client = await visitor(server.app);
    expect((await client.inject({ method: 'POST', url: '/api/census/RecordQuickView/item-1' })).statusCode).toBe(200);
    expect((await client.inject({ method: 'POST', url: '/api/census/RecordQuickView/..%2Fx' })).statusCode).toBe(400);
  });
});
