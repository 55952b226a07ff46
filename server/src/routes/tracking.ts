import type { FastifyInstance } from 'fastify';
import { crumbQuery } from '../schemas';
import { MAX_JSON_DEPTH, isJsonObject, parseVisitorJson } from '../security/json-depth';
import { QUICK_VIEW_ROUTE_PATH, RECORD_HIT_PATH, TRACK_PATH } from '../../../contract/api/paths';
import { recordHitBodySchema, type RecordHit } from '../../../contract/model/api/record-hit';
import { OWNER_PATHS } from '../../../contract/api/owner-paths';
import type { PageViewsAnswer } from '../../../contract/api/owner-answers';

const MARKETING = ['source', 'campaign', 'subcampaign', 'channel', 'subchannel', 'variation', 'mkwid'];
const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;
/** A transparent 1×1 GIF, the Track image's answer. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

function parseData(data: string): Record<string, unknown> | null {
  const parsed = parseVisitorJson(data);
  return isJsonObject(parsed) ? parsed : null;
}

const str = (value: unknown, max: number) => (typeof value === 'string' ? value.slice(0, max) : null);

export default async function trackingRoutes(app: FastifyInstance): Promise<void> {
  const insertHit = app.db.prepare(
    'INSERT INTO census_hits (event, path, referrer, website_id, visitor_id, data_json, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );

  app.post(RECORD_HIT_PATH, { schema: { querystring: crumbQuery, body: recordHitBodySchema } }, async (request, reply) => {
    const hits = (Array.isArray(request.body) ? request.body : [request.body]) as RecordHit[];
    const parsed = hits.map((hit) => ({ hit, data: parseData(hit.data) }));
    if (parsed.some(({ data }) => !data)) return reply.code(400).send({ error: `Each hit needs data as a JSON object string, nested at most ${MAX_JSON_DEPTH} deep.` });
    const now = Date.now();
    app.db.transaction(() => {
      for (const { hit, data } of parsed) {
        const visitor = hit.ss_cvr?.split('|')[0] ?? null;
        insertHit.run(hit.event, str(data!.url, 2048) ?? '/', str(data!.referrer, 2048), str(data!.websiteId, 64), visitor, JSON.stringify(data), now);
      }
    })();
    return {};
  });

  app.get(
    TRACK_PATH,
    {
      // An image request cannot add the crumb header, and changes nothing a visitor owns.
      config: { crumb: false },
      schema: {
        querystring: {
          type: 'object',
          required: ['landing'],
          properties: { ...crumbQuery.properties, landing: text(2048), refer: text(2048), rk: text(32), lang: text(35), screen: text(20), ...Object.fromEntries(MARKETING.map((name) => [name, text(256)])) },
        },
      },
    },
    async (request, reply) => {
      const query = request.query as Record<string, string | undefined>;
      const marketing = Object.fromEntries(MARKETING.filter((name) => query[name]).map((name) => [name, query[name]]));
      app.db
        .prepare('INSERT INTO track_hits (landing, refer, lang, screen, marketing_json, created_at) VALUES (?, ?, ?, ?, ?, ?)')
        .run(query.landing, query.refer ?? null, query.lang ?? null, query.screen ?? null, JSON.stringify(marketing), Date.now());
      return reply.type('image/gif').header('Cache-Control', 'no-store').send(PIXEL);
    },
  );

  // Quick views of a collection item (spec part 1 §7): counted, answer not shown.
  app.post(
    QUICK_VIEW_ROUTE_PATH,
    { schema: { querystring: crumbQuery, params: { type: 'object', properties: { id: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' } } } } },
    async (request) => {
      const { id } = request.params as { id: string };
      insertHit.run('quickView', `/quick-view/${id}`, null, null, null, JSON.stringify({ itemId: id }), Date.now());
      return {};
    },
  );

  app.get(OWNER_PATHS.pageviews, { schema: { querystring: crumbQuery } }, async (): Promise<PageViewsAnswer> => {
    const db = app.db;
    const views = "event = 'pageView'";
    return {
      total: (db.prepare(`SELECT COUNT(*) AS n FROM census_hits WHERE ${views}`).get() as { n: number }).n,
      perDay: db.prepare(`SELECT date(created_at / 1000, 'unixepoch') AS day, COUNT(*) AS views FROM census_hits WHERE ${views} GROUP BY day ORDER BY day DESC LIMIT 90`).all() as PageViewsAnswer['perDay'],
      perPath: db.prepare(`SELECT path, COUNT(*) AS views FROM census_hits WHERE ${views} GROUP BY path ORDER BY views DESC LIMIT 100`).all() as PageViewsAnswer['perPath'],
      referrers: db
        .prepare(`SELECT referrer, COUNT(*) AS views FROM census_hits WHERE ${views} AND referrer IS NOT NULL AND referrer != '' GROUP BY referrer ORDER BY views DESC LIMIT 50`)
        .all() as PageViewsAnswer['referrers'],
      visitors: (db.prepare(`SELECT COUNT(DISTINCT visitor_id) AS n FROM census_hits WHERE ${views}`).get() as { n: number }).n,
    };
  });
}
